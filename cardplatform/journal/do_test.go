package journal_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/oauth2"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal/journaltest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// quick settles as soon as the sandbox allows: it runs a request before it answers or drops
// it, so nothing of an attempt can run a millisecond after the call returned.
var quick = journal.Options{Settle: time.Millisecond, Lease: 10 * time.Second}

type fixture struct {
	srv             *cardplatformtest.Server
	store           journal.Store
	program, person core.GUID
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	srv := cardplatformtest.NewServer(t)
	program, err := core.ParseGUID(cardplatformtest.DefaultProgramGUID)
	require.NoError(t, err)
	c, err := srv.Client().CreateCard(context.Background(), cardplatform.CreateCardRequest{ProgramGUID: program,
		Person: cardplatform.Person{FirstName: "Mary", LastName: "Jackson"}})
	require.NoError(t, err)
	return &fixture{srv: srv, store: journaltest.NewStore(), program: program, person: c.Person.PersonGUID}
}

// journal returns a Journal on the fixture's Store, named worker.
func (f *fixture) journal(t *testing.T, worker string, o journal.Options) *journal.Journal {
	t.Helper()
	o.Worker = worker
	j, err := journal.New(f.srv.Client(), f.store, o)
	require.NoError(t, err)
	return j
}

func (f *fixture) payout(ref string, cents int64) cardplatform.DisbursementDTO {
	return cardplatform.DisbursementDTO{ProgramGUID: f.program, Amount: core.NewDecimalFromInt(cents, 2),
		ClientReferenceID: ref, Person: cardplatform.Person{PersonGUID: f.person}}
}

// sent is how many CreateDisbursement requests reached the sandbox; ran how many it ran.
func (f *fixture) sent() int { return len(f.srv.RequestsFor("CreateDisbursement")) }
func (f *fixture) ran() int  { return len(f.srv.Disbursements()) }

func (f *fixture) fail(t *testing.T, op string, n int, fault cardplatformtest.Fault) {
	t.Helper()
	require.NoError(t, f.srv.FailNext(op, n, fault))
}

func (f *fixture) entry(t *testing.T, key string) journal.Entry {
	t.Helper()
	e, err := f.store.Get(context.Background(), key)
	require.NoError(t, err)
	return e
}

// waitDue sleeps until the entry's DueAt has passed (a read-back then settles it).
func (f *fixture) waitDue(t *testing.T, key string) {
	t.Helper()
	time.Sleep(time.Until(f.entry(t, key).DueAt) + time.Millisecond)
}

func settling(t *testing.T, err error) *journal.SettlingError {
	t.Helper()
	var se *journal.SettlingError
	require.ErrorAs(t, err, &se)
	require.ErrorIs(t, err, journal.ErrSettling)
	return se
}

func TestDoAnsweredRecordsTheResultOnce(t *testing.T) {
	f := newFixture(t)
	j := f.journal(t, "w1", quick)
	ctx := context.Background()
	req := f.payout("p-1", 1250)

	r, err := journal.Do(ctx, j, journal.CreateDisbursement, "p-1", req)
	require.NoError(t, err)
	assert.Equal(t, journal.StateCommitted, r.State)
	assert.Equal(t, 1, r.Attempts)
	require.NotNil(t, r.Response)
	assert.Nil(t, r.ReadBack, "answered: no read-back ran")
	require.Equal(t, 1, f.ran())
	assert.Equal(t, f.srv.Disbursements()[0].AccountGUID, r.Response.AccountGUID)

	// The same key, from this Journal or another on the same Store: the recorded result, and
	// nothing sent.
	for _, jj := range []*journal.Journal{j, f.journal(t, "w2", quick)} {
		again, err := journal.Do(ctx, jj, journal.CreateDisbursement, "p-1", req)
		require.NoError(t, err)
		assert.Equal(t, r.State, again.State)
		require.NotNil(t, again.Response)
		assert.Equal(t, r.Response.AccountGUID, again.Response.AccountGUID)
	}
	assert.Equal(t, 1, f.sent(), "one request for three calls with one key")
	assert.Equal(t, 1, f.ran())

	e := f.entry(t, "p-1")
	assert.Equal(t, "searchAccounts?person_guid="+f.person.String()+"&program_guid="+f.program.String(), e.Scope)
	assert.Empty(t, e.Worker, "the lease is given up")
	var back cardplatform.DisbursementDTO
	require.NoError(t, json.Unmarshal(e.Request, &back), "the request rests as its wire encoding")
	assert.Equal(t, "p-1", back.ClientReferenceID)
}

