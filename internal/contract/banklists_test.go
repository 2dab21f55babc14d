package contract_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/contract"
	"github.com/issuerkit/issuerkit-go/openapi"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
)

// TestBankListsContract calls every operation of banklists.yaml (one page of each list).
func TestBankListsContract(t *testing.T) {
	base := baseURL(t, envBankLists)
	t.Parallel()
	mode, n := settings(t, "BANKLISTS")
	hc, rec := httpClient()
	ops := bankListsOps(t, base, hc)
	coverage(t, openapi.BankLists, ops, nil)
	run(t, rec, ops, n, func(err error) bool {
		var ae *core.Error
		return mode == "proxy" && errors.As(err, &ae)
	})
}

// bankListsOps returns the calls of every operation of banklists.yaml through clients of base
// that send with hc: the published form, and the documented one for the two lists in none of
// the bank's published files.
func bankListsOps(t *testing.T, base string, hc *http.Client) []op {
	c, err := paging.New(base, core.WithStaticToken("contract-token"), core.WithHTTPClient(hc), paging.WithRateLimit(0),
		paging.WithKeyClientID(contract.KeyClientID))
	require.NoError(t, err)
	// The two lists in none of the bank's published files, in the documented form.
	docs, err := paging.New(base, core.WithStaticToken("contract-token"), core.WithHTTPClient(hc), paging.WithRateLimit(0),
		paging.WithDocumentedAPI())
	require.NoError(t, err)
	from, err := core.ParseDate("2025-01-02")
	require.NoError(t, err)
	to, err := core.ParseDate("2025-01-20")
	require.NoError(t, err)
	acct := core.NewSecret("3123456789")
	// A page-style list asks for the largest page (1000): Prism's dynamic mock answers up to the
	// schema's maxItems (1000) whatever pageSize says, and the SDK refuses a page holding more
	// items than it asked for (core.ErrTooManyItems, issue 34), which would count here as a
	// decode failure of the mock's own answer, not of the contract.
	const maxPage = 1000
	return []op{
		{"listPreviousDayTransactions", func(ctx context.Context) error {
			_, err := docs.ListPreviousDayTransactions(ctx, paging.ListPreviousDayTransactionsRequest{StartRowIndex: 1, EndRowIndex: 1000,
				Body: paging.PreviousDayRequest{AccountNumber: []core.Secret{acct}, FromDate: from, ToDate: to}})
			return err
		}},
		{"listAchTransactions", func(ctx context.Context) error {
			_, err := c.ListACHTransactions(ctx, paging.ListACHTransactionsRequest{PageNumber: 1, PageSize: maxPage,
				Body: paging.ACHListRequest{AccountNumber: acct, FromDate: from, ToDate: to}})
			return err
		}},
		{"listAchAddenda", func(ctx context.Context) error {
			_, err := c.ListACHAddenda(ctx, paging.ListACHAddendaRequest{PageSize: 10,
				Body: paging.ACHAddendaRequest{UUID: "3f0c9a0e-5d1b-4c1e-9a57-0d7c2b1e4f10", StartAddendaSequenceNumber: "1"}})
			return err
		}},
		{"listRtpParticipants", func(ctx context.Context) error {
			_, err := c.ListRTPParticipants(ctx, paging.ListRTPParticipantsRequest{Limit: 10})
			return err
		}},
		{"getRtpParticipant", func(ctx context.Context) error {
			_, err := c.GetRTPParticipant(ctx, "011000015", paging.GetRTPParticipantRequest{})
			return err
		}},
		{"listRtpTransactions", func(ctx context.Context) error {
			_, err := c.ListRTPTransactions(ctx, paging.ListRTPTransactionsRequest{PageNumber: 1, PageSize: maxPage,
				Body: paging.RTPListRequest{AccountNumber: acct, FromDate: from, ToDate: to}})
			return err
		}},
		{"listWireTransactions", func(ctx context.Context) error {
			_, err := docs.ListWireTransactions(ctx, paging.ListWireTransactionsRequest{StartRowIndex: 1, EndRowIndex: 1000,
				Body: paging.WireDetailsRequest{GetWireInquiryRequest: paging.GetWireInquiryRequest{
					AccountNumber: []core.Secret{acct}, FromDate: 20250102, ToDate: 20250120}}})
			return err
		}},
		{"listWireTransactionsByPage", func(ctx context.Context) error {
			_, err := c.ListWireTransactionsByPage(ctx, paging.WireListRequest{AccountNumber: acct, FromDate: from, ToDate: to, PageNumber: 1, PageSize: maxPage})
			return err
		}},
		{"listCommercialAccounts", func(ctx context.Context) error {
			_, err := c.ListCommercialAccounts(ctx, paging.ListCommercialAccountsRequest{Limit: 10, BalanceAsOf: to})
			return err
		}},
		{"getCommercialAccount", func(ctx context.Context) error {
			_, err := c.GetCommercialAccount(ctx, "K000000001", paging.GetCommercialAccountRequest{BalanceAsOf: to})
			return err
		}},
		{"listPreviousDayAccountTransactions", func(ctx context.Context) error {
			_, err := c.ListPreviousDayAccountTransactions(ctx, "K000000001", paging.ListPreviousDayAccountTransactionsRequest{
				StartDate: from, EndDate: to, Limit: 100})
			return err
		}},
		{"listCurrentDayAccountTransactions", func(ctx context.Context) error {
			_, err := c.ListCurrentDayAccountTransactions(ctx, "K000000001", paging.ListCurrentDayAccountTransactionsRequest{Limit: 100})
			return err
		}},
	}
}
