package journal_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
)

// states is every State, for dumping a Store.
var states = []journal.State{journal.StatePending, journal.StateSending, journal.StateCommitted, journal.StateRefused, journal.StateReview}

// dump returns every entry of s, by state and key: the bytes Lookup must leave as they are.
func dump(t *testing.T, s journal.Store) []journal.Entry {
	t.Helper()
	var all []journal.Entry
	for _, st := range states {
		page, err := s.List(context.Background(), st, "", 1000)
		require.NoError(t, err)
		all = append(all, page...)
	}
	return all
}

// seen is the sandbox's request log as values (Request holds functions, which never compare
// equal): what Lookup must not add to.
type seen struct {
	op, method, path string
	header           map[string][]string
	body             []byte
	at               time.Time
}

func requestLog(f *fixture) []seen {
	var out []seen
	for _, r := range f.srv.Requests() {
		out = append(out, seen{r.OperationID, r.Method, r.Path, r.Header, r.Body, r.Time})
	}
	return out
}

// lookUp runs Lookup through j and proves it sent nothing and changed nothing: the Store's
// entries (every byte, the lease and fencing fields, UpdatedAt) and the sandbox's request log
// are the same before and after.
func lookUp[Req, Res any](t *testing.T, f *fixture, j *journal.Journal, w journal.Write[Req, Res], key string) (journal.Result[Res], error) {
	t.Helper()
	entries, requests := dump(t, f.store), requestLog(f)
	require.NotEmpty(t, entries)
	r, err := journal.Lookup(context.Background(), j, w, key)
	assert.Equal(t, entries, dump(t, f.store), "Lookup changed the Store")
	assert.Equal(t, requests, requestLog(f), "Lookup sent a request")
	return r, err
}

// TestLookupCommitted: a write the platform answered, and one whose answer was lost and a
// read-back proved: another process's Journal, holding no request, reads the same Result
// that Do returns, the answer decoded; in between, the lost one reads as sending.
func TestLookupCommitted(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	j := f.journal(t, "w1", quick)
	other := f.journal(t, "support", quick)

	done, err := journal.Do(ctx, j, journal.CreateDisbursement, "p", f.payout("p", 1250))
	require.NoError(t, err)
	require.NotNil(t, done.Response)
	r, err := lookUp(t, f, other, journal.CreateDisbursement, "p")
	require.NoError(t, err)
	assert.Equal(t, done, r, "the Result Do returned")
	assert.Equal(t, f.srv.Disbursements()[0].AccountGUID, r.Response.AccountGUID)

	f.fail(t, "CreateDisbursement", 1, cardplatformtest.Fault{DropAnswer: true})
	_, err = journal.Do(ctx, j, journal.CreateDisbursement, "q", f.payout("q", 300))
	settling(t, err)
	r, err = lookUp(t, f, other, journal.CreateDisbursement, "q")
	se := settling(t, err)
	assert.Equal(t, journal.StateSending, se.State)
	assert.Equal(t, "outcome unknown", se.Reason)
	assert.True(t, f.entry(t, "q").DueAt.Equal(se.DueAt), "due when Do and Recover would settle it")
	assert.Equal(t, journal.Result[cardplatform.DisbursementResponse]{Key: "q", State: journal.StateSending, Attempts: 1}, r)

	f.waitDue(t, "q")
	rep, err := j.Recover(ctx)
	require.NoError(t, err)
	require.Equal(t, 1, rep.Committed, "%+v", rep)
	r, err = lookUp(t, f, other, journal.CreateDisbursement, "q")
	require.NoError(t, err)
	assert.Equal(t, journal.StateCommitted, r.State)
	assert.Nil(t, r.Response, "the answer was lost")
	require.NotNil(t, r.ReadBack)
	assert.Equal(t, cardplatform.Committed, r.ReadBack.Outcome)
	done, err = journal.Do(ctx, j, journal.CreateDisbursement, "q", f.payout("q", 300))
	require.NoError(t, err)
	assert.Equal(t, done, r, "the Result Do returns")
	assert.Equal(t, 2, f.sent())
}