func TestDoKeyReused(t *testing.T) {
	f := newFixture(t)
	j := f.journal(t, "w1", quick)
	ctx := context.Background()
	_, err := journal.Do(ctx, j, journal.CreateDisbursement, "k", f.payout("k", 100))
	require.NoError(t, err)

	_, err = journal.Do(ctx, j, journal.CreateDisbursement, "k", f.payout("k", 101))
	require.ErrorIs(t, err, journal.ErrKeyReused, "same key, another amount")
	_, err = journal.Do(ctx, j, journal.CreateCard, "k", cardplatform.CreateCardRequest{ProgramGUID: f.program,
		Person: cardplatform.Person{PersonGUID: f.person}})
	require.ErrorIs(t, err, journal.ErrKeyReused, "same key, another operation")
	assert.Equal(t, 1, f.sent())
	assert.Len(t, f.srv.RequestsFor("CreateCard"), 1, "only the fixture's card")
}

func TestDoRefused(t *testing.T) {
	f := newFixture(t)
	j := f.journal(t, "w1", quick)
	ctx := context.Background()
	f.fail(t, "CreateDisbursement", 1, cardplatformtest.Fault{Status: 422})

	r, err := journal.Do(ctx, j, journal.CreateDisbursement, "p", f.payout("p", 100))
	require.NoError(t, err, "a refusal is a settled result, not an error of the journal")
	assert.Equal(t, journal.StateRefused, r.State)
	require.NotNil(t, r.Refusal)
	assert.Equal(t, 422, r.Refusal.Status)
	assert.Nil(t, r.Response)

	again, err := journal.Do(ctx, j, journal.CreateDisbursement, "p", f.payout("p", 100))
	require.NoError(t, err)
	assert.Equal(t, journal.StateRefused, again.State)
	assert.Equal(t, 422, again.Refusal.Status)
	assert.Equal(t, 1, f.sent(), "a refused write is never sent again under its key")
	assert.Equal(t, 0, f.ran())
}

func TestDoOutcomeUnknownThenCommittedByReadBack(t *testing.T) {
	f := newFixture(t)
	j := f.journal(t, "w1", quick)
	ctx := context.Background()
	f.fail(t, "CreateDisbursement", 1, cardplatformtest.Fault{DropAnswer: true})

	_, err := journal.Do(ctx, j, journal.CreateDisbursement, "p", f.payout("p", 100))
	se := settling(t, err)
	assert.Equal(t, journal.StateSending, se.State)
	assert.ErrorIs(t, err, core.ErrOutcomeUnknown)
	assert.False(t, se.DueAt.IsZero())
	e := f.entry(t, "p")
	assert.Equal(t, journal.StateSending, e.State)
	assert.Empty(t, e.Worker, "the lease is given up while the outcome is unknown")
	assert.True(t, e.SendBy.Add(quick.Settle).Equal(e.DueAt), "due once Settle has passed after the attempt ended")

	f.waitDue(t, "p")
	r, err := journal.Do(ctx, j, journal.CreateDisbursement, "p", f.payout("p", 100))
	require.NoError(t, err)
	assert.Equal(t, journal.StateCommitted, r.State)
	require.NotNil(t, r.ReadBack)
	assert.Equal(t, cardplatform.Committed, r.ReadBack.Outcome, r.ReadBack.Evidence)
	assert.Equal(t, []string{f.srv.Disbursements()[0].AccountGUID.String()}, r.ReadBack.New)
	assert.Nil(t, r.Response, "the answer was lost: the read-back proved it")
	assert.Equal(t, 1, f.sent())
	assert.Equal(t, 1, f.ran())
}

