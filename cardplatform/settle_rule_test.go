package cardplatform_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

var settled = cardplatform.SettleOptions{Settle: time.Millisecond}

// TestSettleStateNeverGuesses: a generated Settle method answers StillUnknown, not NotCommitted
// or Committed, when the evidence allows two readings: another writer set a third value
// after the lost write, or the record already held the value before sending.
func TestSettleStateNeverGuesses(t *testing.T) {
	ctx := context.Background()
	srv := cardplatformtest.NewServer(t)
	c := srv.Client()

	proxy := newCard(t, c).Card.CardProxy
	req := cardplatform.CardStatusDTO{CardStatus: "SUSPENDED"}
	snap, err := c.SnapshotChangeCardStatus(ctx, proxy, req)
	require.NoError(t, err)
	require.NoError(t, srv.FailNext("ChangeCardStatus", 1, cardplatformtest.Fault{Drop: true}))
	_, err = c.ChangeCardStatus(ctx, proxy, req)
	require.ErrorIs(t, err, core.ErrOutcomeUnknown)
	_, err = c.ChangeCardStatus(ctx, proxy, cardplatform.CardStatusDTO{CardStatus: "CLOSED"}) // another writer
	require.NoError(t, err)
	time.Sleep(5 * time.Millisecond)
	r, err := c.SettleChangeCardStatus(ctx, snap, settled)
	require.NoError(t, err)
	assert.Equal(t, cardplatform.StillUnknown, r.Outcome, r.Evidence)
	assert.Contains(t, r.Evidence, "another writer")

	// Already SUSPENDED before sending: whether this write ran cannot be told.
	snap, err = c.SnapshotChangeCardStatus(ctx, proxy, cardplatform.CardStatusDTO{CardStatus: "CLOSED"})
	require.NoError(t, err)
	assert.True(t, snap.Already)
	require.NoError(t, srv.FailNext("ChangeCardStatus", 1, cardplatformtest.Fault{DropAnswer: true}))
	_, err = c.ChangeCardStatus(ctx, proxy, cardplatform.CardStatusDTO{CardStatus: "CLOSED"})
	require.ErrorIs(t, err, core.ErrOutcomeUnknown)
	time.Sleep(5 * time.Millisecond)
	r, err = c.SettleChangeCardStatus(ctx, snap, settled)
	require.NoError(t, err)
	assert.Equal(t, cardplatform.StillUnknown, r.Outcome, r.Evidence)

	// A snapshot of another write is refused.
	_, err = c.SettleActivateCard(ctx, snap, settled)
	require.ErrorIs(t, err, core.ErrInvalidArgument)
	// A request that sets nothing has nothing to read back, and nothing is read.
	srv.ResetRequests()
	_, err = c.SnapshotChangeCardStatus(ctx, proxy, cardplatform.CardStatusDTO{})
	require.ErrorIs(t, err, core.ErrInvalidArgument)
	assert.Empty(t, srv.Requests())
}