// TestLookupRefused: the platform refused the write with a validation problem (a 400); the
// lookup returns the Refusal Do returned, with its field errors and ids.
func TestLookupRefused(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	done, err := journal.Do(ctx, f.journal(t, "w1", quick), journal.CreateDisbursement, "p", f.payout("p", 0))
	require.NoError(t, err)
	require.Equal(t, journal.StateRefused, done.State)

	r, err := lookUp(t, f, f.journal(t, "support", quick), journal.CreateDisbursement, "p")
	require.NoError(t, err)
	assert.Equal(t, done, r)
	require.NotNil(t, r.Refusal)
	assert.Equal(t, 400, r.Refusal.Status)
	assert.Equal(t, map[string][]string{"amount": {"The field amount must be greater than 0."}}, r.Refusal.Errors)
	assert.NotEmpty(t, r.Refusal.TraceID)
	assert.Equal(t, f.srv.RequestsFor("CreateDisbursement")[0].Header.Get("X-CorrelationId"), r.Refusal.CorrelationID)
}

// TestLookupUnsettled: a write whose request was lost stays sending (Settle is an hour), and
// another payout to the same person waits pending behind it; Lookup reports each with its
// State and a *SettlingError, and settles neither.
func TestLookupUnsettled(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	slow := quick
	slow.Settle = time.Hour
	j := f.journal(t, "w1", slow)
	other := f.journal(t, "support", slow)
	f.fail(t, "CreateDisbursement", 1, cardplatformtest.Fault{Drop: true}) // lost before it ran
	_, err := journal.Do(ctx, j, journal.CreateDisbursement, "p", f.payout("p", 100))
	settling(t, err)
	_, err = journal.Do(ctx, j, journal.CreateDisbursement, "q", f.payout("q", 200))
	require.Equal(t, "busy", settling(t, err).Reason[:4])

	r, err := lookUp(t, f, other, journal.CreateDisbursement, "q")
	se := settling(t, err)
	assert.Equal(t, journal.StatePending, se.State)
	assert.Equal(t, "waiting to be sent", se.Reason)
	assert.Equal(t, journal.Result[cardplatform.DisbursementResponse]{Key: "q", State: journal.StatePending}, r)

	r, err = lookUp(t, f, other, journal.CreateDisbursement, "p")
	se = settling(t, err)
	assert.Equal(t, journal.StateSending, se.State)
	assert.Equal(t, "outcome unknown", se.Reason)
	assert.Equal(t, 1, r.Attempts)
	assert.Nil(t, r.ReadBack)

	// A read-back that cannot prove it yet: Lookup gives its reason and when it is due.
	_, err = journal.Do(ctx, j, journal.CreateDisbursement, "p", f.payout("p", 100))
	require.Equal(t, "too early", settling(t, err).Reason)
	r, err = lookUp(t, f, other, journal.CreateDisbursement, "p")
	se = settling(t, err)
	assert.Equal(t, "too early", se.Reason)
	assert.True(t, f.entry(t, "p").DueAt.Equal(se.DueAt))
	assert.Nil(t, r.Response)
	require.NotNil(t, r.ReadBack)
	assert.Equal(t, cardplatform.StillUnknown, r.ReadBack.Outcome)
	assert.Equal(t, cardplatform.ReasonTooEarly, r.ReadBack.Reason)
	assert.Equal(t, 1, f.sent())
}

