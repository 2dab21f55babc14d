package cardplatformtest_test

import (
	"context"
	"errors"
	"maps"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestEveryOperationHasAClientTest fails when an operation of the spec has no typed-client
// case (or a case names an operation the spec does not have). runCases fails a case that does
// not check its operation's request on the wire.
func TestEveryOperationHasAClientTest(t *testing.T) {
	doc, _ := loadSpec(t)
	var spec []string
	for _, item := range doc.Paths.Map() {
		for _, op := range item.Operations() {
			spec = append(spec, op.OperationID)
		}
	}
	var tested []string
	for _, cases := range [][]opCase{cardCases, accountCases, programCases} {
		for _, c := range cases {
			tested = append(tested, c.op)
		}
	}
	sort.Strings(spec)
	sort.Strings(tested)
	require.NotEmpty(t, spec, "the spec's operations") // the count is the spec's: no figure to keep in step
	assert.Empty(t, notIn(spec, tested), "operations without a typed-client case: add one, by the operation's tag, to cardCases "+
		"(cardplatform/cardplatformtest/client_cards_test.go), accountCases (client_accounts_test.go) or programCases (client_programs_test.go)")
	assert.Empty(t, notIn(tested, spec), "typed-client cases of no operation of the spec: remove them from cardplatform/cardplatformtest/client_*_test.go")
	assert.Equal(t, len(tested), len(slices.Compact(slices.Clone(tested))), "no operation tested twice")
}

// notFoundCalls calls, for every operation whose spec lists a 404, its typed method naming
// a resource that does not exist (acct is an existing account, for the shared-account case).
func notFoundCalls(t *testing.T, acct core.GUID) map[string]func(c *cardplatform.Client) error {
	t.Helper()
	ctx := context.Background()
	none := core.MustParseGUID(unknown)
	one := dec(t, "1.00")
	return map[string]func(c *cardplatform.Client) error{
		"createAccountInstrument": func(c *cardplatform.Client) error {
			_, err := c.CreateAccountInstrument(ctx, cardplatform.CreateAccountInstrumentRequest{AccountGUID: none})
			return err
		},
		"getAccountInstrument": func(c *cardplatform.Client) error { _, err := c.GetAccountInstrument(ctx, none); return err },
		"createAccount": func(c *cardplatform.Client) error {
			_, err := c.CreateAccount(ctx, cardplatform.CreateAccountRequest{WalletGUID: none})
			return err
		},
		"getAccount": func(c *cardplatform.Client) error { _, err := c.GetAccount(ctx, none); return err },
		"updateAccount": func(c *cardplatform.Client) error {
			_, err := c.UpdateAccount(ctx, none, cardplatform.UpdateAccountInfoRequest{AccountName: "x"})
			return err
		},
		"listAccountsByBalance": func(c *cardplatform.Client) error {
			_, err := c.ListAccountsByBalance(ctx, none, cardplatform.ListAccountsByBalanceRequest{})
			return err
		},
		"getProgramBalances": func(c *cardplatform.Client) error {
			_, err := c.GetProgramBalances(ctx, cardplatform.GetProgramBalancesRequest{ProgramGUID: none})
			return err
		},
		"changeAccountStatus": func(c *cardplatform.Client) error {
			_, err := c.ChangeAccountStatus(ctx, none, cardplatform.AccountStatusUser{AccountStatus: "CLOSED"})
			return err
		},
		"adjustAccountBalance": func(c *cardplatform.Client) error {
			_, err := c.AdjustAccountBalance(ctx, cardplatform.AdjustBalanceRequest{AccountGUID: none, Amount: one})
			return err
		},
		"createSharedAccount": func(c *cardplatform.Client) error {
			_, err := c.CreateSharedAccount(ctx, cardplatform.CreateSharedAccountRequest{AccountGUID: none, PersonGUID: none})
			return err
		},
		"updateSharedAccount": func(c *cardplatform.Client) error {
			_, err := c.UpdateSharedAccount(ctx, cardplatform.UpdateSharedAccountRequest{AccountGUID: acct, PersonGUID: none, SharingStatus: "INACTIVE"})
			return err
		},
		"postAccountInterest": func(c *cardplatform.Client) error { _, err := c.PostAccountInterest(ctx, none); return err },
		"precalculateAdvance": func(c *cardplatform.Client) error {
			_, err := c.PrecalculateAdvance(ctx, none, cardplatform.AdvancePreCalcRequest{Amount: one})
			return err
		},
		"applyAdvance": func(c *cardplatform.Client) error {
			_, err := c.ApplyAdvance(ctx, none, cardplatform.ApplyAdvanceRequest{RequestID: "ADV-1"})
			return err
		},
		"changeAdvanceCycle": func(c *cardplatform.Client) error {
			_, err := c.ChangeAdvanceCycle(ctx, none, cardplatform.ChangeAdvanceCycleRequest{Cycle: "WEEKLY"})
			return err
		},
		"createBatchfile": func(c *cardplatform.Client) error {
			_, err := c.CreateBatchfileBytes(ctx, cardplatform.BatchfileRequest{ProgramGUID: program, ReportName: "NOPE"}, []byte("a"))
			return err
		},
		"downloadBatchfile": func(c *cardplatform.Client) error {
			_, err := c.DownloadBatchfile(ctx, cardplatform.BatchfileDownloadRequest{BatchfileGUID: none})
			return err
		},
		"createBulkOrder": func(c *cardplatform.Client) error {
			_, err := c.CreateBulkOrder(ctx, cardplatform.BulkOrderRequest{ProgramGUID: none, Quantity: 1})
			return err
		},
		"searchBulkOrders": func(c *cardplatform.Client) error {
			_, err := c.SearchBulkOrders(ctx, cardplatform.SearchBulkOrdersRequest{OrderGUID: none})
			return err
		},
		"listBulkOrderSummaryByLocation": func(c *cardplatform.Client) error {
			_, err := c.ListBulkOrderSummaryByLocation(ctx, cardplatform.ListBulkOrderSummaryByLocationRequest{CompanyGUID: none})
			return err
		},
		"createCard": func(c *cardplatform.Client) error {
			_, err := c.CreateCard(ctx, cardplatform.CreateCardRequest{ProgramGUID: none, Person: ada()})
			return err
		},
		"getCard": func(c *cardplatform.Client) error { _, err := c.GetCard(ctx, "0"); return err },
		"updateCard": func(c *cardplatform.Client) error {
			_, err := c.UpdateCard(ctx, cardplatform.UpdateCardRequest{CardProxy: "0"})
			return err
		},
		"getCardFulfillmentData": func(c *cardplatform.Client) error { _, err := c.GetCardFulfillmentData(ctx, "0"); return err },
		"updateDigitalPackage": func(c *cardplatform.Client) error {
			_, err := c.UpdateDigitalPackage(ctx, cardplatform.UpdateDigitalPackageRequest{CardProxy: "0", DigitalPackage: "X"})
			return err
		},
		"showCardPan": func(c *cardplatform.Client) error { _, err := c.ShowCardPAN(ctx, "0"); return err },
		"assignCard": func(c *cardplatform.Client) error {
			_, err := c.AssignCard(ctx, cardplatform.AssignCardDTO{CardProxy: "0", PersonGUID: none})
			return err
		},
		"activateCard": func(c *cardplatform.Client) error {
			_, err := c.ActivateCard(ctx, "0", cardplatform.CardStatusDTO{})
			return err
		},
		"changeCardStatus": func(c *cardplatform.Client) error {
			_, err := c.ChangeCardStatus(ctx, "0", cardplatform.CardStatusDTO{CardStatus: "LOST"})
			return err
		},
		"validateCard": func(c *cardplatform.Client) error {
			_, err := c.ValidateCard(ctx, cardplatform.ValidateCardDTO{CardNumber: core.NewSecret("4000000000000002"), CVV: core.NewSecret("123")})
			return err
		},
		"setCardPin": func(c *cardplatform.Client) error {
			_, err := c.SetCardPIN(ctx, "0", cardplatform.CardPINDTO{PIN: core.NewSecret("1234")})
			return err
		},
		"getCardPin": func(c *cardplatform.Client) error { _, err := c.GetCardPIN(ctx, "0"); return err },
		"replaceCard": func(c *cardplatform.Client) error {
			_, err := c.ReplaceCard(ctx, "0", cardplatform.ReplaceCardRequest{})
			return err
		},
		"changePersonCardStatus": func(c *cardplatform.Client) error {
			_, err := c.ChangePersonCardStatus(ctx, "0", cardplatform.PersonCardStatusDTO{PersonCardStatus: "ACTIVE"})
			return err
		},
		"getGenericEncryptedCardData": func(c *cardplatform.Client) error {
			_, err := c.GetGenericEncryptedCardData(ctx, cardplatform.GenericEncryptedCardDataRequest{CardProxy: "0"})
			return err
		},
		"updateCardIssuanceType": func(c *cardplatform.Client) error {
			_, err := c.UpdateCardIssuanceType(ctx, "0", cardplatform.IssuanceTypeRequest{IssuanceType: cardplatform.IssuanceTypeFULL})
			return err
		},
		"requestCardData": func(c *cardplatform.Client) error {
			_, err := c.RequestCardData(ctx, cardplatform.RequestCardDataRequest{CardProxy: "0"})
			return err
		},
		"searchChecks": func(c *cardplatform.Client) error {
			_, err := c.SearchChecks(ctx, cardplatform.CheckSearchDTO{AccountGUID: none})
			return err
		},
		"updateCompany": func(c *cardplatform.Client) error {
			_, err := c.UpdateCompany(ctx, none, cardplatform.UpdateCompany{CompanyName: "x"})
			return err
		},
		"getProgram": func(c *cardplatform.Client) error { _, err := c.GetProgram(ctx, none); return err },
		"performCompanyKyb": func(c *cardplatform.Client) error {
			_, err := c.PerformCompanyKYB(ctx, cardplatform.PerformKYBRequest{CompanyGUID: none})
			return err
		},
		"retrieveCompanyKyb": func(c *cardplatform.Client) error { _, err := c.RetrieveCompanyKYB(ctx, none); return err },
		"getCompanyVerificationResult": func(c *cardplatform.Client) error {
			_, err := c.GetCompanyVerificationResult(ctx, none)
			return err
		},
		"createDisbursement": func(c *cardplatform.Client) error {
			_, err := c.CreateDisbursement(ctx, cardplatform.DisbursementDTO{ProgramGUID: none, Amount: one})
			return err
		},
		"listPayoutOptions": func(c *cardplatform.Client) error {
			_, err := c.ListPayoutOptions(ctx, cardplatform.ListPayoutOptionsRequest{ProgramGUID: none})
			return err
		},
		"getPayoutPreference": func(c *cardplatform.Client) error {
			_, err := c.GetPayoutPreference(ctx, cardplatform.GetPayoutPreferenceRequest{PersonGUID: none})
			return err
		},
		"createDisputeChargeback": func(c *cardplatform.Client) error {
			_, err := c.CreateDisputeChargeback(ctx, cardplatform.DisputeChargebackRequest{AccountGUID: none, Amount: one})
			return err
		},
		"listFees": func(c *cardplatform.Client) error {
			_, err := c.ListFees(ctx, cardplatform.ListFeesRequest{ProgramGUID: none})
			return err
		},
	}
}

// TestClientNotFound: every operation whose spec lists a 404 answers it through the typed
// client for a missing resource as ErrNotFound, with the ProblemDetails body decoded when the
// spec gives the 404 one and Problem nil when it does not; sent once, never re-sent.
func TestClientNotFound(t *testing.T) {
	e := newEnv(t)
	_, acct := openAccount(t, e)
	calls := notFoundCalls(t, acct.AccountGUID)
	doc, _ := loadSpec(t)
	listed := map[string]bool{} // operation → 404 has a body
	for _, item := range doc.Paths.Map() {
		for _, op := range item.Operations() {
			if r := op.Responses.Value("404"); r != nil {
				listed[op.OperationID] = len(r.Value.Content) > 0
			}
		}
	}
	// createCompany lists a 404, but its request names no resource that could be missing.
	delete(listed, "createCompany")
	require.Empty(t, notIn(slices.Collect(maps.Keys(listed)), slices.Collect(maps.Keys(calls))),
		"operations whose spec lists a 404 without a call: add one to notFoundCalls in cardplatform/cardplatformtest/client_errors_test.go")
	require.Len(t, calls, len(listed), "one call per operation that lists a 404 (notFoundCalls in cardplatform/cardplatformtest/client_errors_test.go)")
	for op, withBody := range listed {
		t.Run(op, func(t *testing.T) {
			call, ok := calls[op]
			require.True(t, ok, "no 404 call for %s", op)
			e.srv.ResetRequests()
			err := call(e.client)
			require.ErrorIs(t, err, core.ErrNotFound)
			assert.False(t, errors.Is(err, core.ErrOutcomeUnknown), "a 404 is an answer: the outcome is known")
			pe := problemOf(t, err, 404)
			if withBody {
				require.NotNil(t, pe.Problem, "the spec gives %s's 404 a ProblemDetails body", op)
				assert.Equal(t, 404, pe.Problem.Status)
				assert.NotEmpty(t, pe.TraceID)
			} else {
				assert.Nil(t, pe.Problem, "the spec gives %s's 404 no body", op)
				assert.Empty(t, pe.Body)
			}
			assert.NotEmpty(t, pe.CorrelationID)
			require.Len(t, e.srv.RequestsFor(op), 1, "sent once")
		})
	}
}

// TestClientUnauthorized: a client with a token the sandbox does not accept gets 401 on every
// operation above, as ErrUnauthorized with a ProblemDetails body, except RequestCardData,
// whose 401 has none.
func TestClientUnauthorized(t *testing.T) {
	e := newEnv(t)
	_, acct := openAccount(t, e)
	wrong, err := cardplatform.New(e.srv.URL, core.WithStaticToken("wrong"))
	require.NoError(t, err)
	for op, call := range notFoundCalls(t, acct.AccountGUID) {
		t.Run(op, func(t *testing.T) {
			e.srv.ResetRequests()
			err := call(wrong)
			require.ErrorIs(t, err, core.ErrUnauthorized)
			pe := problemOf(t, err, 401)
			if op == "requestCardData" {
				assert.Nil(t, pe.Problem, "RequestCardData's 401 has no body")
			} else {
				require.NotNil(t, pe.Problem)
				assert.Equal(t, 401, pe.Problem.Status)
			}
			assert.NotContains(t, err.Error(), "wrong", "the token never shows in the error")
			reqs := e.srv.RequestsFor(op)
			require.Len(t, reqs, 1, "a 401 is not retried")
			assert.Equal(t, "Bearer ****", reqs[0].RevealHeader().Get("Authorization"))
		})
	}
}

// TestClientBadRequest: the sandbox's 400s through the typed client, from the spec's
// validation and from its rules: ErrBadRequest, *Error with status 400, and the *core.Problem's
// errors map naming each offending field.
func TestClientBadRequest(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	c := issue(t, e, program, ada())
	_, acct := openAccount(t, e)
	for _, tc := range []struct {
		name, op string
		fields   []string
		call     func() error
	}{
		{"person fields", "createCard", []string{"person.first_name", "person.last_name", "person.email"}, func() error {
			_, err := e.client.CreateCard(ctx, cardplatform.CreateCardRequest{ProgramGUID: program, Person: cardplatform.Person{Email: "not-an-address"}})
			return err
		}},
		{"zero amount", "adjustAccountBalance", []string{"amount"}, func() error {
			_, err := e.client.AdjustAccountBalance(ctx, cardplatform.AdjustBalanceRequest{AccountGUID: acct.AccountGUID, Amount: dec(t, "0.00")})
			return err
		}},
		{"negative disbursement", "createDisbursement", []string{"amount"}, func() error {
			_, err := e.client.CreateDisbursement(ctx, cardplatform.DisbursementDTO{ProgramGUID: program, Amount: dec(t, "-1.00"), Person: ada()})
			return err
		}},
		{"count over 50", "listAccountsByBalance", []string{"count"}, func() error {
			_, err := e.client.ListAccountsByBalance(ctx, program, cardplatform.ListAccountsByBalanceRequest{Count: 51})
			return err
		}},
		{"check status outside the closed enum", "changeCheckStatus", []string{"new_status"}, func() error {
			_, err := e.client.ChangeCheckStatus(ctx, cardplatform.CheckStatusDTO{TxnGUID: core.NewGUID(), NewStatus: "VOID"})
			return err
		}},
		{"short PIN", "setCardPin", []string{"pin"}, func() error {
			_, err := e.client.SetCardPIN(ctx, c.Card.CardProxy, cardplatform.CardPINDTO{PIN: core.NewSecret("12")})
			return err
		}},
		{"unknown payout person", "setPayoutPreference", []string{"person_guid"}, func() error {
			_, err := e.client.SetPayoutPreference(ctx, cardplatform.SetPayoutPreferenceRequest{PersonGUID: core.NewGUID(), Payoutpreference: "ACH"})
			return err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e.srv.ResetRequests()
			err := tc.call()
			for _, f := range tc.fields {
				badRequest(t, err, f)
			}
			assert.False(t, errors.Is(err, core.ErrOutcomeUnknown), "a 400 is an answer")
			assert.Len(t, e.srv.RequestsFor(tc.op), 1, "a 400 is not retried")
		})
	}
}

// TestClientServerError: a 500 carries no body. An operation that changes state is sent once
// and reported as outcome unknown (the sandbox did not run it); a read is retried.
func TestClientServerError(t *testing.T) {
	e := newEnv(t)
	_, acct := openAccount(t, e)
	require.NoError(t, e.srv.FailNext("AdjustAccountBalance", 1, cardplatformtest.Fault{Status: 500}))
	_, err := e.client.AdjustAccountBalance(context.Background(), cardplatform.AdjustBalanceRequest{AccountGUID: acct.AccountGUID, Amount: dec(t, "10.00")})
	require.ErrorIs(t, err, core.ErrServerError)
	require.ErrorIs(t, err, core.ErrOutcomeUnknown, "money moved or not: the client cannot know")
	pe := problemOf(t, err, 500)
	assert.Nil(t, pe.Problem, "500 without a body")
	assert.Empty(t, pe.Body)
	assert.Len(t, e.srv.RequestsFor("AdjustAccountBalance"), 1, "never re-sent")
	assert.Equal(t, "0.00", getAccount(t, e, acct.AccountGUID).LedgerBalance.String())

	require.NoError(t, e.srv.FailNext("GetAccount", 1, cardplatformtest.Fault{Status: 500}))
	e.srv.ResetRequests()
	a, err := e.client.GetAccount(context.Background(), acct.AccountGUID)
	require.NoError(t, err, "a read is retried after a 500")
	assert.Equal(t, acct.AccountGUID, a.AccountGUID)
	assert.Len(t, e.srv.RequestsFor("GetAccount"), 2)

	for _, status := range []int{500, 503} {
		require.NoError(t, e.srv.FailNext("GetAccount", 3, cardplatformtest.Fault{Status: status}))
		e.srv.ResetRequests()
		_, err = e.client.GetAccount(context.Background(), acct.AccountGUID)
		require.ErrorIs(t, err, core.ErrServerError)
		assert.False(t, errors.Is(err, core.ErrOutcomeUnknown), "a read's outcome is never in doubt")
		assert.Nil(t, problemOf(t, err, status).Problem)
		assert.Len(t, e.srv.RequestsFor("GetAccount"), 3, "%d: the default three attempts, then the error", status)
	}

	// A money-moving POST is never re-sent after a gateway's 502 or 504 either; the *Error of
	// the answer is inside the outcome-unknown error.
	for _, status := range []int{502, 504} {
		require.NoError(t, e.srv.FailNext("CreateDisbursement", 1, cardplatformtest.Fault{Status: status}))
		e.srv.ResetRequests()
		_, err := e.client.CreateDisbursement(context.Background(), cardplatform.DisbursementDTO{ProgramGUID: program, Amount: dec(t, "1.00"), Person: ada()})
		require.ErrorIs(t, err, core.ErrOutcomeUnknown)
		require.ErrorIs(t, err, core.ErrServerError)
		var ou *core.OutcomeUnknownError
		require.ErrorAs(t, err, &ou)
		assert.NotEmpty(t, ou.CorrelationID)
		assert.Equal(t, status, problemOf(t, err, status).StatusCode)
		assert.Len(t, e.srv.RequestsFor("CreateDisbursement"), 1, "%d: reaches the server once", status)
	}
}

// TestClientOutcomeUnknown: the connection drops after the sandbox read a disbursement. The
// client reports ErrOutcomeUnknown with the correlation id the sandbox saw, having sent it
// exactly once; the read-back finds no disbursement, and sending it again succeeds.
func TestClientOutcomeUnknown(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	require.NoError(t, e.srv.FailNext("CreateDisbursement", 1, cardplatformtest.Fault{Drop: true}))
	req := cardplatform.DisbursementDTO{ProgramGUID: program, Amount: dec(t, "250.75"), PayoutOption: "ACH", ClientReferenceID: "payout-9",
		Person: cardplatform.Person{FirstName: "Grace", LastName: "Hopper"}}
	_, err := e.client.CreateDisbursement(ctx, req)
	require.ErrorIs(t, err, core.ErrOutcomeUnknown)
	var ou *core.OutcomeUnknownError
	require.ErrorAs(t, err, &ou)
	assert.Equal(t, 1, ou.Attempts)
	reqs := e.srv.RequestsFor("CreateDisbursement")
	require.Len(t, reqs, 1, "sent exactly once")
	assert.Equal(t, ou.CorrelationID, reqs[0].RevealHeader().Get("X-CorrelationId"), "the id the outcome unknown names is the one the server saw")
	assert.True(t, strings.Contains(string(reqs[0].RevealBody()), `"amount":250.75`), "%s", reqs[0].Body)

	found, err := e.client.SearchAccounts(ctx, cardplatform.SearchAccountsProgramRequest{ProgramGUID: program, AccountType: "DISBURSEMENT"})
	require.NoError(t, err)
	assert.Zero(t, found.Total, "read back: the dropped disbursement did not run")

	res, err := e.client.CreateDisbursement(ctx, req, core.WithCorrelationID(ou.CorrelationID))
	require.NoError(t, err)
	assert.Equal(t, cardplatformtest.DisbursementStatusQueued, res.Status)
	assert.Len(t, e.srv.RequestsFor("CreateDisbursement"), 2)

	// A dropped read is re-sent.
	c := issue(t, e, program, ada())
	require.NoError(t, e.srv.FailNext("GetCard", 1, cardplatformtest.Fault{Drop: true}))
	card, err := e.client.GetCard(ctx, c.Card.CardProxy)
	require.NoError(t, err)
	assert.Equal(t, c.Card.CardProxy, card.CardProxy)
	assert.Len(t, e.srv.RequestsFor("GetCard"), 2)
}

// notIn returns, sorted, the members of want that got lacks.
func notIn(want, got []string) []string {
	var out []string
	for _, w := range want {
		if !slices.Contains(got, w) {
			out = append(out, w)
		}
	}
	sort.Strings(out)
	return out
}