func TestDoOutcomeUnknownThenNotCommittedIsResentOnce(t *testing.T) {
	f := newFixture(t)
	j := f.journal(t, "w1", quick)
	ctx := context.Background()
	f.fail(t, "CreateDisbursement", 1, cardplatformtest.Fault{Drop: true})

	_, err := journal.Do(ctx, j, journal.CreateDisbursement, "p", f.payout("p", 100))
	settling(t, err)
	assert.Equal(t, 1, f.sent())
	assert.Equal(t, 0, f.ran())

	f.waitDue(t, "p")
	r, err := journal.Do(ctx, j, journal.CreateDisbursement, "p", f.payout("p", 100))
	require.NoError(t, err)
	assert.Equal(t, journal.StateCommitted, r.State)
	assert.Equal(t, 2, r.Attempts)
	require.NotNil(t, r.Response, "the second attempt was answered")
	require.NotNil(t, r.ReadBack)
	assert.Equal(t, cardplatform.NotCommitted, r.ReadBack.Outcome, "the verdict that allowed the resend is kept")
	assert.Equal(t, 2, f.sent())
	assert.Equal(t, 1, f.ran(), "paid once")

	_, err = journal.Do(ctx, j, journal.CreateDisbursement, "p", f.payout("p", 100))
	require.NoError(t, err)
	assert.Equal(t, 2, f.sent())
}

func TestDoStillUnknownWaitStaysSending(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	slow := quick
	slow.Settle = time.Hour
	j := f.journal(t, "w1", slow)
	f.fail(t, "CreateDisbursement", 1, cardplatformtest.Fault{Drop: true})
	_, err := journal.Do(ctx, j, journal.CreateDisbursement, "p", f.payout("p", 100))
	settling(t, err)

	// Before Settle has passed, nothing new proves nothing: still sending, due at SettleAt.
	_, err = journal.Do(ctx, j, journal.CreateDisbursement, "p", f.payout("p", 100))
	se := settling(t, err)
	assert.Equal(t, journal.StateSending, se.State)
	assert.Equal(t, "too early", se.Reason)
	e := f.entry(t, "p")
	assert.True(t, e.SendBy.Add(time.Hour).Equal(se.DueAt))
	assert.True(t, e.SendBy.Add(time.Hour).Equal(e.DueAt))
	assert.Equal(t, 1, e.Attempts)

	// A read-back that fails says nothing either (a status the client does not retry).
	f.fail(t, "SearchAccounts", 1, cardplatformtest.Fault{Status: 400})
	_, err = journal.Do(ctx, f.journal(t, "w2", quick), journal.CreateDisbursement, "p", f.payout("p", 100))
	se = settling(t, err)
	assert.Equal(t, "read failed", se.Reason)
	assert.Equal(t, journal.StateSending, f.entry(t, "p").State)
	assert.Equal(t, 1, f.sent(), "never sent again on a guess")

	// Once the read-back can prove it, it is sent again, once.
	f.waitDue(t, "p")
	r, err := journal.Do(ctx, f.journal(t, "w3", quick), journal.CreateDisbursement, "p", f.payout("p", 100))
	require.NoError(t, err)
	assert.Equal(t, journal.StateCommitted, r.State)
	assert.Equal(t, 2, f.sent())
	assert.Equal(t, 1, f.ran())
}