// TestLookupReview: a write no read-back could prove is in review; Lookup returns Do's Result
// and error (ErrReview, the evidence), and after a person resolves it, their verdict.
func TestLookupReview(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	j := f.journal(t, "w1", quick)
	other := f.journal(t, "support", quick)
	f.fail(t, "CreateDisbursement", 1, cardplatformtest.Fault{DropAnswer: true})
	_, err := journal.Do(ctx, j, journal.CreateDisbursement, "p", f.payout("p", 100))
	settling(t, err)
	_, err = f.srv.Client().CreateDisbursement(ctx, f.payout("outside", 300)) // not the journal's
	require.NoError(t, err)
	f.waitDue(t, "p")
	done, doErr := journal.Do(ctx, j, journal.CreateDisbursement, "p", f.payout("p", 100))
	require.ErrorIs(t, doErr, journal.ErrReview)

	r, err := lookUp(t, f, other, journal.CreateDisbursement, "p")
	require.ErrorIs(t, err, journal.ErrReview)
	assert.Equal(t, doErr.Error(), err.Error())
	assert.Equal(t, done, r)
	assert.Equal(t, journal.StateReview, r.State)
	require.NotNil(t, r.ReadBack)
	assert.Equal(t, cardplatform.ReasonAmbiguous, r.ReadBack.Reason)

	require.NoError(t, j.Resolve(ctx, "p", false, "not on the statement; paid under p-2"))
	r, err = lookUp(t, f, other, journal.CreateDisbursement, "p")
	require.NoError(t, err)
	assert.Equal(t, journal.StateRefused, r.State)
	require.NotNil(t, r.Refusal)
	assert.True(t, r.Refusal.Resolved)
	assert.Equal(t, "not on the statement; paid under p-2", r.Refusal.Detail)
}

// TestLookupSealed: an answer resting sealed opens with the Journal's Sealer; a Journal
// without it returns Do's error and no response.
func TestLookupSealed(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	o := quick
	o.Sealer = newGCM(t)
	req := f.payout("p", 100)
	done, err := journal.Do(ctx, f.journal(t, "w1", o), journal.CreateDisbursement, "p", req)
	require.NoError(t, err)
	require.NotNil(t, done.Response)

	r, err := lookUp(t, f, f.journal(t, "support", o), journal.CreateDisbursement, "p")
	require.NoError(t, err)
	assert.Equal(t, done, r)

	unsealed := f.journal(t, "nosealer", quick)
	r, err = lookUp(t, f, unsealed, journal.CreateDisbursement, "p")
	require.ErrorContains(t, err, "sealed, and this Journal has no Sealer")
	assert.Nil(t, r.Response)
	_, doErr := journal.Do(ctx, unsealed, journal.CreateDisbursement, "p", req)
	assert.Equal(t, doErr.Error(), err.Error(), "the error Do returns")
}

// TestLookupRefusesTheWrongWriteAndAnUnknownKey: a key read as another operation's write is
// ErrKeyReused naming the entry's operation (never a response decoded as the wrong type); a
// key no entry holds is ErrNotFound; neither reads nor changes anything else.
func TestLookupRefusesTheWrongWriteAndAnUnknownKey(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	_, err := journal.Do(ctx, f.journal(t, "w1", quick), journal.CreateDisbursement, "p", f.payout("p", 100))
	require.NoError(t, err)
	other := f.journal(t, "support", quick)

	card, err := lookUp(t, f, other, journal.CreateCard, "p")
	require.ErrorIs(t, err, journal.ErrKeyReused)
	assert.ErrorContains(t, err, "operation createDisbursement, looked up as createCard")
	assert.Equal(t, journal.Result[cardplatform.CreateCardResponse]{Key: "p"}, card)

	r, err := lookUp(t, f, other, journal.CreateDisbursement, "nobody")
	require.ErrorIs(t, err, journal.ErrNotFound)
	assert.Equal(t, journal.Result[cardplatform.DisbursementResponse]{Key: "nobody"}, r)

	_, err = journal.Lookup(ctx, other, journal.CreateDisbursement, "")
	require.ErrorContains(t, err, "needs a key")
	_, err = journal.Lookup(ctx, nil, journal.CreateDisbursement, "p")
	require.ErrorContains(t, err, "needs a Journal")
	_, err = journal.Lookup(ctx, other, journal.Write[cardplatform.DisbursementDTO, cardplatform.DisbursementResponse]{}, "p")
	require.ErrorContains(t, err, "one of the package's Writes")
}
