package cardplatformtest_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
)

func disbursement(t *testing.T) cardplatform.DisbursementDTO {
	return cardplatform.DisbursementDTO{ProgramGUID: mustGUID(t, cardplatformtest.DefaultProgramGUID), Amount: dec(t, "25.00"),
		Person: cardplatform.Person{FirstName: "Pat", LastName: "Payee"}}
}

// TestDropAfterReadMakesTheOutcomeUnknown is the reconciliation case: the platform read the
// disbursement and the connection broke before any answer.
func TestDropAfterReadMakesTheOutcomeUnknown(t *testing.T) {
	e := newEnv(t)
	require.NoError(t, e.srv.FailNext("createDisbursement", 1, cardplatformtest.Fault{Drop: true}))
	_, err := e.client.CreateDisbursement(context.Background(), disbursement(t))
	require.Error(t, err)
	assert.ErrorIs(t, err, cardplatform.ErrOutcomeUnknown)

	seen := e.srv.RequestsFor("createDisbursement")
	require.Len(t, seen, 1, "the request reached the sandbox exactly once: it was not re-sent")
	assert.Equal(t, "POST", seen[0].Method)
	assert.Equal(t, "/api/v1/disbursements", seen[0].Path)
	assert.Contains(t, string(seen[0].Body), `"amount":25.00`)
	assert.Equal(t, "Bearer ****", seen[0].Header.Get("Authorization"), "the token is masked")
	assert.NotContains(t, seen[0].Header.Get("Authorization"), e.srv.Token())

	d, err := e.client.CreateDisbursement(context.Background(), disbursement(t))
	require.NoError(t, err, "the fault applied to one call only")
	assert.Equal(t, cardplatformtest.DisbursementStatusQueued, d.Status)
}

func TestStatusFaultsAndRetries(t *testing.T) {
	e := newEnv(t)
	proxy := cardOf(e.newCard())["card_proxy"].(string)
	require.NoError(t, e.srv.FailNext("getCard", 2, cardplatformtest.Fault{Status: 503, Header: http.Header{"Retry-After": {"0"}}}))
	e.srv.ResetRequests()
	card, err := e.client.GetCard(context.Background(), proxy)
	require.NoError(t, err, "a read is retried past two 503s")
	assert.Equal(t, proxy, card.CardProxy)
	assert.Len(t, e.srv.RequestsFor("getCard"), 3)

	require.NoError(t, e.srv.FailNext("createDisbursement", 1, cardplatformtest.Fault{Status: 503}))
	_, err = e.client.CreateDisbursement(context.Background(), disbursement(t))
	assert.ErrorIs(t, err, cardplatform.ErrServerError)
	assert.Len(t, e.srv.RequestsFor("createDisbursement"), 1, "never re-sent")

	require.NoError(t, e.srv.FailNext("getCard", 1, cardplatformtest.Fault{Status: 404}))
	r := e.do("GET", "/cards/"+proxy, nil)
	assert.Equal(t, http.StatusNotFound, r.status)
	assert.EqualValues(t, 404, r.json(t)["status"], "getCard's 404 has a body")
	require.NoError(t, e.srv.FailNext("replaceCard", 1, cardplatformtest.Fault{Status: 404}))
	r = e.do("POST", "/cards/"+proxy+"/replace", map[string]any{})
	assert.Equal(t, http.StatusNotFound, r.status)
	assert.Empty(t, r.body, "replaceCard's 404 has none")
	assert.Equal(t, "PENDING", e.do("GET", "/cards/"+proxy, nil).json(t)["card_status"], "the faulted call did not run")
}

func TestDelayFault(t *testing.T) {
	e := newEnv(t)
	proxy := cardOf(e.newCard())["card_proxy"].(string)
	require.NoError(t, e.srv.FailNext("getCard", 1, cardplatformtest.Fault{Delay: 50 * time.Millisecond}))
	start := time.Now()
	assert.Equal(t, http.StatusOK, e.do("GET", "/cards/"+proxy, nil).status, "a delay alone runs the operation late")
	assert.GreaterOrEqual(t, time.Since(start), 50*time.Millisecond)

	require.NoError(t, e.srv.FailNext("getCard", 1, cardplatformtest.Fault{Delay: time.Minute}))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	c, err := cardplatform.New(e.srv.URL, cardplatform.WithStaticToken(e.srv.Token()), cardplatform.WithRetry(cardplatform.RetryOptions{MaxAttempts: 1}))
	require.NoError(t, err)
	_, err = c.GetCard(ctx, proxy)
	assert.True(t, errors.Is(err, context.DeadlineExceeded) || errors.Is(err, cardplatform.ErrTimeout), "%v", err)
}

func TestDelayEndsWhenTheSandboxCloses(t *testing.T) {
	srv, err := cardplatformtest.Start()
	require.NoError(t, err)
	require.NoError(t, srv.FailNext("getCard", 1, cardplatformtest.Fault{Delay: time.Hour}))
	done := make(chan error, 1)
	go func() {
		_, err := srv.Client().GetCard(context.Background(), "1")
		done <- err
	}()
	require.Eventually(t, func() bool { return len(srv.Requests()) == 1 }, 5*time.Second, 5*time.Millisecond)
	closed := make(chan struct{})
	go func() { srv.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(5 * time.Second):
		t.Fatal("Close waited for the delayed request")
	}
	<-done
}

func TestFailNextRefusesNonsense(t *testing.T) {
	srv := cardplatformtest.NewServer(t)
	assert.Error(t, srv.FailNext("noSuchOperation", 1, cardplatformtest.Fault{Status: 500}))
	assert.Error(t, srv.FailNext("getCard", 0, cardplatformtest.Fault{Status: 500}))
	assert.Error(t, srv.FailNext("getCard", 1, cardplatformtest.Fault{Status: 42}))
	assert.Error(t, srv.FailNext("getCard", 1, cardplatformtest.Fault{}))
}

func TestRequestsAreCopies(t *testing.T) {
	e := newEnv(t)
	e.do("POST", "/cards/validate", map[string]any{"card_number": "4111111111111111"})
	got := e.srv.Requests()
	require.Len(t, got, 1)
	assert.Equal(t, "validateCard", got[0].OperationID)
	got[0].Body[0] = 'X'
	got[0].Header.Set("X", "y")
	again := e.srv.Requests()[0]
	assert.Equal(t, byte('{'), again.Body[0])
	assert.Empty(t, again.Header.Get("X"))
}