func TestDoStillUnknownWithoutWaitGoesToReview(t *testing.T) {
	f := newFixture(t)
	j := f.journal(t, "w1", quick)
	ctx := context.Background()
	f.fail(t, "CreateDisbursement", 1, cardplatformtest.Fault{DropAnswer: true})
	_, err := journal.Do(ctx, j, journal.CreateDisbursement, "p", f.payout("p", 100))
	settling(t, err)
	// Another writer, outside the journal, pays the same person meanwhile: two new accounts,
	// and the read-back cannot tell which is this write's.
	_, err = f.srv.Client().CreateDisbursement(ctx, f.payout("outside", 300))
	require.NoError(t, err)

	f.waitDue(t, "p")
	r, err := journal.Do(ctx, j, journal.CreateDisbursement, "p", f.payout("p", 100))
	require.ErrorIs(t, err, journal.ErrReview)
	assert.Equal(t, journal.StateReview, r.State)
	require.NotNil(t, r.ReadBack)
	assert.Equal(t, cardplatform.ReasonAmbiguous, r.ReadBack.Reason)

	items, err := j.Review(ctx)
	require.NoError(t, err)
	require.Len(t, items, 1)
	assert.Equal(t, "p", items[0].Key)
	assert.Equal(t, "createDisbursement", items[0].Operation)
	assert.Contains(t, items[0].Why, "ambiguous")
	assert.Positive(t, items[0].Age)

	// The review keeps the scope closed: another payout to the person waits.
	_, err = journal.Do(ctx, j, journal.CreateDisbursement, "q", f.payout("q", 200))
	assert.Equal(t, "busy", settling(t, err).Reason[:4])
	sentBefore := f.sent()

	require.ErrorIs(t, j.Resolve(ctx, "q", true, "no"), journal.ErrNotInReview)
	require.NoError(t, j.Resolve(ctx, "p", true, "found account on the statement"))
	r, err = journal.Do(ctx, j, journal.CreateDisbursement, "p", f.payout("p", 100))
	require.NoError(t, err)
	assert.Equal(t, journal.StateCommitted, r.State)
	items, err = j.Review(ctx)
	require.NoError(t, err)
	assert.Empty(t, items)

	rep, err := j.Recover(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, rep.Committed, "%+v", rep)
	assert.Equal(t, 1, rep.Sent)
	assert.Equal(t, sentBefore+1, f.sent(), "the waiting payout is sent once the scope opens")
	assert.Equal(t, journal.StateCommitted, f.entry(t, "q").State)
}

func TestDoMaxAttemptsThenReviewAndResolveNotCommitted(t *testing.T) {
	f := newFixture(t)
	o := quick
	o.MaxAttempts = 2
	j := f.journal(t, "w1", o)
	ctx := context.Background()
	f.fail(t, "CreateDisbursement", 2, cardplatformtest.Fault{Drop: true})

	_, err := journal.Do(ctx, j, journal.CreateDisbursement, "p", f.payout("p", 100))
	settling(t, err)
	f.waitDue(t, "p")
	_, err = journal.Do(ctx, j, journal.CreateDisbursement, "p", f.payout("p", 100))
	settling(t, err) // proved not committed, sent again, lost again
	f.waitDue(t, "p")
	r, err := journal.Do(ctx, j, journal.CreateDisbursement, "p", f.payout("p", 100))
	require.ErrorIs(t, err, journal.ErrReview)
	assert.Equal(t, 2, r.Attempts)
	assert.Equal(t, cardplatform.NotCommitted, r.ReadBack.Outcome)
	assert.Equal(t, 2, f.sent(), "MaxAttempts attempts, no more")
	assert.Equal(t, 0, f.ran())

	items, err := j.Review(ctx)
	require.NoError(t, err)
	require.Len(t, items, 1)
	assert.Contains(t, items[0].Why, "proved not committed 2 times")

	require.NoError(t, j.Resolve(ctx, "p", false, "platform outage; paid by wire"))
	r, err = journal.Do(ctx, j, journal.CreateDisbursement, "p", f.payout("p", 100))
	require.NoError(t, err)
	assert.Equal(t, journal.StateRefused, r.State)
	require.NotNil(t, r.Refusal)
	assert.True(t, r.Refusal.Resolved)
	assert.Equal(t, "platform outage; paid by wire", r.Refusal.Detail)
	assert.Equal(t, 2, f.sent())
}