// TestSettleDeltaAndNewNeverGuess: a balance that moved by another amount, and two new
// bulk orders or one that does not match the request, answer StillUnknown.
func TestSettleDeltaAndNewNeverGuess(t *testing.T) {
	ctx := context.Background()
	srv := cardplatformtest.NewServer(t)
	c := srv.Client()

	acct := newAccount(t, c)
	adj := cardplatform.AdjustBalanceRequest{AccountGUID: acct, Amount: core.NewDecimalFromInt(1000, 2)}
	snap, err := c.SnapshotAdjustAccountBalance(ctx, adj)
	require.NoError(t, err)
	require.NoError(t, srv.FailNext("AdjustAccountBalance", 1, cardplatformtest.Fault{Drop: true}))
	_, err = c.AdjustAccountBalance(ctx, adj)
	require.ErrorIs(t, err, core.ErrOutcomeUnknown)
	_, err = c.AdjustAccountBalance(ctx, cardplatform.AdjustBalanceRequest{AccountGUID: acct, Amount: core.NewDecimalFromInt(7, 2)})
	require.NoError(t, err)
	time.Sleep(5 * time.Millisecond)
	r, err := c.SettleAdjustAccountBalance(ctx, snap, settled)
	require.NoError(t, err)
	assert.Equal(t, cardplatform.StillUnknown, r.Outcome, r.Evidence)

	order := cardplatform.BulkOrderRequest{ProgramGUID: program, CompanyGUID: company, Quantity: 10,
		Person: cardplatform.Person{FirstName: "Ada", LastName: "Lovelace"}}
	snap, err = c.SnapshotCreateBulkOrder(ctx, order)
	require.NoError(t, err)
	require.NoError(t, srv.FailNext("CreateBulkOrder", 1, cardplatformtest.Fault{DropAnswer: true}))
	_, err = c.CreateBulkOrder(ctx, order)
	require.ErrorIs(t, err, core.ErrOutcomeUnknown)
	other := order
	other.Quantity = 3
	_, err = c.CreateBulkOrder(ctx, other)
	require.NoError(t, err)
	r, err = c.SettleCreateBulkOrder(ctx, snap, settled)
	require.NoError(t, err)
	assert.Equal(t, cardplatform.StillUnknown, r.Outcome, "two new orders: %s", r.Evidence)
	assert.Len(t, r.New, 2)

	snap, err = c.SnapshotCreateBulkOrder(ctx, order)
	require.NoError(t, err)
	require.NoError(t, srv.FailNext("CreateBulkOrder", 1, cardplatformtest.Fault{Drop: true}))
	_, err = c.CreateBulkOrder(ctx, order)
	require.ErrorIs(t, err, core.ErrOutcomeUnknown)
	_, err = c.CreateBulkOrder(ctx, other)
	require.NoError(t, err)
	time.Sleep(5 * time.Millisecond)
	r, err = c.SettleCreateBulkOrder(ctx, snap, settled)
	require.NoError(t, err)
	assert.Equal(t, cardplatform.StillUnknown, r.Outcome, "one new order of another quantity: %s", r.Evidence)
}

// TestSettleAbsentFieldIsNotProof: a platform whose card answer lacks card_status (a member
// renamed, an answer cut short) before and after a lost activation gives StillUnknown, never
// NotCommitted: an absence read twice proves nothing.
func TestSettleAbsentFieldIsNotProof(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"card_proxy":"p1","cardStatus":"ACTIVE"}`))
			return
		}
		_, _ = io.Copy(io.Discard, r.Body)
		conn, _, err := w.(http.Hijacker).Hijack() // the platform acted, or not: the answer is lost
		if err == nil {
			_ = conn.Close()
		}
	}))
	defer srv.Close()
	c, err := cardplatform.New(srv.URL, core.WithStaticToken("tok"))
	require.NoError(t, err)
	ctx := context.Background()
	snap, err := c.SnapshotActivateCard(ctx, "p1", cardplatform.CardStatusDTO{})
	require.NoError(t, err)
	_, err = c.ActivateCard(ctx, "p1", cardplatform.CardStatusDTO{})
	require.ErrorIs(t, err, core.ErrOutcomeUnknown)
	time.Sleep(5 * time.Millisecond)
	r, err := c.SettleActivateCard(ctx, snap, settled)
	require.NoError(t, err)
	assert.Equal(t, cardplatform.StillUnknown, r.Outcome, r.Evidence)
}

// TestSnapshotRefusesAListingItCannotTrust: a listing whose total exceeds its items, or whose
// items lack their id, cannot prove that nothing new appeared: the snapshot is refused.
func TestSnapshotRefusesAListingItCannotTrust(t *testing.T) {
	for _, body := range []string{
		`{"items":[{"order_guid":"0b6f6a2e-8f43-4d8e-a8d5-2f1c9e7b4a10","quantity":10}],"total":2}`,
		`{"items":[{"quantity":10}],"total":1}`,
		`{"items":[],"total":"many"}`,
	} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(body))
		}))
		c, err := cardplatform.New(srv.URL, core.WithStaticToken("tok"))
		require.NoError(t, err)
		_, err = c.SnapshotCreateBulkOrder(context.Background(), cardplatform.BulkOrderRequest{ProgramGUID: program, CompanyGUID: company, Quantity: 10})
		assert.ErrorContains(t, err, "part of the listing", "%s", body)
		srv.Close()
	}
}
