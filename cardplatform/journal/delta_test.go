package journal_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestDoAdjustmentNotResentOnAnUnmovedBalance: an adjustment whose answer is lost is never
// sent again on a balance that did not move. Whether it never ran, or it ran and a fee of its
// amount undid it (the balance reads the same either way), the journal puts it in review
// (ReasonAmbiguous) with one request sent: sending again could credit twice.
func TestDoAdjustmentNotResentOnAnUnmovedBalance(t *testing.T) {
	for _, tc := range []struct {
		name   string
		fault  cardplatformtest.Fault
		undone bool // a fee of the amount after the lost adjustment
	}{
		{"never ran", cardplatformtest.Fault{Drop: true}, false},
		{"ran, and a fee of its amount", cardplatformtest.Fault{DropAnswer: true}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			ctx := context.Background()
			c := f.srv.Client()
			card, err := c.CreateCard(ctx, cardplatform.CreateCardRequest{ProgramGUID: f.program, Person: cardplatform.Person{PersonGUID: f.person}})
			require.NoError(t, err)
			acct, err := c.CreateAccount(ctx, cardplatform.CreateAccountRequest{WalletGUID: card.Card.WalletGUID,
				ProgramGUID: f.program, AccountName: "Spending", AccountType: "SPENDING"})
			require.NoError(t, err)
			amount := core.NewDecimalFromInt(250, 2)
			req := cardplatform.AdjustBalanceRequest{AccountGUID: acct.AccountGUID, Amount: amount, ExternalReference: "wire-1"}

			j := f.journal(t, "w1", quick)
			f.fail(t, "AdjustAccountBalance", 1, tc.fault)
			_, err = journal.Do(ctx, j, journal.AdjustAccountBalance, "adj", req)
			settling(t, err)
			if tc.undone {
				_, err = c.ApplyFee(ctx, cardplatform.FeeApplyRequest{AccountGUID: acct.AccountGUID, ProgramGUID: f.program,
					RequestCode: "ATM_WITHDRAWAL", Amount: amount})
				require.NoError(t, err)
			}

			f.waitDue(t, "adj")
			r, err := journal.Do(ctx, j, journal.AdjustAccountBalance, "adj", req)
			require.ErrorIs(t, err, journal.ErrReview)
			assert.Equal(t, journal.StateReview, r.State)
			require.NotNil(t, r.ReadBack)
			assert.Equal(t, cardplatform.StillUnknown, r.ReadBack.Outcome)
			assert.Equal(t, cardplatform.ReasonAmbiguous, r.ReadBack.Reason)
			assert.Len(t, f.srv.RequestsFor("AdjustAccountBalance"), 1, "sent once, never again")
		})
	}
}