func TestDoScopeSendsOneAtATime(t *testing.T) {
	f := newFixture(t)
	j := f.journal(t, "w1", quick)
	ctx := context.Background()
	f.fail(t, "CreateDisbursement", 1, cardplatformtest.Fault{DropAnswer: true})
	_, err := journal.Do(ctx, j, journal.CreateDisbursement, "a", f.payout("a", 100))
	settling(t, err)

	// b pays the same person: its read-back would see a's account, so it waits.
	_, err = journal.Do(ctx, j, journal.CreateDisbursement, "b", f.payout("b", 200))
	se := settling(t, err)
	assert.Equal(t, journal.StatePending, se.State)
	assert.Equal(t, 1, f.sent(), "b is not sent while a is unsettled")

	f.waitDue(t, "a")
	rep, err := j.Recover(ctx)
	require.NoError(t, err)
	assert.Equal(t, 2, rep.Committed, "%+v", rep)
	assert.Equal(t, 1, rep.Sent, "%+v", rep)
	assert.Equal(t, 2, f.sent())
	assert.Equal(t, 2, f.ran())
	for _, k := range []string{"a", "b"} {
		assert.Equal(t, journal.StateCommitted, f.entry(t, k).State, k)
	}
	a := f.entry(t, "a")
	var v struct{ New []string }
	require.NoError(t, json.Unmarshal(a.Verdict, &v))
	assert.Len(t, v.New, 1, "a's read-back saw one new account: its own")
}

// TestFencedWorkerSendsNothing: a worker stalls (its snapshot read takes longer than its
// lease); another takes the entry over after the lease ended and sends it; the first one's
// mark is refused (ErrFenced) and it sends nothing.
func TestFencedWorkerSendsNothing(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	short := quick
	short.Lease = 300 * time.Millisecond
	j1, j2 := f.journal(t, "w1", short), f.journal(t, "w2", short)
	f.fail(t, "SearchAccounts", 1, cardplatformtest.Fault{Delay: 3 * short.Lease})

	done := make(chan error, 1)
	go func() {
		_, err := journal.Do(ctx, j1, journal.CreateDisbursement, "p", f.payout("p", 100))
		done <- err
	}()
	var e journal.Entry
	require.Eventually(t, func() bool {
		var err error
		e, err = f.store.Get(ctx, "p")
		return err == nil && e.Worker == "w1"
	}, 5*time.Second, time.Millisecond)
	time.Sleep(time.Until(e.LeaseUntil) + 10*time.Millisecond)

	rep, err := j2.Recover(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, rep.Committed, "%+v", rep)
	assert.Equal(t, 1, f.sent())

	err = <-done
	require.ErrorIs(t, err, journal.ErrFenced, "the stalled worker's mark is refused")
	assert.Equal(t, 1, f.sent(), "the stalled worker sent nothing")
	assert.Equal(t, 1, f.ran())
	e = f.entry(t, "p")
	assert.Equal(t, journal.StateCommitted, e.State)
	assert.Equal(t, 1, e.Attempts)
}

