package cardplatformtest_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

const unknown = "abababab-abab-4bab-8bab-abababababab"

// TestNotFoundPerOperation walks the seed's endpoint table: every operation that lists a 404
// answers it for a missing resource, with a ProblemDetails body or with none as the table says.
func TestNotFoundPerOperation(t *testing.T) {
	e := newEnv(t)
	acct := e.newAccount()
	pg := cardplatformtest.DefaultProgramGUID
	cases := []struct {
		op, method, path string
		body             any
		withBody         bool
	}{
		{"createAccountInstrument", "POST", "/account_instruments", map[string]any{"account_guid": unknown}, true},
		{"getAccountInstrument", "GET", "/account_instruments/" + unknown, nil, true},
		{"createAccount", "POST", "/accounts", map[string]any{"wallet_guid": unknown}, false},
		{"getAccount", "GET", "/accounts/" + unknown, nil, true},
		{"updateAccount", "PUT", "/accounts/" + unknown, map[string]any{"account_name": "x"}, true},
		{"listAccountsByBalance", "GET", "/accounts/program/" + unknown, nil, true},
		{"getProgramBalances", "GET", "/accounts/balances?program_guid=" + unknown, nil, true},
		{"changeAccountStatus", "POST", "/accounts/" + unknown + "/status", map[string]any{"account_status": "CLOSED"}, true},
		{"adjustAccountBalance", "POST", "/accounts/AdjustBalance", map[string]any{"account_guid": unknown, "amount": 1}, true},
		{"createSharedAccount", "POST", "/accounts/sharedaccount", map[string]any{"account_guid": unknown, "person_guid": unknown}, true},
		{"updateSharedAccount", "POST", "/accounts/updatesharedaccount", map[string]any{"account_guid": acct, "person_guid": unknown, "sharing_status": "INACTIVE"}, true},
		{"postAccountInterest", "POST", "/accounts/" + unknown + "/PostInterest", nil, true},
		{"precalculateAdvance", "GET", "/advances/" + unknown + "/precalc", map[string]any{"amount": 1}, false},
		{"applyAdvance", "POST", "/advances/" + unknown, map[string]any{"request_id": "x"}, false},
		{"changeAdvanceCycle", "POST", "/advances/" + unknown + "/cycle", map[string]any{"cycle": "WEEKLY"}, false},
		{"createBatchfile", "POST", "/batchfiles", map[string]any{"program_guid": pg, "report_name": "NOPE", "source_document": "YQ=="}, true},
		{"downloadBatchfile", "POST", "/batchfiles/Download", map[string]any{"batchfile_guid": unknown}, true},
		{"createBulkOrder", "POST", "/bulkorders", map[string]any{"program_guid": unknown, "quantity": 1}, true},
		{"searchBulkOrders", "GET", "/bulkorders?order_guid=" + unknown, nil, true},
		{"listBulkOrderSummaryByLocation", "GET", "/bulkorders/BulkOrderSummaryByLocation?company_guid=" + unknown, nil, true},
		{"createCard", "POST", "/cards", map[string]any{"program_guid": unknown}, true},
		{"getCard", "GET", "/cards/0", nil, true},
		{"updateCard", "POST", "/cards/update", map[string]any{"card_proxy": "0"}, true},
		{"getCardFulfillmentData", "GET", "/cards/0/fulfillmentdata", nil, true},
		{"updateDigitalPackage", "POST", "/cards/digitalpackage", map[string]any{"card_proxy": "0", "digital_package": "X"}, true},
		{"showCardPan", "GET", "/cards/0/showpan", nil, true},
		{"assignCard", "POST", "/cards/assign", map[string]any{"card_proxy": "0", "person_guid": unknown}, false},
		{"activateCard", "POST", "/cards/0/activate", map[string]any{}, true},
		{"changeCardStatus", "POST", "/cards/0/status", map[string]any{"card_status": "LOST"}, true},
		{"validateCard", "POST", "/cards/validate", map[string]any{"card_number": "4000000000000000", "cvv": "999"}, true},
		{"setCardPin", "POST", "/cards/0/pin", map[string]any{"pin": "1234"}, true},
		{"getCardPin", "GET", "/cards/0/pin", nil, true},
		{"replaceCard", "POST", "/cards/0/replace", map[string]any{}, false},
		{"changePersonCardStatus", "POST", "/cards/0/personcardstatus", map[string]any{"person_card_status": "ACTIVE"}, true},
		{"getGenericEncryptedCardData", "POST", "/cards/getgenericencryptedcarddata", map[string]any{"card_proxy": "0"}, true},
		{"updateCardIssuanceType", "POST", "/cards/0/issuance_type", map[string]any{"issuance_type": "FULL"}, false},
		{"requestCardData", "POST", "/cards/RequestCardData", map[string]any{"card_proxy": "0"}, true},
		{"searchChecks", "POST", "/Check/getchecks", map[string]any{"account_guid": unknown}, true},
		{"updateCompany", "PUT", "/companies/" + unknown, map[string]any{"company_name": "x"}, true},
		{"getProgram", "GET", "/companies/" + unknown, nil, true},
		{"performCompanyKyb", "POST", "/companies/performkyb", map[string]any{"company_guid": unknown}, true},
		{"retrieveCompanyKyb", "GET", "/companies/" + unknown + "/retrieve", nil, true},
		{"getCompanyVerificationResult", "GET", "/companies/" + unknown + "/kyb", nil, true},
		{"createDisbursement", "POST", "/disbursements", map[string]any{"program_guid": unknown, "amount": 1}, true},
		{"listPayoutOptions", "GET", "/disbursements/payoutoptions?program_guid=" + unknown, nil, true},
		{"getPayoutPreference", "GET", "/disbursements/payoutpreference?person_guid=" + unknown, nil, true},
		{"createDisputeChargeback", "POST", "/disputes/dispute-chargeback", map[string]any{"account_guid": unknown, "amount": 1}, true},
		{"listFees", "GET", "/fees?program_guid=" + unknown, nil, true},
	}
	doc, _ := loadSpec(t)
	listed := 0
	var ops, cased []string
	for _, item := range doc.Paths.Map() {
		for _, op := range item.Operations() {
			if op.Responses.Value("404") != nil {
				listed++
				if op.OperationID != "createCompany" {
					ops = append(ops, op.OperationID)
				}
			}
		}
	}
	for _, tc := range cases {
		cased = append(cased, tc.op)
	}
	assert.Empty(t, notIn(ops, cased), "operations whose spec lists a 404 without a case: add one to cases in TestNotFoundPerOperation, cardplatform/cardplatformtest/errors_test.go")
	// createCompany lists a 404 but its request names no existing resource that could be
	// missing: the sandbox never answers it 404.
	assert.Len(t, cases, listed-1, "one case per operation that lists a 404, but createCompany (cardplatform/cardplatformtest/errors_test.go)")
	for _, tc := range cases {
		t.Run(tc.op, func(t *testing.T) {
			r := e.do(tc.method, tc.path, tc.body)
			require.Equal(t, http.StatusNotFound, r.status, "%s", r.body)
			got := e.srv.RequestsFor(tc.op)
			require.NotEmpty(t, got, "routed to %s", tc.op)
			if tc.withBody {
				m := r.json(t)
				assert.EqualValues(t, 404, m["status"])
				assert.NotEmpty(t, m["traceId"])
			} else {
				assert.Empty(t, r.body, "404 without a body")
			}
		})
	}
}

