package pagingtest_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

var (
	seedAcct = core.NewSecret("3123456789")
	seedFrom = core.MustParseDate("2025-01-02")
	seedTo   = core.MustParseDate("2025-01-09")
)

// dec parses a decimal amount.
func dec(t *testing.T, s string) core.Decimal {
	t.Helper()
	d, err := core.ParseDecimal(s)
	require.NoError(t, err)
	return d
}

// collectAll drains seq and returns the keys of its items, failing the test on an error.
func collectAll[T any](t *testing.T, seq func(func(T, error) bool), key func(T) string) []string {
	t.Helper()
	var out []string
	for x, err := range seq {
		require.NoError(t, err)
		out = append(out, key(x))
	}
	return out
}

// TestSeededRecords: a service reconciling given ACH transactions (and wires, RTP payments,
// addenda, account transactions) could not give pagingtest those rows: it served only
// synthetic records numbered K000000001, ... Records given with WithSeed are served instead,
// exactly, in the order given, paged over real HTTP by the paging client like any others.
func TestSeededRecords(t *testing.T) {
	ach := []paging.ACHListTransaction{
		{ParNumber: "25010900001234", TransactionStatus: "SETTLED", TraceNumber: "043000090000001", TransactionAmount: dec(t, "250.75"), SettlementDate: seedTo},
		{ParNumber: "25010900001235", TransactionStatus: "RETURNED", TraceNumber: "043000090000002", TransactionAmount: dec(t, "19.99"), SettlementDate: seedTo},
		{ParNumber: "25010900001236", TransactionStatus: "SETTLED", TraceNumber: "043000090000003", TransactionAmount: dec(t, "0.01"), SettlementDate: seedFrom},
	}
	wires := []paging.WireListTransaction{{TransactionID: "W-1", TransactionStatus: "COMPLETED"}, {TransactionID: "W-2", TransactionStatus: "PENDING"}}
	rtp := []paging.RTPListTransaction{{TransactionID: "R-1"}, {TransactionID: "R-2"}, {TransactionID: "R-3"}}
	addenda := []paging.ACHAddenda{
		{AddendaTypeCode: "05", AddendaSequenceNumber: "0001", PaymentRelatedInformation: "INV-1001 PART 1"},
		{AddendaTypeCode: "05", AddendaSequenceNumber: "0002", PaymentRelatedInformation: "INV-1001 PART 2"},
		{AddendaTypeCode: "05", AddendaSequenceNumber: "0003", PaymentRelatedInformation: "INV-1002"},
	}
	prev := []paging.PreviousDayTransaction{{TransactionKey: "P-1", BaiCode: "195"}, {TransactionKey: "P-2", BaiCode: "495"}}
	acctTx := []paging.CommercialTransaction{
		{AccountID: "ACC-1", TransactionID: "T-1", Description: "PAYROLL"},
		{AccountID: "ACC-2", TransactionID: "T-2", Description: "other account"},
		{AccountID: "ACC-1", TransactionID: "T-3", Description: "FEE"},
	}
	srv := pagingtest.NewServer(t, pagingtest.WithSeed(pagingtest.Seed{
		ACHTransactions: ach, WireTransactions: wires, RTPTransactions: rtp,
		ACHAddenda: addenda, PreviousDayTransactions: prev,
	}), pagingtest.WithSeed(pagingtest.Seed{AccountTransactions: acctTx}), pagingtest.WithClientID("client-1"))
	c := srv.Client()
	ctx := t.Context()

	t.Run("ACH", func(t *testing.T) {
		var got []paging.ACHListTransaction
		for tx, err := range c.ACHTransactions(ctx, paging.ACHListRequest{AccountNumber: seedAcct, FromDate: seedFrom, ToDate: seedTo}, core.WithPageSize(2)) {
			require.NoError(t, err)
			got = append(got, tx)
		}
		require.Len(t, got, 3)
		for i := range ach {
			assert.Equal(t, ach[i].ParNumber, got[i].ParNumber)
			assert.Equal(t, ach[i].TransactionStatus, got[i].TransactionStatus)
			assert.Equal(t, ach[i].TraceNumber, got[i].TraceNumber)
			assert.Equal(t, 0, ach[i].TransactionAmount.Cmp(got[i].TransactionAmount), "%v", got[i].TransactionAmount)
			assert.Equal(t, ach[i].SettlementDate, got[i].SettlementDate)
		}
		assert.Len(t, srv.RequestsFor("ACHTransactions"), 2, "two pages of two")
	})
	t.Run("wires", func(t *testing.T) {
		got := collectAll(t, c.WireTransactionsByPage(ctx, paging.WireListRequest{AccountNumber: seedAcct, FromDate: seedFrom, ToDate: seedTo}, core.WithPageSize(1)),
			func(x paging.WireListTransaction) string { return x.TransactionID + "/" + string(x.TransactionStatus) })
		assert.Equal(t, []string{"W-1/COMPLETED", "W-2/PENDING"}, got)
	})
	t.Run("RTP", func(t *testing.T) {
		got := collectAll(t, c.RTPTransactions(ctx, paging.RTPListRequest{AccountNumber: seedAcct, FromDate: seedFrom, ToDate: seedTo}, core.WithPageSize(2)),
			func(x paging.RTPListTransaction) string { return x.TransactionID })
		assert.Equal(t, []string{"R-1", "R-2", "R-3"}, got)
	})
	t.Run("addenda", func(t *testing.T) {
		got := collectAll(t, c.ACHAddenda(ctx, paging.ACHAddendaRequest{UUID: "item-7"}, core.WithPageSize(2)),
			func(x paging.ACHAddenda) string { return x.AddendaSequenceNumber + " " + x.PaymentRelatedInformation })
		assert.Equal(t, []string{"0001 INV-1001 PART 1", "0002 INV-1001 PART 2", "0003 INV-1002"}, got)
	})
	t.Run("previous day", func(t *testing.T) {
		// /ddaReports is in none of the bank's files: the documented form serves it.
		docs := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithSeed(pagingtest.Seed{PreviousDayTransactions: prev}))
		got := collectAll(t, docs.Client().PreviousDayTransactions(ctx, paging.PreviousDayRequest{AccountNumber: []core.Secret{seedAcct}, FromDate: seedFrom, ToDate: seedTo}),
			func(x paging.PreviousDayTransaction) string { return x.TransactionKey + " " + x.BaiCode })
		assert.Equal(t, []string{"P-1 195", "P-2 495"}, got)
	})
	t.Run("account transactions of one account", func(t *testing.T) {
		got := collectAll(t, c.PreviousDayAccountTransactions(ctx, "ACC-1", paging.ListPreviousDayAccountTransactionsRequest{}, core.WithPageSize(1)),
			func(x paging.CommercialTransaction) string { return x.TransactionID + " " + x.Description })
		assert.Equal(t, []string{"T-1 PAYROLL", "T-3 FEE"}, got)
	})
	t.Run("lists not seeded stay synthetic", func(t *testing.T) {
		got := collectAll(t, c.RTPParticipants(ctx, core.WithMaxItems(2)), func(x paging.Party) string { return x.Name })
		assert.Equal(t, []string{pagingtest.Key(1), pagingtest.Key(2)}, got)
	})
	t.Run("commercial accounts and legacy wire details", func(t *testing.T) {
		other := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithSeed(pagingtest.Seed{
			CommercialAccounts: []paging.CommercialAccount{{AccountID: "ACC-1", AccountNumberDisplay: "...6789"}, {AccountID: "ACC-2"}},
			WireDetails:        []paging.WireTransaction{{TransactionID: "LW-1"}},
		}))
		got := collectAll(t, other.Client().CommercialAccounts(ctx, paging.ListCommercialAccountsRequest{}, core.WithPageSize(1)),
			func(x paging.CommercialAccount) string { return x.AccountID })
		assert.Equal(t, []string{"ACC-1", "ACC-2"}, got)
		a, err := other.Client().GetCommercialAccount(ctx, "ACC-1", paging.GetCommercialAccountRequest{})
		require.NoError(t, err)
		assert.Equal(t, "...6789", a.AccountNumberDisplay)
		_, err = other.Client().GetCommercialAccount(ctx, pagingtest.Key(1), paging.GetCommercialAccountRequest{})
		require.ErrorIs(t, err, core.ErrNotFound, "only the seeded accounts exist")
		wd := collectAll(t, other.Client().WireTransactions(ctx, paging.WireDetailsRequest{GetWireInquiryRequest: paging.GetWireInquiryRequest{
			AccountNumber: []core.Secret{seedAcct}, FromDate: 1735689600, ToDate: 1736380800}}), func(x paging.WireTransaction) string { return x.TransactionID })
		assert.Equal(t, []string{"LW-1"}, wd)
	})
	t.Run("an empty seed serves nothing", func(t *testing.T) {
		empty := pagingtest.NewServer(t, pagingtest.WithSeed(pagingtest.Seed{ACHTransactions: []paging.ACHListTransaction{}}))
		got := collectAll(t, empty.Client().ACHTransactions(ctx, paging.ACHListRequest{AccountNumber: seedAcct, FromDate: seedFrom, ToDate: seedTo}),
			func(x paging.ACHListTransaction) string { return fmt.Sprint(x.ParNumber) })
		assert.Empty(t, got)
	})
}
