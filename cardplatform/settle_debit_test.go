package cardplatform_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// The tests of a delta rule's direction (moves: up, a credit; moves: down, a debit) run the
// engine on the rule the generator writes for a fee that lowers ledger_balance by exactly the
// amount sent (feeRule in export_test.go, run by SnapshotFeeRule and SettleFeeRule): the
// sandbox's ApplyFee does so.

// fundedAccount opens an account and credits it with 100.00.
func fundedAccount(t *testing.T, c *cardplatform.Client) core.GUID {
	t.Helper()
	acct := newAccount(t, c)
	_, err := c.AdjustAccountBalance(context.Background(), cardplatform.AdjustBalanceRequest{AccountGUID: acct, Amount: core.MustParseDecimal("100.00")})
	require.NoError(t, err)
	return acct
}

// TestSettleDebitOverTheSandbox: a debit rule over the sandbox answers Committed when the lost
// fee ran (the balance fell by exactly the amount), never NotCommitted: when it never ran, the
// unmoved balance is StillUnknown (TooEarly before the settle time, Ambiguous after it: the fee
// and a credit of its amount would look the same), and StillUnknown (Ambiguous) when the balance moved by
// another amount or by other activity, the amount credited included: a debit rule never takes
// a rise for its write, and the credit rule never takes a fall for its own.
func TestSettleDebitOverTheSandbox(t *testing.T) {
	ctx := context.Background()
	fee := func(acct core.GUID, amount string) cardplatform.FeeApplyRequest {
		return cardplatform.FeeApplyRequest{AccountGUID: acct, ProgramGUID: program, RequestCode: "ATM_WITHDRAWAL", Amount: core.MustParseDecimal(amount)}
	}
	credit := func(amount string) func(t *testing.T, c *cardplatform.Client, acct core.GUID) {
		return func(t *testing.T, c *cardplatform.Client, acct core.GUID) {
			_, err := c.AdjustAccountBalance(ctx, cardplatform.AdjustBalanceRequest{AccountGUID: acct, Amount: core.MustParseDecimal(amount)})
			require.NoError(t, err)
		}
	}
	debit := func(amount string) func(t *testing.T, c *cardplatform.Client, acct core.GUID) {
		return func(t *testing.T, c *cardplatform.Client, acct core.GUID) {
			_, err := c.ApplyFee(ctx, fee(acct, amount))
			require.NoError(t, err)
		}
	}
	for _, tc := range []struct {
		name   string
		moves  string
		fault  cardplatformtest.Fault                                     // the lost fee: ran (DropAnswer) or never ran (Drop)
		other  func(t *testing.T, c *cardplatform.Client, acct core.GUID) // activity after the lost fee
		opts   cardplatform.SettleOptions
		want   cardplatform.Outcome
		reason cardplatform.Reason
		says   string
	}{
		{name: "ran", moves: "down", fault: cardplatformtest.Fault{DropAnswer: true}, opts: settled,
			want: cardplatform.Committed, says: "100.00 before, 97.50 now, amount 2.50 (down): fell by exactly the amount, committed"},
		{name: "ran, read at once", moves: "down", fault: cardplatformtest.Fault{DropAnswer: true}, opts: cardplatform.SettleOptions{Settle: time.Hour},
			want: cardplatform.Committed},
		{name: "never ran", moves: "down", fault: cardplatformtest.Fault{Drop: true}, opts: settled,
			want: cardplatform.StillUnknown, reason: cardplatform.ReasonAmbiguous, says: "no movement past the settle time of 1ms, which does not prove it was not applied"},
		{name: "never ran, too early", moves: "down", fault: cardplatformtest.Fault{Drop: true}, opts: cardplatform.SettleOptions{Settle: time.Hour},
			want: cardplatform.StillUnknown, reason: cardplatform.ReasonTooEarly},
		{name: "never ran, another fee of another amount", moves: "down", fault: cardplatformtest.Fault{Drop: true}, other: debit("2.49"), opts: settled,
			want: cardplatform.StillUnknown, reason: cardplatform.ReasonAmbiguous, says: "moved by -2.490000, not -2.500000: another movement"},
		{name: "ran, and another fee", moves: "down", fault: cardplatformtest.Fault{DropAnswer: true}, other: debit("1.00"), opts: settled,
			want: cardplatform.StillUnknown, reason: cardplatform.ReasonAmbiguous, says: "moved by -3.500000"},
		{name: "ran, and a credit", moves: "down", fault: cardplatformtest.Fault{DropAnswer: true}, other: credit("10.00"), opts: settled,
			want: cardplatform.StillUnknown, reason: cardplatform.ReasonAmbiguous, says: "moved by 7.500000"},
		{name: "never ran, a credit of the amount", moves: "down", fault: cardplatformtest.Fault{Drop: true}, other: credit("2.50"), opts: settled,
			want: cardplatform.StillUnknown, reason: cardplatform.ReasonAmbiguous, says: "moved by 2.500000, not -2.500000"},
		// The fee ran and a credit of its amount undid it: the balance did not move, which is
		// why no movement is never NotCommitted (sending again would charge the fee twice).
		{name: "ran, and a credit of the amount", moves: "down", fault: cardplatformtest.Fault{DropAnswer: true}, other: credit("2.50"), opts: settled,
			want: cardplatform.StillUnknown, reason: cardplatform.ReasonAmbiguous, says: "no movement past the settle time of 1ms, which does not prove it was not applied"},
		// The credit rule, the mirror: the fee's fall of exactly the amount is not its write.
		{name: "credit rule, the fee ran", moves: "up", fault: cardplatformtest.Fault{DropAnswer: true}, opts: settled,
			want: cardplatform.StillUnknown, reason: cardplatform.ReasonAmbiguous, says: "moved by -2.500000, not 2.500000"},
		{name: "credit rule, a credit of the amount", moves: "up", fault: cardplatformtest.Fault{Drop: true}, other: credit("2.50"), opts: settled,
			want: cardplatform.Committed, says: "rose by exactly the amount"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := cardplatformtest.NewServer(t)
			c := srv.Client()
			acct := fundedAccount(t, c)
			req := fee(acct, "2.50")
			snap, err := cardplatform.SnapshotFeeRule(ctx, c, tc.moves, req)
			require.NoError(t, err)
			assert.JSONEq(t, "100.00", string(snap.Before))
			require.NoError(t, srv.FailNext("ApplyFee", 1, tc.fault))
			_, err = c.ApplyFee(ctx, req)
			require.ErrorIs(t, err, core.ErrOutcomeUnknown)
			if tc.other != nil {
				tc.other(t, c, acct)
			}
			time.Sleep(5 * time.Millisecond)
			r, err := cardplatform.SettleFeeRule(ctx, c, tc.moves, snap, tc.opts)
			require.NoError(t, err)
			assert.Equal(t, tc.want, r.Outcome, r.Evidence)
			assert.Equal(t, tc.reason, r.Reason, r.Evidence)
			assert.Contains(t, r.Evidence, tc.says)
		})
	}
}

