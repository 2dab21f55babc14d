package cardplatformtest_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestDropAnswerRunsThenLosesTheAnswer is the case a read-back exists for: the platform
// ran the disbursement and the answer never arrived. The client sees an outcome unknown, sent
// once; the sandbox's state shows the disbursement and its account.
func TestDropAnswerRunsThenLosesTheAnswer(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	require.Empty(t, e.srv.Disbursements())
	require.NoError(t, e.srv.FailNext("CreateDisbursement", 1, cardplatformtest.Fault{DropAnswer: true}))
	req := disbursement(t)
	req.ClientReferenceID = "ref-1"
	_, err := e.client.CreateDisbursement(ctx, req)
	require.ErrorIs(t, err, core.ErrOutcomeUnknown)
	assert.Len(t, e.srv.RequestsFor("CreateDisbursement"), 1, "sent once")

	ds := e.srv.Disbursements()
	require.Len(t, ds, 1, "the operation ran before the answer was lost")
	assert.Equal(t, "25.00", ds[0].Amount.String())
	assert.Equal(t, cardplatformtest.DisbursementStatusQueued, ds[0].Status)
	assert.Equal(t, "ref-1", ds[0].ClientReferenceID, "the request's reference is kept beside the answer")

	var found bool
	for _, a := range e.srv.Accounts() {
		if a.AccountGUID == ds[0].AccountGUID {
			found = true
			assert.Equal(t, ds[0].PersonGUID, a.PersonGUID)
			assert.Equal(t, "DISBURSEMENT", a.AccountType)
		}
	}
	assert.True(t, found, "the disbursement's account is in Accounts")

	// Drop, by contrast, loses the request before the operation runs.
	require.NoError(t, e.srv.FailNext("CreateDisbursement", 1, cardplatformtest.Fault{Drop: true}))
	_, err = e.client.CreateDisbursement(ctx, req)
	require.ErrorIs(t, err, core.ErrOutcomeUnknown)
	assert.Len(t, e.srv.Disbursements(), 1, "Drop does not run the operation")
}

// TestDropAnswerOfARefusal: a request the platform refuses (400) and whose answer is lost
// changed nothing.
func TestDropAnswerOfARefusal(t *testing.T) {
	e := newEnv(t)
	require.NoError(t, e.srv.FailNext("CreateDisbursement", 1, cardplatformtest.Fault{DropAnswer: true}))
	req := disbursement(t)
	req.Amount = dec(t, "-1.00")
	_, err := e.client.CreateDisbursement(context.Background(), req)
	require.ErrorIs(t, err, core.ErrOutcomeUnknown)
	assert.Empty(t, e.srv.Disbursements())
}

func TestDropAnswerCardsAndFaultValidation(t *testing.T) {
	e := newEnv(t)
	before := len(e.srv.Cards())
	require.NoError(t, e.srv.FailNext("CreateCard", 1, cardplatformtest.Fault{DropAnswer: true}))
	_, err := e.client.CreateCard(context.Background(), cardplatform.CreateCardRequest{
		ProgramGUID: mustGUID(t, cardplatformtest.DefaultProgramGUID), Person: cardplatform.Person{FirstName: "A", LastName: "B"}})
	require.ErrorIs(t, err, core.ErrOutcomeUnknown)
	cards := e.srv.Cards()
	require.Len(t, cards, before+1)
	assert.NotEmpty(t, cards[len(cards)-1].CardProxy)
	assert.False(t, cards[len(cards)-1].PersonGUID.IsZero())

	assert.Error(t, e.srv.FailNext("CreateCard", 1, cardplatformtest.Fault{DropAnswer: true, Drop: true}), "Drop and DropAnswer exclude each other")
	assert.Error(t, e.srv.FailNext("CreateCard", 1, cardplatformtest.Fault{DropAnswer: true, Status: 500}), "a status and DropAnswer exclude each other")
}
