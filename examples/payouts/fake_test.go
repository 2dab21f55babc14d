package main

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformfake"
)

// TestLostAnswerOnTheFake is the service's own unit test, on the generated fake instead of a
// sandbox: the platform runs the disbursement and the answer is lost (ErrAnswerLost), so pay
// leaves it pending, sent once, under the correlation id the journal holds; the audit step
// records the call without an answer; reconcile then finds the new account and settles it
// committed without sending it again.
func TestLostAnswerOnTheFake(t *testing.T) {
	var accounts []cardplatform.SearchAccountsProgramResponse
	sends := 0
	f := &cardplatformfake.Fake{
		SearchAccounts: func(ctx context.Context, body cardplatform.SearchAccountsProgramRequest) (*cardplatform.AccountSearchResponse, error) {
			return &cardplatform.AccountSearchResponse{Items: accounts, Total: int32(len(accounts))}, nil
		},
		CreateDisbursement: func(ctx context.Context, body cardplatform.DisbursementDTO) (*cardplatform.DisbursementResponse, error) {
			sends++
			// The listing says whose account it is: one that does not is not proved the payee's.
			accounts = append(accounts, cardplatform.SearchAccountsProgramResponse{AccountGUID: cardplatform.NewGUID(), AccountType: "DISBURSEMENT", PersonGUID: body.Person.PersonGUID})
			return nil, cardplatformfake.ErrAnswerLost // it ran; the answer never arrives
		},
	}
	a := &audit{}
	c, err := f.Client(cardplatform.WithCallMiddleware(a.step))
	require.NoError(t, err)
	j, err := openJournal(t.Context(), filepath.Join(t.TempDir(), "journal.db"))
	require.NoError(t, err)
	defer j.Close()
	p := &payer{c: c, j: j, settle: time.Millisecond}

	req := cardplatform.DisbursementDTO{ProgramGUID: cardplatform.NewGUID(), ClientReferenceID: "payout-t-1",
		Amount: cardplatform.NewDecimalFromInt(1000, 2), Person: cardplatform.Person{PersonGUID: cardplatform.NewGUID()}}
	s, err := p.pay(t.Context(), req)
	require.NoError(t, err)
	assert.Equal(t, statePending, s.state)
	assert.True(t, errors.Is(s.err, cardplatform.ErrOutcomeUnknown), "%v", s.err)
	assert.Equal(t, 1, sends)
	var sent []string
	for _, call := range f.Calls() {
		if call.Operation == "createDisbursement" {
			sent = append(sent, call.CorrelationID)
		}
	}
	assert.Equal(t, []string{s.correlationID}, sent, "one attempt, under the journal's correlation id")
	assert.Equal(t, "searchAccounts 1 (2xx 1), createDisbursement 1 (no answer 1)", a.String())

	results, err := p.reconcile(t.Context())
	require.NoError(t, err)
	require.Len(t, results, 1)
	assert.Equal(t, cardplatform.Committed, results[0].rec.Outcome, results[0].rec.Evidence)
	assert.Equal(t, 1, sends, "never sent again")
	e, err := j.get(t.Context(), "payout-t-1")
	require.NoError(t, err)
	assert.Equal(t, stateCommitted, e.State)
}