// TestSettleDeltaDirectionOverHTTP: a read-back answer served as written decides a rule by its
// direction, with the balance and the amount compared as exact decimals (97.5 is 97.50; a
// difference in the twentieth decimal, which float64 would lose, is another movement); a
// balance that is absent, null or a string proves nothing (MemberMissing), an answer that does
// not decode fails the read (ReadFailed); an amount of zero moves nothing (Ambiguous); a rule
// that states no direction is refused (ErrNoReadBack).
func TestSettleDeltaDirectionOverHTTP(t *testing.T) {
	acct := mustGUID("5e8c1a2b-3d4f-4a6b-9c0d-1e2f3a4b5c6d")
	for _, tc := range []struct {
		moves, amount, after string // after: the account's answer after the write
		want                 cardplatform.Outcome
		reason               cardplatform.Reason
	}{
		{"down", "2.50", `{"ledger_balance":97.5}`, cardplatform.Committed, cardplatform.ReasonNone},
		{"down", "2.50", `{"ledger_balance":97.50}`, cardplatform.Committed, cardplatform.ReasonNone},
		{"down", "0.1", `{"ledger_balance":99.90}`, cardplatform.Committed, cardplatform.ReasonNone},
		{"down", "2.50", `{"ledger_balance":100}`, cardplatform.StillUnknown, cardplatform.ReasonAmbiguous}, // no movement never proves a write absent
		{"down", "2.50", `{"ledger_balance":97.49}`, cardplatform.StillUnknown, cardplatform.ReasonAmbiguous},
		{"down", "2.50", `{"ledger_balance":97.50000000000000000001}`, cardplatform.StillUnknown, cardplatform.ReasonAmbiguous},
		{"down", "2.50", `{"ledger_balance":102.50}`, cardplatform.StillUnknown, cardplatform.ReasonAmbiguous},
		{"down", "-2.50", `{"ledger_balance":102.50}`, cardplatform.Committed, cardplatform.ReasonNone}, // as the credit: exactly the amount sent, sign and all
		{"down", "0.00", `{"ledger_balance":100.00}`, cardplatform.StillUnknown, cardplatform.ReasonAmbiguous},
		{"down", "2.50", `{"ledger_balance":"97.50"}`, cardplatform.StillUnknown, cardplatform.ReasonMemberMissing},
		{"down", "2.50", `{"ledger_balance":null}`, cardplatform.StillUnknown, cardplatform.ReasonMemberMissing},
		{"down", "2.50", `{"available_balance":97.50}`, cardplatform.StillUnknown, cardplatform.ReasonMemberMissing},
		{"down", "2.50", `[]`, cardplatform.StillUnknown, cardplatform.ReasonMemberMissing},
		{"up", "2.50", `{"ledger_balance":102.5}`, cardplatform.Committed, cardplatform.ReasonNone},
		{"up", "2.50", `{"ledger_balance":100}`, cardplatform.StillUnknown, cardplatform.ReasonAmbiguous},
		{"up", "2.50", `{"ledger_balance":97.50}`, cardplatform.StillUnknown, cardplatform.ReasonAmbiguous},
		{"up", "2.50", `{"ledger_balance":102.50000000000000000001}`, cardplatform.StillUnknown, cardplatform.ReasonAmbiguous},
		{"up", "2.50", `{}`, cardplatform.StillUnknown, cardplatform.ReasonMemberMissing},
	} {
		t.Run(tc.moves+" "+tc.amount+" "+tc.after, func(t *testing.T) {
			c, reads := accountServer(t, `{"ledger_balance":100.00}`, tc.after)
			req := cardplatform.FeeApplyRequest{AccountGUID: acct, RequestCode: "ATM_WITHDRAWAL", Amount: core.MustParseDecimal(tc.amount)}
			snap, err := cardplatform.SnapshotFeeRule(context.Background(), c, tc.moves, req)
			require.NoError(t, err)
			time.Sleep(5 * time.Millisecond)
			r, err := cardplatform.SettleFeeRule(context.Background(), c, tc.moves, snap, settled)
			require.NoError(t, err)
			assert.Equal(t, tc.want, r.Outcome, r.Evidence)
			assert.Equal(t, tc.reason, r.Reason, r.Evidence)
			assert.Equal(t, int32(2), reads.Load(), "one read to snapshot, one to settle")
		})
	}

	t.Run("no direction", func(t *testing.T) {
		c, reads := accountServer(t, `{"ledger_balance":100.00}`, `{"ledger_balance":97.50}`)
		req := cardplatform.FeeApplyRequest{AccountGUID: acct, Amount: core.MustParseDecimal("2.50")}
		_, err := cardplatform.SnapshotFeeRule(context.Background(), c, "", req)
		require.ErrorIs(t, err, cardplatform.ErrNoReadBack)
		assert.Zero(t, reads.Load(), "nothing is read for a rule that cannot decide")
		snap, err := cardplatform.SnapshotFeeRule(context.Background(), c, "down", req)
		require.NoError(t, err)
		r, err := cardplatform.SettleFeeRule(context.Background(), c, "", snap, settled)
		require.ErrorIs(t, err, cardplatform.ErrNoReadBack)
		assert.Equal(t, cardplatform.StillUnknown, r.Outcome)
		assert.Equal(t, cardplatform.ReasonNoReadBack, r.Reason)
		assert.Equal(t, int32(1), reads.Load())
	})

	t.Run("read fails", func(t *testing.T) {
		c, _ := accountServer(t, `{"ledger_balance":100.00}`, `<html>bad gateway</html>`)
		snap, err := cardplatform.SnapshotFeeRule(context.Background(), c, "down", cardplatform.FeeApplyRequest{AccountGUID: acct, Amount: core.MustParseDecimal("2.50")})
		require.NoError(t, err)
		r, err := cardplatform.SettleFeeRule(context.Background(), c, "down", snap, settled)
		require.Error(t, err)
		assert.Equal(t, cardplatform.StillUnknown, r.Outcome)
		assert.Equal(t, cardplatform.ReasonReadFailed, r.Reason, r.Evidence)
	})

	t.Run("no balance to snapshot", func(t *testing.T) {
		for _, before := range []string{`{}`, `{"ledger_balance":null}`} {
			c, _ := accountServer(t, before, before)
			_, err := cardplatform.SnapshotFeeRule(context.Background(), c, "down", cardplatform.FeeApplyRequest{AccountGUID: acct, Amount: core.MustParseDecimal("2.50")})
			assert.ErrorIs(t, err, core.ErrInvalidArgument, before)
		}
		c, _ := accountServer(t, `{"ledger_balance":"100.00"}`, `{}`)
		_, err := cardplatform.SnapshotFeeRule(context.Background(), c, "down", cardplatform.FeeApplyRequest{AccountGUID: acct, Amount: core.MustParseDecimal("2.50")})
		assert.ErrorContains(t, err, "cannot settle anything", "a balance of another type than the spec's")
	})
}

// accountServer serves GetAccount: before to the first read, after to every later one. It
// counts the reads.
func accountServer(t *testing.T, before, after string) (*cardplatform.Client, *atomic.Int32) {
	t.Helper()
	reads := new(atomic.Int32)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet || !strings.HasPrefix(r.URL.Path, "/api/v1/accounts/") {
			http.Error(w, "not served", http.StatusNotImplemented)
			return
		}
		body := after
		if reads.Add(1) == 1 {
			body = before
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	c, err := cardplatform.New(srv.URL, core.WithStaticToken("tok"))
	require.NoError(t, err)
	return c, reads
}
