package journal_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
)

// The scope holes: two journaled writes whose read-backs list the same records must never be
// in flight together, whatever operations they are. A scope built from each rule's own read
// and arguments ("searchCards?person_guid=P&program_guid=G" for CreateCard,
// "getCard?card_proxy=X" for ReplaceCard, whose read-back lists the cards of X's person) let
// both run: the lost CreateCard's read-back then saw the replacement card, one new card of
// the person, and answered Committed for a card that was never created: a lost write. The
// scopes the spec declares (settle.scope) put every write that adds to a person's cards in
// that person's scope.

func (f *fixture) card(t *testing.T) cardplatform.CardDTO {
	t.Helper()
	page, err := f.srv.Client().SearchCards(context.Background(), cardplatform.SearchCardsRequest{PersonGUID: f.person})
	require.NoError(t, err)
	require.Len(t, page.Items, 1)
	return page.Items[0]
}

// TestLostCreateCardIsNotTakenForAReplacement: CreateCard for a person is lost (never ran);
// meanwhile ReplaceCard of the person's card is asked for. It waits for the CreateCard to
// settle; the CreateCard's read-back proves it not committed, it is sent again, and then the
// replacement: two new cards, each write once.
func TestLostCreateCardIsNotTakenForAReplacement(t *testing.T) {
	f := newFixture(t)
	j := f.journal(t, "w1", quick)
	ctx := context.Background()
	old := f.card(t)
	create := cardplatform.CreateCardRequest{ProgramGUID: f.program, Person: cardplatform.Person{PersonGUID: f.person}}
	f.fail(t, "CreateCard", 1, cardplatformtest.Fault{Drop: true})
	_, err := journal.Do(ctx, j, journal.CreateCard, "new-card", create)
	settling(t, err)

	_, err = journal.Do(ctx, j, journal.ReplaceCard, "replace", journal.ReplaceCardArgs{CardProxy: old.CardProxy,
		Body: cardplatform.ReplaceCardRequest{ReplacementReason: "LOST"}})
	assert.Contains(t, settling(t, err).Reason, "busy", "the replacement would add a card to the person's listing: it waits")
	assert.Empty(t, f.srv.RequestsFor("ReplaceCard"))

	f.waitDue(t, "new-card")
	r, err := journal.Do(ctx, j, journal.CreateCard, "new-card", create)
	require.NoError(t, err)
	assert.Equal(t, journal.StateCommitted, r.State)
	require.NotNil(t, r.Response, "proved not committed, sent again and answered: %+v", r.ReadBack)
	assert.Equal(t, 2, r.Attempts)

	rep, err := j.Recover(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, rep.Committed, "%+v", rep)
	assert.Len(t, f.srv.RequestsFor("ReplaceCard"), 1)
	assert.Len(t, f.srv.Cards(), 3, "the fixture's card, the new one, the replacement")
}

// TestLostReplacementIsNotTakenForANewCard is the same the other way: ReplaceCard is lost,
// and CreateCard for the same person waits until its read-back settled it.
func TestLostReplacementIsNotTakenForANewCard(t *testing.T) {
	f := newFixture(t)
	j := f.journal(t, "w1", quick)
	ctx := context.Background()
	old := f.card(t)
	f.fail(t, "ReplaceCard", 1, cardplatformtest.Fault{Drop: true})
	replace := journal.ReplaceCardArgs{CardProxy: old.CardProxy, Body: cardplatform.ReplaceCardRequest{ReplacementReason: "LOST"}}
	_, err := journal.Do(ctx, j, journal.ReplaceCard, "replace", replace)
	settling(t, err)

	create := cardplatform.CreateCardRequest{ProgramGUID: f.program, Person: cardplatform.Person{PersonGUID: f.person}}
	_, err = journal.Do(ctx, j, journal.CreateCard, "new-card", create)
	assert.Contains(t, settling(t, err).Reason, "busy")
	assert.Len(t, f.srv.RequestsFor("CreateCard"), 1, "only the fixture's")

	f.waitDue(t, "replace")
	r, err := journal.Do(ctx, j, journal.ReplaceCard, "replace", replace)
	require.NoError(t, err)
	require.NotNil(t, r.Response, "proved not committed and sent again: %+v", r.ReadBack)
	rep, err := j.Recover(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, rep.Committed, "%+v", rep)
	assert.Len(t, f.srv.Cards(), 3)
}