// TestUnauthorizedEveryOperation sends every operation without a token and with a wrong one:
// 401 with a ProblemDetails body, except RequestCardData, whose 401 has none.
func TestUnauthorizedEveryOperation(t *testing.T) {
	e := newEnv(t)
	doc, _ := loadSpec(t)
	n := 0
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			p := strings.TrimPrefix(path, "/api/{version}")
			for _, name := range []string{"{account_guid}", "{account_instrument_guid}", "{program_guid}", "{company_guid}", "{guid}"} {
				p = strings.ReplaceAll(p, name, unknown)
			}
			p = strings.ReplaceAll(p, "{card_proxy}", "0")
			for _, auth := range [][]string{nil, {"Authorization", "Bearer wrong"}, {"Authorization", "Basic " + e.srv.Token()}} {
				r := e.send(method, p, nil, auth...)
				require.Equal(t, http.StatusUnauthorized, r.status, "%s %s", method, p)
				if op.OperationID == "requestCardData" {
					assert.Empty(t, r.body, "RequestCardData's 401 has no body")
				} else {
					assert.EqualValues(t, 401, r.json(t)["status"], "%s", op.OperationID)
				}
			}
			n++
		}
	}
	// Every operation of the spec was called: as many as the typed-client cases, which
	// TestEveryOperationHasAClientTest matches one to one with the spec's operations.
	assert.Equal(t, len(cardCases)+len(accountCases)+len(programCases), n,
		"as many operations as typed-client cases: TestEveryOperationHasAClientTest names the case to add and its file")
	_, err := cardplatformtest.NewServer(t, cardplatformtest.WithToken("other")).Client().GetCard(context.Background(), "1")
	assert.ErrorIs(t, err, core.ErrNotFound, "WithToken: the server's own client sends the token it accepts")
}

// TestServerErrorHasNoBody: a 500 (here injected) carries no body, and the client maps it to
// ErrServerError.
func TestServerErrorHasNoBody(t *testing.T) {
	e := newEnv(t)
	require.NoError(t, e.srv.FailNext("GetAccount", 1, cardplatformtest.Fault{Status: 500}))
	r := e.do("GET", "/accounts/"+unknown, nil)
	assert.Equal(t, http.StatusInternalServerError, r.status)
	assert.Empty(t, r.body)

	require.NoError(t, e.srv.FailNext("GetCard", 5, cardplatformtest.Fault{Status: 500}))
	_, err := e.client.GetCard(context.Background(), "0")
	assert.ErrorIs(t, err, core.ErrServerError)
}

// TestBadRequestRows: 400 comes with a ProblemDetails body whose errors name each field.
func TestBadRequestRows(t *testing.T) {
	e := newEnv(t)
	r := e.do("POST", "/cards", map[string]any{"program_guid": cardplatformtest.DefaultProgramGUID, "person": map[string]any{"email": "nope"}})
	fields := r.problemFields(t)
	assert.Contains(t, fields, "person.first_name")
	assert.Contains(t, fields, "person.last_name")
	assert.Contains(t, fields, "person.email")
	assert.Equal(t, "One or more validation errors occurred.", r.json(t)["title"])

	_, err := e.client.CreateDisbursement(context.Background(), cardplatform.DisbursementDTO{ProgramGUID: mustGUID(t, cardplatformtest.DefaultProgramGUID)})
	var pe *core.Problem
	require.ErrorAs(t, err, &pe)
	assert.ErrorIs(t, err, core.ErrBadRequest)
	assert.NotEmpty(t, pe.Errors["amount"])
}
