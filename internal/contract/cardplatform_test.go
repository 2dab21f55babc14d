package contract_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/openapi"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// cardIDs are the identifiers the card platform's read operations are called with.
type cardIDs struct {
	proxy                                     string
	program, company, person, account, wallet core.GUID
}

// cardFixture returns identifiers for the calls: fixed ones for Prism's mock, records created
// through the proxy (and so checked by Prism too) in the proxy run.
func cardFixture(t *testing.T, c *cardplatform.Client, mode string) cardIDs {
	ids := cardIDs{proxy: "1000000000001", program: core.MustParseGUID(cardplatformtest.DefaultProgramGUID),
		company: core.MustParseGUID(cardplatformtest.DefaultCompanyGUID), person: core.NewGUID(),
		account: core.NewGUID(), wallet: core.NewGUID()}
	if mode != "proxy" {
		return ids
	}
	ctx := t.Context()
	created, err := c.CreateCard(ctx, cardplatform.CreateCardRequest{ProgramGUID: ids.program,
		Person: cardplatform.Person{FirstName: "Pat", LastName: "Lee", Email: "pat@example.com"}})
	require.NoError(t, err)
	ids.proxy, ids.person, ids.wallet = created.Card.CardProxy, created.Person.PersonGUID, created.Card.WalletGUID
	acct, err := c.CreateAccount(ctx, cardplatform.CreateAccountRequest{ProgramGUID: ids.program, WalletGUID: ids.wallet, AccountName: "Contract"})
	require.NoError(t, err)
	ids.account = acct.AccountGUID
	_, err = c.AdjustAccountBalance(ctx, cardplatform.AdjustBalanceRequest{AccountGUID: ids.account, Amount: core.NewDecimalFromInt(10050, 2)})
	require.NoError(t, err)
	return ids
}

// TestCardPlatformContract calls every read and list operation of cardplatform.yaml.
func TestCardPlatformContract(t *testing.T) {
	base := baseURL(t, envCardPlatform)
	t.Parallel()
	mode, n := settings(t, "CARDPLATFORM")
	hc, rec := httpClient()
	c, err := cardplatform.New(base, core.WithStaticToken(cardplatformtest.Token), core.WithHTTPClient(hc))
	require.NoError(t, err)
	ids := cardFixture(t, c, mode)
	if v := rec.take(); len(v) > 0 {
		t.Errorf("fixture: Prism violations: %v", v)
	}
	ops := cardPlatformOps(t, c, ids)
	coverage(t, openapi.CardPlatform, ops, cardPlatformExcluded)
	run(t, rec, ops, n, func(err error) bool {
		var ae *core.Error
		return mode == "proxy" && errors.As(err, &ae)
	})
}

// cardPlatformExcluded are the retry-safe operations of cardplatform.yaml the contract test
// does not call, each with its reason; the operations that are not retry-safe are excluded by
// the spec itself (notRetrySafe).
var cardPlatformExcluded = map[string]reason{
	"updateAccount":       idempotentWrite,
	"setPayoutPreference": idempotentWrite,
	"downloadBatchfile":   fileStream,
}

