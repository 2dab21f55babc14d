package main

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/trace/noop"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformfake"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestLostAnswerOnTheFake is the service's own unit test, on the generated fake instead of a
// sandbox: the platform runs the disbursement and the answer is lost (ErrAnswerLost), so pay
// leaves it sending, sent once; the audit step records the call without an answer; the
// recovery pass then finds the new account and settles it committed without sending it
// again, and pay returns that record.
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
			accounts = append(accounts, cardplatform.SearchAccountsProgramResponse{AccountGUID: core.NewGUID(), AccountType: "DISBURSEMENT", PersonGUID: body.Person.PersonGUID})
			return nil, cardplatformfake.ErrAnswerLost // it ran; the answer never arrives
		},
	}
	a := &audit{}
	c := f.Client(core.WithCallMiddleware(a.step))
	p := &service{c: c, path: filepath.Join(t.TempDir(), "journal.db"), settle: time.Millisecond, tp: noop.NewTracerProvider()}
	require.NoError(t, p.open(t.Context()))
	defer p.st.Close()

	req := cardplatform.DisbursementDTO{ProgramGUID: core.NewGUID(), ClientReferenceID: "payout-t-1",
		Amount: core.NewDecimalFromInt(1000, 2), Person: cardplatform.Person{PersonGUID: core.NewGUID()}}
	_, err := p.pay(t.Context(), req)
	var se *journal.SettlingError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, journal.StateSending, se.State)
	assert.True(t, errors.Is(err, core.ErrOutcomeUnknown), "%v", err)
	assert.Equal(t, 1, sends)
	assert.Equal(t, "searchAccounts 1 (2xx 1), createDisbursement 1 (no answer 1)", a.String())

	time.Sleep(time.Until(se.DueAt))
	rep, err := p.j.Recover(t.Context())
	require.NoError(t, err)
	assert.Equal(t, 1, rep.Committed, "%+v", rep)
	assert.Equal(t, 1, sends, "never sent again")

	r, err := p.pay(t.Context(), req)
	require.NoError(t, err)
	assert.Equal(t, journal.StateCommitted, r.State)
	require.NotNil(t, r.ReadBack)
	assert.Equal(t, []string{accounts[0].AccountGUID.String()}, r.ReadBack.New)
	assert.Equal(t, 1, sends, "the record is returned, nothing sent")
}
