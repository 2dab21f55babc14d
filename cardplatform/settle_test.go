package cardplatform_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// payee creates a person (through a card) in the sandbox's default program.
func payee(t *testing.T, srv *cardplatformtest.Server) (program, person core.GUID) {
	t.Helper()
	program, err := core.ParseGUID(cardplatformtest.DefaultProgramGUID)
	require.NoError(t, err)
	c, err := srv.Client().CreateCard(context.Background(), cardplatform.CreateCardRequest{ProgramGUID: program,
		Person: cardplatform.Person{FirstName: "Mary", LastName: "Jackson"}})
	require.NoError(t, err)
	return program, c.Person.PersonGUID
}

func payout(program, person core.GUID, ref string) cardplatform.DisbursementDTO {
	return cardplatform.DisbursementDTO{ProgramGUID: program, Amount: core.NewDecimalFromInt(1000, 2),
		ClientReferenceID: ref, Person: cardplatform.Person{PersonGUID: person}}
}

// lose sends req with the fault f injected and requires an outcome unknown.
func lose(t *testing.T, srv *cardplatformtest.Server, req cardplatform.DisbursementDTO, f cardplatformtest.Fault) {
	t.Helper()
	require.NoError(t, srv.FailNext("CreateDisbursement", 1, f))
	_, err := srv.Client().CreateDisbursement(context.Background(), req)
	require.ErrorIs(t, err, core.ErrOutcomeUnknown)
}

// TestSettleDisbursementTellsLostAnswerFromLostRequest: a disbursement the platform ran and
// whose answer was lost is committed (its account is the one the sandbox created); one that
// never reached the platform is not committed once the settle time has passed, and still
// unknown before.
func TestSettleDisbursementTellsLostAnswerFromLostRequest(t *testing.T) {
	srv := cardplatformtest.NewServer(t)
	ctx := context.Background()
	program, person := payee(t, srv)
	quick := cardplatform.SettleOptions{Settle: time.Millisecond}

	req := payout(program, person, "ran")
	snap, err := srv.Client().SnapshotDisbursement(ctx, req)
	require.NoError(t, err)
	lose(t, srv, req, cardplatformtest.Fault{DropAnswer: true})
	rec, err := srv.Client().SettleDisbursement(ctx, snap, quick)
	require.NoError(t, err)
	assert.Equal(t, cardplatform.Committed, rec.Outcome, rec.Evidence)
	ds := srv.Disbursements()
	require.Len(t, ds, 1)
	assert.Equal(t, []string{ds[0].AccountGUID.String()}, rec.New, "the evidence names the disbursement's account")
	assert.Contains(t, rec.Evidence, "committed")

	req = payout(program, person, "never arrived")
	snap, err = srv.Client().SnapshotDisbursement(ctx, req)
	require.NoError(t, err)
	lose(t, srv, req, cardplatformtest.Fault{Drop: true})
	rec, err = srv.Client().SettleDisbursement(ctx, snap, cardplatform.SettleOptions{Settle: time.Hour})
	require.NoError(t, err)
	assert.Equal(t, cardplatform.StillUnknown, rec.Outcome, "before the settle time nothing new proves nothing: %s", rec.Evidence)
	rec, err = srv.Client().SettleDisbursement(ctx, snap, cardplatform.SettleOptions{})
	require.NoError(t, err)
	assert.Equal(t, cardplatform.StillUnknown, rec.Outcome, "the default settle time is a minute")
	time.Sleep(2 * time.Millisecond)
	rec, err = srv.Client().SettleDisbursement(ctx, snap, quick)
	require.NoError(t, err)
	assert.Equal(t, cardplatform.NotCommitted, rec.Outcome, rec.Evidence)
	assert.Empty(t, rec.New)
	assert.Len(t, srv.Disbursements(), 1, "the sandbox agrees: only the first ran")

	// A snapshot is stored with the pending write: it survives JSON.
	raw, err := json.Marshal(snap)
	require.NoError(t, err)
	var back cardplatform.Snapshot
	require.NoError(t, json.Unmarshal(raw, &back))
	rec, err = srv.Client().SettleDisbursement(ctx, back, quick)
	require.NoError(t, err)
	assert.Equal(t, cardplatform.NotCommitted, rec.Outcome, rec.Evidence)
}

