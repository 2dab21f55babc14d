package cardplatformtest_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

func disbursement(t *testing.T) cardplatform.DisbursementDTO {
	return cardplatform.DisbursementDTO{ProgramGUID: mustGUID(t, cardplatformtest.DefaultProgramGUID), Amount: dec(t, "25.00"),
		Person: cardplatform.Person{FirstName: "Pat", LastName: "Payee"}}
}

// TestDropAfterReadMakesTheOutcomeUnknown is the read-back case: the platform read the
// disbursement and the connection broke before any answer.
func TestDropAfterReadMakesTheOutcomeUnknown(t *testing.T) {
	e := newEnv(t)
	require.NoError(t, e.srv.FailNext("CreateDisbursement", 1, cardplatformtest.Fault{Drop: true}))
	_, err := e.client.CreateDisbursement(context.Background(), disbursement(t))
	require.Error(t, err)
	assert.ErrorIs(t, err, core.ErrOutcomeUnknown)

	seen := e.srv.RequestsFor("CreateDisbursement")
	require.Len(t, seen, 1, "the request reached the sandbox exactly once: it was not re-sent")
	assert.Equal(t, "POST", seen[0].Method)
	assert.Equal(t, "/api/v1/disbursements", seen[0].Path)
	assert.Contains(t, string(seen[0].RevealBody()), `"amount":25.00`)
	assert.Equal(t, "Bearer ****", seen[0].RevealHeader().Get("Authorization"), "the token is masked")
	assert.NotContains(t, seen[0].RevealHeader().Get("Authorization"), e.srv.Token())

	d, err := e.client.CreateDisbursement(context.Background(), disbursement(t))
	require.NoError(t, err, "the fault applied to one call only")
	assert.Equal(t, cardplatformtest.DisbursementStatusQueued, d.Status)
}

func TestStatusFaultsAndRetries(t *testing.T) {
	e := newEnv(t)
	proxy := cardOf(e.newCard())["card_proxy"].(string)
	require.NoError(t, e.srv.FailNext("GetCard", 2, cardplatformtest.Fault{Status: 503, Header: http.Header{"Retry-After": {"0"}}}))
	e.srv.ResetRequests()
	card, err := e.client.GetCard(context.Background(), proxy)
	require.NoError(t, err, "a read is retried past two 503s")
	assert.Equal(t, proxy, card.CardProxy)
	assert.Len(t, e.srv.RequestsFor("GetCard"), 3)

	require.NoError(t, e.srv.FailNext("CreateDisbursement", 1, cardplatformtest.Fault{Status: 503}))
	_, err = e.client.CreateDisbursement(context.Background(), disbursement(t))
	assert.ErrorIs(t, err, core.ErrServerError)
	assert.Len(t, e.srv.RequestsFor("CreateDisbursement"), 1, "never re-sent")

	require.NoError(t, e.srv.FailNext("GetCard", 1, cardplatformtest.Fault{Status: 404}))
	r := e.do("GET", "/cards/"+proxy, nil)
	assert.Equal(t, http.StatusNotFound, r.status)
	assert.EqualValues(t, 404, r.json(t)["status"], "getCard's 404 has a body")
	require.NoError(t, e.srv.FailNext("ReplaceCard", 1, cardplatformtest.Fault{Status: 404}))
	r = e.do("POST", "/cards/"+proxy+"/replace", map[string]any{})
	assert.Equal(t, http.StatusNotFound, r.status)
	assert.Empty(t, r.body, "replaceCard's 404 has none")
	assert.Equal(t, "PENDING", e.do("GET", "/cards/"+proxy, nil).json(t)["card_status"], "the faulted call did not run")
}

func TestDelayFault(t *testing.T) {
	e := newEnv(t)
	proxy := cardOf(e.newCard())["card_proxy"].(string)
	require.NoError(t, e.srv.FailNext("GetCard", 1, cardplatformtest.Fault{Delay: 50 * time.Millisecond}))
	start := time.Now()
	assert.Equal(t, http.StatusOK, e.do("GET", "/cards/"+proxy, nil).status, "a delay alone runs the operation late")
	assert.GreaterOrEqual(t, time.Since(start), 50*time.Millisecond)

	require.NoError(t, e.srv.FailNext("GetCard", 1, cardplatformtest.Fault{Delay: time.Minute}))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	c, err := cardplatform.New(e.srv.URL, core.WithStaticToken(e.srv.Token()), core.WithRetry(core.RetryOptions{MaxAttempts: 1}))
	require.NoError(t, err)
	_, err = c.GetCard(ctx, proxy)
	assert.True(t, errors.Is(err, context.DeadlineExceeded) || errors.Is(err, core.ErrTimeout), "%v", err)
}