// crashAfterMarking plays a worker that recorded the intent, took the snapshot, marked the
// attempt sending and died before its first byte left (a kill -9 between the Update and the
// send), with the Store calls the engine makes.
func crashAfterMarking(t *testing.T, f *fixture, key string, req cardplatform.DisbursementDTO, lease time.Duration) journal.Entry {
	t.Helper()
	ctx := context.Background()
	wire, err := core.MarshalWire(req)
	require.NoError(t, err)
	sum := sha256.Sum256(wire)
	_, inserted, err := f.store.Insert(ctx, journal.Entry{Key: key, Operation: "createDisbursement",
		Scope:       "searchAccounts?person_guid=" + f.person.String() + "&program_guid=" + f.program.String(),
		RequestHash: hex.EncodeToString(sum[:]), Request: wire, State: journal.StatePending})
	require.NoError(t, err)
	require.True(t, inserted)
	e, err := f.store.Lease(ctx, key, "victim", lease)
	require.NoError(t, err)
	snap, err := f.srv.Client().SnapshotDisbursement(ctx, req)
	require.NoError(t, err)
	e.State, e.Attempts, e.Snapshot = journal.StateSending, 1, mustJSON(t, snap)
	e, err = f.store.Update(ctx, e, false)
	require.NoError(t, err)
	require.Equal(t, e.LeaseUntil, e.SendBy)
	return e
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

// TestNotCommittedOnlyAfterSendByPlusSettle: an attempt marked by a worker that died is
// never read back before its lease ends (SendBy: the sender may still be sending), and the
// read-back proves "not committed" only after SendBy plus Settle; then it is sent once.
func TestNotCommittedOnlyAfterSendByPlusSettle(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	lease := 500 * time.Millisecond
	req := f.payout("p", 100)
	e := crashAfterMarking(t, f, "p", req, lease)

	// While the dead worker's lease runs, nobody reads it back or sends it.
	j := f.journal(t, "w1", quick)
	_, err := journal.Do(ctx, j, journal.CreateDisbursement, "p", req)
	assert.Contains(t, settling(t, err).Reason, "busy")
	rep, err := j.Recover(ctx)
	require.NoError(t, err)
	assert.Zero(t, rep.Looked, "Due leaves a leased entry out: %+v", rep)
	assert.Empty(t, f.srv.RequestsFor("SearchAccounts")[1:], "one read: the dead worker's snapshot")

	// After SendBy, a read-back before SendBy + Settle says too early, and its SettleAt is
	// exactly SendBy + Settle, whatever the time between the snapshot and SendBy.
	time.Sleep(time.Until(e.SendBy) + 5*time.Millisecond)
	slow := quick
	slow.Settle = time.Hour
	rep, err = f.journal(t, "w2", slow).Recover(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, rep.Waiting, "%+v", rep)
	got := f.entry(t, "p")
	var v struct {
		Outcome  cardplatform.Outcome
		Reason   cardplatform.Reason
		SettleAt time.Time `json:"settle_at"`
	}
	require.NoError(t, json.Unmarshal(got.Verdict, &v))
	assert.Equal(t, cardplatform.StillUnknown, v.Outcome)
	assert.Equal(t, cardplatform.ReasonTooEarly, v.Reason)
	assert.True(t, v.SettleAt.Equal(e.SendBy.Add(time.Hour)), "SettleAt %v, SendBy %v", v.SettleAt, e.SendBy)
	assert.True(t, got.DueAt.Equal(e.SendBy.Add(time.Hour)))
	assert.Equal(t, 0, f.sent())

	// Past SendBy + Settle: not committed, sent once.
	rep, err = j.Recover(ctx)
	require.NoError(t, err)
	assert.Zero(t, rep.Looked, "not due before DueAt: %+v", rep)
	r, err := journal.Do(ctx, j, journal.CreateDisbursement, "p", req)
	require.NoError(t, err)
	assert.Equal(t, journal.StateCommitted, r.State)
	assert.Equal(t, 2, r.Attempts)
	assert.Equal(t, 1, f.sent())
	assert.Equal(t, 1, f.ran())
}

func TestErrorsAreTyped(t *testing.T) {
	err := &journal.SettlingError{State: journal.StateSending, Reason: "outcome unknown", Err: core.ErrOutcomeUnknown}
	assert.True(t, errors.Is(err, journal.ErrSettling))
	assert.True(t, errors.Is(err, core.ErrOutcomeUnknown))
	assert.Contains(t, err.Error(), "outcome unknown")
}

// failingTokens hands out the sandbox's token already expired, so that every call fetches
// one (the call that waited for it still sends it), and fails the fetch number failAt: the
// call that needs it fails before anything is sent.
type failingTokens struct {
	fetches atomic.Int32
	failAt  int32
}

func (ts *failingTokens) Token() (*oauth2.Token, error) {
	if ts.fetches.Add(1) == ts.failAt {
		return nil, errors.New("identity provider down")
	}
	return &oauth2.Token{AccessToken: cardplatformtest.Token, TokenType: "Bearer", Expiry: time.Now().Add(-time.Minute)}, nil
}

// TestDoNothingSentStaysPending: an attempt the SDK proves never left (here its token could
// not be had) does not count: the entry is pending again, its lease given up, and a recovery
// pass sends it.
func TestDoNothingSentStaysPending(t *testing.T) {
	f := newFixture(t)
	ts := &failingTokens{failAt: 2} // 1: the snapshot's read, 2: the send
	c, err := cardplatform.New(f.srv.URL, core.WithTokenSource(ts))
	require.NoError(t, err)
	j, err := journal.New(c, f.store, journal.Options{Worker: "w1", Settle: time.Millisecond})
	require.NoError(t, err)
	ctx := context.Background()

	_, err = journal.Do(ctx, j, journal.CreateDisbursement, "p", f.payout("p", 100))
	se := settling(t, err)
	require.ErrorIs(t, err, core.ErrTokenSource)
	assert.Equal(t, journal.StatePending, se.State)
	assert.Equal(t, "not sent", se.Reason)
	assert.Equal(t, 0, f.sent())
	e := f.entry(t, "p")
	assert.Equal(t, journal.StatePending, e.State)
	assert.Equal(t, 0, e.Attempts, "an attempt proved unsent does not count")
	assert.Empty(t, e.Worker)

	rep, err := j.Recover(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, rep.Sent, "%+v", rep)
	assert.Equal(t, 1, rep.Committed)
	assert.Equal(t, 1, f.sent())
	assert.Equal(t, 1, f.ran())
	assert.Equal(t, 1, f.entry(t, "p").Attempts)
}

// TestRecoverPassEnds: a pass over more due entries than one batch, most of them waiting on
// a busy scope, works on each once and ends.
func TestRecoverPassEnds(t *testing.T) {
	f := newFixture(t)
	j := f.journal(t, "w1", quick)
	ctx := context.Background()
	f.fail(t, "CreateDisbursement", 1, cardplatformtest.Fault{DropAnswer: true})
	slow := quick
	slow.Settle = time.Hour
	_, err := journal.Do(ctx, f.journal(t, "w0", slow), journal.CreateDisbursement, "first", f.payout("first", 1))
	settling(t, err)
	for i := range 300 {
		key := fmt.Sprintf("k%03d", i)
		_, err := journal.Do(ctx, j, journal.CreateDisbursement, key, f.payout(key, 100))
		settling(t, err) // the person's scope is busy: pending
	}
	rep, err := j.Recover(ctx)
	require.NoError(t, err)
	assert.Equal(t, 300, rep.Busy, "%+v", rep)
	assert.Equal(t, 300, rep.Looked, "past the first batch of 256")
	assert.Equal(t, 1, f.sent())
}

// TestDoWithoutReadBackIsRefusedUnsent: a request the SDK can take no snapshot of (no person
// to read back) is never sent: refused, with the SDK's reason, for good.
func TestDoWithoutReadBackIsRefusedUnsent(t *testing.T) {
	f := newFixture(t)
	j := f.journal(t, "w1", quick)
	req := f.payout("p", 100)
	req.Person = cardplatform.Person{FirstName: "New", LastName: "Person"}
	r, err := journal.Do(context.Background(), j, journal.CreateDisbursement, "p", req)
	require.NoError(t, err)
	assert.Equal(t, journal.StateRefused, r.State)
	require.NotNil(t, r.Refusal)
	assert.Zero(t, r.Refusal.Status, "refused by the SDK, not the platform")
	assert.Contains(t, r.Refusal.Detail, "no read-back")
	assert.Zero(t, r.Attempts)
	assert.Equal(t, 0, f.sent())
}