// TestSettleDisbursementAmbiguous: two payouts to one person at once are never "not
// committed", whichever ran; new accounts that cannot all be this write's are still unknown;
// an account another write is known to have made is not this one's.
func TestSettleDisbursementAmbiguous(t *testing.T) {
	srv := cardplatformtest.NewServer(t)
	ctx := context.Background()
	program, person := payee(t, srv)
	quick := cardplatform.SettleOptions{Settle: time.Millisecond}

	a, b := payout(program, person, "a"), payout(program, person, "b")
	snapA, err := srv.Client().SnapshotDisbursement(ctx, a)
	require.NoError(t, err)
	snapB, err := srv.Client().SnapshotDisbursement(ctx, b)
	require.NoError(t, err)
	lose(t, srv, a, cardplatformtest.Fault{DropAnswer: true}) // ran
	lose(t, srv, b, cardplatformtest.Fault{Drop: true})       // never ran
	time.Sleep(2 * time.Millisecond)
	for name, snap := range map[string]cardplatform.Snapshot{"a": snapA, "b": snapB} {
		rec, err := srv.Client().SettleDisbursement(ctx, snap, cardplatform.SettleOptions{InFlight: 1, Settle: time.Millisecond})
		require.NoError(t, err)
		assert.Equal(t, cardplatform.StillUnknown, rec.Outcome, "%s: %s", name, rec.Evidence)
		assert.Contains(t, rec.Evidence, "in flight")
	}
	// Without the journal's word, b's read-back sees a's account and would take it for b's:
	// this is why InFlight must count every unsettled write to the person.
	rec, err := srv.Client().SettleDisbursement(ctx, snapB, quick)
	require.NoError(t, err)
	assert.Equal(t, cardplatform.Committed, rec.Outcome, "documented limit: %s", rec.Evidence)
	// Once a is settled (its account known), b's read-back is exact.
	rec, err = srv.Client().SettleDisbursement(ctx, snapB, cardplatform.SettleOptions{Known: rec.New, Settle: time.Millisecond})
	require.NoError(t, err)
	assert.Equal(t, cardplatform.NotCommitted, rec.Outcome, rec.Evidence)

	// Two new accounts since one snapshot: more than one write can have made.
	c := payout(program, person, "c")
	snapC, err := srv.Client().SnapshotDisbursement(ctx, c)
	require.NoError(t, err)
	lose(t, srv, c, cardplatformtest.Fault{DropAnswer: true})
	_, err = srv.Client().CreateDisbursement(ctx, payout(program, person, "d"))
	require.NoError(t, err)
	rec, err = srv.Client().SettleDisbursement(ctx, snapC, quick)
	require.NoError(t, err)
	assert.Equal(t, cardplatform.StillUnknown, rec.Outcome, rec.Evidence)
	assert.Len(t, rec.New, 2)

	// An account of another type since the snapshot is not taken for a disbursement.
	e := payout(program, person, "e")
	snapE, err := srv.Client().SnapshotDisbursement(ctx, e)
	require.NoError(t, err)
	card, err := srv.Client().CreateCard(ctx, cardplatform.CreateCardRequest{ProgramGUID: program, Person: cardplatform.Person{PersonGUID: person}})
	require.NoError(t, err)
	_, err = srv.Client().CreateAccount(ctx, cardplatform.CreateAccountRequest{ProgramGUID: program, WalletGUID: card.Card.WalletGUID, AccountName: "Savings", AccountType: "SAVINGS"})
	require.NoError(t, err)
	rec, err = srv.Client().SettleDisbursement(ctx, snapE, quick)
	require.NoError(t, err)
	assert.Equal(t, cardplatform.StillUnknown, rec.Outcome, rec.Evidence)
	assert.Contains(t, rec.Evidence, "another type")
}

// TestSettleRefusals: a request that creates its person has no read-back; a snapshot of
// another operation, or a zero one, is refused.
func TestSettleRefusals(t *testing.T) {
	srv := cardplatformtest.NewServer(t)
	ctx := context.Background()
	program, person := payee(t, srv)
	_, err := srv.Client().SnapshotDisbursement(ctx, cardplatform.DisbursementDTO{ProgramGUID: program, Person: cardplatform.Person{FirstName: "New"}})
	assert.ErrorIs(t, err, cardplatform.ErrNoReadBack)
	assert.ErrorIs(t, err, core.ErrInvalidArgument)
	_, err = srv.Client().SnapshotCard(ctx, cardplatform.CreateCardRequest{ProgramGUID: program})
	assert.ErrorIs(t, err, cardplatform.ErrNoReadBack)

	snap, err := srv.Client().SnapshotCard(ctx, cardplatform.CreateCardRequest{ProgramGUID: program, Person: cardplatform.Person{PersonGUID: person}})
	require.NoError(t, err)
	_, err = srv.Client().SettleDisbursement(ctx, snap, cardplatform.SettleOptions{})
	assert.ErrorIs(t, err, core.ErrInvalidArgument, "a card snapshot does not settle a disbursement")
	_, err = srv.Client().SettleCard(ctx, cardplatform.Snapshot{}, cardplatform.SettleOptions{})
	assert.ErrorIs(t, err, core.ErrInvalidArgument)
	_, err = srv.Client().SettleCard(ctx, snap, cardplatform.SettleOptions{InFlight: -1})
	assert.ErrorIs(t, err, core.ErrInvalidArgument)
}

// TestSettleCard: a card created for an existing person whose answer was lost is committed;
// one that never reached the platform is not.
func TestSettleCard(t *testing.T) {
	srv := cardplatformtest.NewServer(t)
	ctx := context.Background()
	program, person := payee(t, srv)
	req := cardplatform.CreateCardRequest{ProgramGUID: program, Person: cardplatform.Person{PersonGUID: person}}
	quick := cardplatform.SettleOptions{Settle: time.Millisecond}

	for _, tc := range []struct {
		fault cardplatformtest.Fault
		want  cardplatform.Outcome
	}{{cardplatformtest.Fault{DropAnswer: true}, cardplatform.Committed}, {cardplatformtest.Fault{Drop: true}, cardplatform.NotCommitted}} {
		snap, err := srv.Client().SnapshotCard(ctx, req)
		require.NoError(t, err)
		require.NoError(t, srv.FailNext("CreateCard", 1, tc.fault))
		_, err = srv.Client().CreateCard(ctx, req)
		require.ErrorIs(t, err, core.ErrOutcomeUnknown)
		time.Sleep(2 * time.Millisecond)
		rec, err := srv.Client().SettleCard(ctx, snap, quick)
		require.NoError(t, err)
		assert.Equal(t, tc.want, rec.Outcome, rec.Evidence)
		if tc.want == cardplatform.Committed {
			cards := srv.Cards()
			assert.Equal(t, []string{cards[len(cards)-1].CardProxy}, rec.New)
		}
	}
}

func TestOutcomeString(t *testing.T) {
	assert.Equal(t, "still unknown", cardplatform.Outcome(0).String())
	assert.Equal(t, "committed", cardplatform.Committed.String())
	assert.Equal(t, "not committed", cardplatform.NotCommitted.String())
}