func TestDelayEndsWhenTheSandboxCloses(t *testing.T) {
	srv, err := cardplatformtest.Start()
	require.NoError(t, err)
	require.NoError(t, srv.FailNext("GetCard", 1, cardplatformtest.Fault{Delay: time.Hour}))
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
	assert.Error(t, srv.FailNext("GetCard", 0, cardplatformtest.Fault{Status: 500}))
	assert.Error(t, srv.FailNext("GetCard", 1, cardplatformtest.Fault{Status: 42}))
	assert.Error(t, srv.FailNext("GetCard", 1, cardplatformtest.Fault{}))
}

func TestRequestsAreCopies(t *testing.T) {
	e := newEnv(t)
	e.do("POST", "/cards/validate", map[string]any{"card_number": "4111111111111111"})
	got := e.srv.Requests()
	require.Len(t, got, 1)
	assert.Equal(t, "validateCard", got[0].OperationID)
	got[0].Body[0] = 'X'
	got[0].Header.Set("X", "y")
	got[0].RevealHeader().Set("X", "y")
	again := e.srv.Requests()[0]
	assert.Equal(t, byte('{'), again.Body[0])
	assert.Empty(t, again.Header.Get("X"))
	assert.Empty(t, again.RevealHeader().Get("X"))
}

// TestFailNextByMethodName: FailNext took only the spec's operation ids ("getCard"), a name the
// user never types: the client's method is GetCard, and an iterator (Cards) has no operation
// of its name. It takes the method a user calls; an unknown name is an error matching
// ErrUnknownOperation that suggests the method, never a silent no-op.
func TestFailNextByMethodName(t *testing.T) {
	e := newEnv(t)
	proxy := cardOf(e.newCard())["card_proxy"].(string)

	require.NoError(t, e.srv.FailNext("GetCard", 1, cardplatformtest.Fault{Status: 404}))
	_, err := e.client.GetCard(context.Background(), proxy)
	require.ErrorIs(t, err, core.ErrNotFound, "the fault named by the method applied")
	_, err = e.client.GetCard(context.Background(), proxy)
	require.NoError(t, err)
	assert.Len(t, e.srv.RequestsFor("GetCard"), 2, "RequestsFor takes the method name too")

	require.NoError(t, e.srv.FailNext("Cards", 1, cardplatformtest.Fault{Status: 400}))
	for _, err := range e.client.Cards(context.Background(), cardplatform.SearchCardsRequest{}) {
		require.ErrorIs(t, err, core.ErrBadRequest, "the iterator's page request failed")
		break
	}

	require.NoError(t, e.srv.FailNext("CreateDisbursement", 1, cardplatformtest.Fault{Drop: true}))
	_, err = e.client.CreateDisbursement(context.Background(), disbursement(t))
	require.ErrorIs(t, err, core.ErrOutcomeUnknown)

	require.NoError(t, e.srv.FailNext("getCard", 1, cardplatformtest.Fault{Delay: time.Millisecond}), "the operation id is still accepted")

	for _, name := range []string{"GetCards", "getcard", "", "Close"} {
		err := e.srv.FailNext(name, 1, cardplatformtest.Fault{Status: 500})
		require.ErrorIs(t, err, cardplatformtest.ErrUnknownOperation, "%q", name)
		assert.Contains(t, err.Error(), fmt.Sprintf("%q", name))
	}
	assert.Contains(t, e.srv.FailNext("getcard", 1, cardplatformtest.Fault{Status: 500}).Error(), "did you mean GetCard?")
	assert.Panics(t, func() { e.srv.RequestsFor("GetCards") }, "a typo in RequestsFor is not an empty list")
}

// TestFailNextTakesEveryClientMethod: every method of *cardplatform.Client that calls the
// platform (takes a context first) names an operation FailNext accepts, iterators and
// hand-written methods included: a new method without its operation fails here.
func TestFailNextTakesEveryClientMethod(t *testing.T) {
	e := newEnv(t)
	ctxType := reflect.TypeOf((*context.Context)(nil)).Elem()
	typ := reflect.TypeOf(e.client)
	n := 0
	for i := 0; i < typ.NumMethod(); i++ {
		m := typ.Method(i)
		if m.Type.NumIn() < 2 || m.Type.In(1) != ctxType {
			continue
		}
		n++
		assert.NoError(t, e.srv.FailNext(m.Name, 1, cardplatformtest.Fault{Delay: time.Nanosecond}), m.Name)
	}
	assert.Greater(t, n, 60)
}