// TestRecordedReplacementNeedsNoScope: ReplaceCard's scope reads the card; once the key is
// recorded, a later call returns the record even when that read fails.
func TestRecordedReplacementNeedsNoScope(t *testing.T) {
	f := newFixture(t)
	j := f.journal(t, "w1", quick)
	ctx := context.Background()
	replace := journal.ReplaceCardArgs{CardProxy: f.card(t).CardProxy, Body: cardplatform.ReplaceCardRequest{ReplacementReason: "LOST"}}
	r, err := journal.Do(ctx, j, journal.ReplaceCard, "replace", replace)
	require.NoError(t, err)
	require.NotNil(t, r.Response)

	f.fail(t, "GetCard", 1, cardplatformtest.Fault{Status: 404})
	again, err := journal.Do(ctx, j, journal.ReplaceCard, "replace", replace)
	require.NoError(t, err)
	assert.Equal(t, r.Response.CardProxy, again.Response.CardProxy)
	assert.Len(t, f.srv.RequestsFor("ReplaceCard"), 1)

	f.fail(t, "GetCard", 1, cardplatformtest.Fault{Status: 404})
	_, err = journal.Do(ctx, j, journal.ReplaceCard, "other", replace)
	require.ErrorContains(t, err, "the write's scope", "a new key cannot be recorded without its scope")
	assert.Len(t, f.srv.RequestsFor("ReplaceCard"), 1)
}

// TestCreateAccountLikeAPayoutIsNotJournaled: CreateAccount's read-back lists a program's
// accounts by name and type, in a scope of its own; every payout (scoped by its person) makes
// an account of type DISBURSEMENT in its program. A lost CreateAccount of that type, with a
// payout run meanwhile, read back as committed by the payout's account: a lost write. The
// journal refuses such a CreateAccount before recording it; one of another type settles
// right beside the payouts.
func TestCreateAccountLikeAPayoutIsNotJournaled(t *testing.T) {
	f := newFixture(t)
	j := f.journal(t, "w1", quick)
	ctx := context.Background()
	like := cardplatform.CreateAccountRequest{ProgramGUID: f.program, AccountName: "Disbursement", AccountType: "DISBURSEMENT"}
	_, err := journal.Do(ctx, j, journal.CreateAccount, "acct", like)
	require.ErrorIs(t, err, journal.ErrNotJournaled)
	_, err = f.store.Get(ctx, "acct")
	require.ErrorIs(t, err, journal.ErrNotFound, "nothing recorded")
	assert.Empty(t, f.srv.RequestsFor("CreateAccount"), "nothing sent")

	other := cardplatform.CreateAccountRequest{ProgramGUID: f.program, AccountName: "Reserve", AccountType: "RESERVE", WalletGUID: f.card(t).WalletGUID}
	f.fail(t, "CreateAccount", 1, cardplatformtest.Fault{Drop: true})
	_, err = journal.Do(ctx, j, journal.CreateAccount, "reserve", other)
	settling(t, err)
	_, err = journal.Do(ctx, j, journal.CreateDisbursement, "pay", f.payout("pay", 100))
	require.NoError(t, err, "another scope: the payout runs")
	f.waitDue(t, "reserve")
	r, err := journal.Do(ctx, j, journal.CreateAccount, "reserve", other)
	require.NoError(t, err)
	require.NotNil(t, r.Response, "proved not committed and sent again: %+v %+v", r.Refusal, r.ReadBack)
	assert.Len(t, f.srv.RequestsFor("CreateAccount"), 2)
}