// cardPlatformOps returns the calls of the read and list operations of cardplatform.yaml
// through c, with the identifiers ids.
func cardPlatformOps(t *testing.T, c *cardplatform.Client, ids cardIDs) []op {
	from, err := core.ParseTimestamp("2024-01-01T00:00:00")
	require.NoError(t, err)
	to, err := core.ParseTimestamp("2030-12-31T23:59:59.5")
	require.NoError(t, err)
	return []op{
		{"searchChecks", func(ctx context.Context) error {
			_, err := c.SearchChecks(ctx, cardplatform.CheckSearchDTO{AccountGUID: ids.account, StartDate: from, EndDate: to})
			return err
		}},
		{"getAccountInstrument", func(ctx context.Context) error { _, err := c.GetAccountInstrument(ctx, ids.account); return err }},
		{"getProgramBalances", func(ctx context.Context) error {
			_, err := c.GetProgramBalances(ctx, cardplatform.GetProgramBalancesRequest{ProgramGUID: ids.program})
			return err
		}},
		{"listAccountsByBalance", func(ctx context.Context) error {
			_, err := c.ListAccountsByBalance(ctx, ids.program, cardplatform.ListAccountsByBalanceRequest{Count: 10})
			return err
		}},
		{"searchAccounts", func(ctx context.Context) error {
			_, err := c.SearchAccounts(ctx, cardplatform.SearchAccountsProgramRequest{ProgramGUID: ids.program})
			return err
		}},
		{"getAccount", func(ctx context.Context) error { _, err := c.GetAccount(ctx, ids.account); return err }},
		{"precalculateAdvance", func(ctx context.Context) error {
			_, err := c.PrecalculateAdvance(ctx, ids.account, cardplatform.AdvancePreCalcRequest{Amount: core.NewDecimalFromInt(2500, 2)})
			return err
		}},
		{"searchBulkOrders", func(ctx context.Context) error {
			_, err := c.SearchBulkOrders(ctx, cardplatform.SearchBulkOrdersRequest{CompanyGUID: ids.company, Limit: 10, StartSearchDate: from, EndSearchDate: to})
			return err
		}},
		{"listBulkOrderSummaryByLocation", func(ctx context.Context) error {
			_, err := c.ListBulkOrderSummaryByLocation(ctx, cardplatform.ListBulkOrderSummaryByLocationRequest{CompanyGUID: ids.company, Limit: 10})
			return err
		}},
		{"searchCards", func(ctx context.Context) error {
			_, err := c.SearchCards(ctx, cardplatform.SearchCardsRequest{ProgramGUID: ids.program, Limit: 10})
			return err
		}},
		{"getGenericEncryptedCardData", func(ctx context.Context) error {
			_, err := c.GetGenericEncryptedCardData(ctx, cardplatform.GenericEncryptedCardDataRequest{CardProxy: ids.proxy})
			return err
		}},
		{"searchInvoices", func(ctx context.Context) error {
			_, err := c.SearchInvoices(ctx, cardplatform.InvoiceSearchRequest{CardProxy: ids.proxy, InvoiceDateStart: from, InvoiceDateEnd: to})
			return err
		}},
		{"getCard", func(ctx context.Context) error { _, err := c.GetCard(ctx, ids.proxy); return err }},
		{"getCardFulfillmentData", func(ctx context.Context) error { _, err := c.GetCardFulfillmentData(ctx, ids.proxy); return err }},
		{"getCardPin", func(ctx context.Context) error { _, err := c.GetCardPIN(ctx, ids.proxy); return err }},
		{"showCardPan", func(ctx context.Context) error { _, err := c.ShowCardPAN(ctx, ids.proxy); return err }},
		{"getCompanyVerificationResult", func(ctx context.Context) error {
			_, err := c.GetCompanyVerificationResult(ctx, ids.company)
			return err
		}},
		{"retrieveCompanyKyb", func(ctx context.Context) error { _, err := c.RetrieveCompanyKYB(ctx, ids.company); return err }},
		{"getProgram", func(ctx context.Context) error { _, err := c.GetProgram(ctx, ids.program); return err }},
		{"listPayoutOptions", func(ctx context.Context) error {
			_, err := c.ListPayoutOptions(ctx, cardplatform.ListPayoutOptionsRequest{ProgramGUID: ids.program})
			return err
		}},
		{"getPayoutPreference", func(ctx context.Context) error {
			_, err := c.GetPayoutPreference(ctx, cardplatform.GetPayoutPreferenceRequest{PersonGUID: ids.person})
			return err
		}},
		{"listFees", func(ctx context.Context) error {
			_, err := c.ListFees(ctx, cardplatform.ListFeesRequest{ProgramGUID: ids.program})
			return err
		}},
	}
}
