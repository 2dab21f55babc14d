package cardplatformtest_test

import (
	"context"
	"encoding/base64"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

var company = core.MustParseGUID(cardplatformtest.DefaultCompanyGUID)

// order places a bulk order of quantity cards for a new person of the default company.
func order(t *testing.T, e *env, pkg core.GUID, quantity int32) *cardplatform.BulkOrderResponse {
	t.Helper()
	o, err := e.client.CreateBulkOrder(context.Background(), cardplatform.BulkOrderRequest{
		ProgramGUID: program, CompanyGUID: company, PackageGUID: pkg, Quantity: quantity,
		Person: cardplatform.Person{FirstName: "Branch", LastName: "Manager"},
	})
	require.NoError(t, err)
	return o
}

// batch is a disbursement batch file.
var batch = []byte("person_guid,amount\n3fa85f64-5717-4562-b3fc-2c963f66afa6,250.75\n3fa85f64-5717-4562-b3fc-2c963f66afa7,0.01\n")

var programCases = []opCase{
	{"createCompany", func(t *testing.T, e *env) {
		addr := cardplatform.Address{AddressLine1: "1 Main St", City: "Springfield", State: "IL", PostalCode: "62701", Country: "US"}
		res, err := e.client.CreateCompany(context.Background(), cardplatform.CreateCompany{
			CompanyName: "Acme Payroll LLC", DbaName: "Acme", ProgramName: "Acme Payroll", Address: addr,
		})
		require.NoError(t, err)
		assert.False(t, res.CompanyGUID.IsZero())
		assert.False(t, res.ProgramGUID.IsZero())
		assert.Equal(t, "Acme Payroll LLC", res.CompanyName)
		assert.Equal(t, "Acme Payroll", res.ProgramName)
		prog, err := e.client.GetProgram(context.Background(), res.ProgramGUID)
		require.NoError(t, err)
		assert.Equal(t, res.CompanyGUID, prog.CompanyGUID, "the program belongs to the new company")
		w := sent(t, e, "createCompany", "POST", "/api/v1/companies")
		assert.Equal(t, "Acme Payroll LLC", w.js["company_name"])
		assert.Equal(t, "Acme", w.js["dba_name"])
		assert.Equal(t, "Acme Payroll", w.js["program_name"])
		assert.Equal(t, map[string]any{"address_line1": "1 Main St", "city": "Springfield", "state": "IL", "postal_code": "62701", "country": "US"}, w.obj(t, "address"))
	}},
	{"updateCompany", func(t *testing.T, e *env) {
		co := newCompany(t, e)
		res, err := e.client.UpdateCompany(context.Background(), co.CompanyGUID, cardplatform.UpdateCompany{DbaName: "Acme Pay"})
		require.NoError(t, err)
		assert.Equal(t, co.CompanyGUID, res.CompanyGUID)
		assert.Equal(t, "Acme Pay", res.DbaName)
		assert.Equal(t, "Acme Payroll LLC", res.CompanyName, "fields not sent stay")
		assert.False(t, res.SysUTCUpdated.IsZero())
		w := sent(t, e, "updateCompany", "PUT", "/api/v1/companies/"+co.CompanyGUID.String())
		assert.Equal(t, map[string]any{"dba_name": "Acme Pay"}, w.js)
	}},
	{"getProgram", func(t *testing.T, e *env) {
		res, err := e.client.GetProgram(context.Background(), program)
		require.NoError(t, err)
		assert.Equal(t, program, res.ProgramGUID)
		assert.Equal(t, company, res.CompanyGUID)
		assert.Equal(t, "Sandbox Program", res.ProgramName)
		assert.Equal(t, []cardplatform.ProgramConfiguration{{Name: "PAYOUT_OPTIONS", Value: "ACH,CARD"}}, res.Configurations)
		w := sent(t, e, "getProgram", "GET", "/api/v1/companies/"+cardplatformtest.DefaultProgramGUID)
		assert.Empty(t, w.Body)
	}},
	{"configureProgram", func(t *testing.T, e *env) {
		res, err := e.client.ConfigureProgram(context.Background(), cardplatform.ConfigProgramRequest{
			ProgramGUID: program, Configurations: []cardplatform.ProgramConfiguration{
				{Name: "PAYOUT_OPTIONS", Value: "ACH,CARD,RTP"}, {Name: "DEFAULT_ISSUANCE_TYPE", Value: "VIRTUAL"},
			},
		})
		require.NoError(t, err)
		assert.Equal(t, []cardplatform.ProgramConfiguration{
			{Name: "PAYOUT_OPTIONS", Value: "ACH,CARD,RTP"}, {Name: "DEFAULT_ISSUANCE_TYPE", Value: "VIRTUAL"},
		}, res.Configurations, "a configuration of the same name is replaced, a new one added")
		opts, err := e.client.ListPayoutOptions(context.Background(), cardplatform.ListPayoutOptionsRequest{ProgramGUID: program})
		require.NoError(t, err)
		assert.Equal(t, []cardplatform.DisbursementPayoutOptions{"ACH", "CARD", "RTP"}, opts)
		assert.Equal(t, cardplatform.IssuanceTypeVIRTUAL, issue(t, e, program, ada()).Card.IssuanceType)
		w := sent(t, e, "configureProgram", "POST", "/api/v1/companies/configprogram")
		assert.Equal(t, cardplatformtest.DefaultProgramGUID, w.js["program_guid"])
		assert.Equal(t, []any{
			map[string]any{"name": "PAYOUT_OPTIONS", "value": "ACH,CARD,RTP"}, map[string]any{"name": "DEFAULT_ISSUANCE_TYPE", "value": "VIRTUAL"},
		}, w.js["configurations"])
	}},
	{"performCompanyKyb", func(t *testing.T, e *env) {
		co := newCompany(t, e)
		res, err := e.client.PerformCompanyKYB(context.Background(), cardplatform.PerformKYBRequest{CompanyGUID: co.CompanyGUID})
		require.NoError(t, err)
		assert.Equal(t, co.CompanyGUID, res.CompanyGUID)
		assert.Equal(t, "PENDING", res.KYBStatus)
		assert.False(t, res.KYBRequestGUID.IsZero())
		w := sent(t, e, "performCompanyKyb", "POST", "/api/v1/companies/performkyb")
		assert.Equal(t, map[string]any{"company_guid": co.CompanyGUID.String()}, w.js)
	}},
	{"retrieveCompanyKyb", func(t *testing.T, e *env) {
		co := newCompany(t, e)
		kyb, err := e.client.PerformCompanyKYB(context.Background(), cardplatform.PerformKYBRequest{CompanyGUID: co.CompanyGUID})
		require.NoError(t, err)
		res, err := e.client.RetrieveCompanyKYB(context.Background(), co.CompanyGUID)
		require.NoError(t, err)
		assert.Equal(t, kyb.KYBRequestGUID, res.KYBRequestGUID)
		assert.Equal(t, "PASSED", res.KYBStatus, "the sandbox's verifier decides at once")
		assert.False(t, res.RequestedAt.IsZero())
		assert.False(t, res.RespondedAt.IsZero())
		w := sent(t, e, "retrieveCompanyKyb", "GET", "/api/v1/companies/"+co.CompanyGUID.String()+"/retrieve")
		assert.Empty(t, w.Body)
	}},
	{"getCompanyVerificationResult", func(t *testing.T, e *env) {
		co := newCompany(t, e)
		_, err := e.client.PerformCompanyKYB(context.Background(), cardplatform.PerformKYBRequest{CompanyGUID: co.CompanyGUID})
		require.NoError(t, err)
		res, err := e.client.GetCompanyVerificationResult(context.Background(), co.CompanyGUID)
		require.NoError(t, err)
		assert.Equal(t, co.CompanyGUID, res.CompanyGUID)
		assert.Equal(t, "PASSED", res.VerificationStatus)
		assert.False(t, res.VerifiedAt.IsZero())
		w := sent(t, e, "getCompanyVerificationResult", "GET", "/api/v1/companies/"+co.CompanyGUID.String()+"/kyb")
		assert.Empty(t, w.Body)
	}},
	{"createBulkOrder", func(t *testing.T, e *env) {
		pkg := core.NewGUID()
		res, err := e.client.CreateBulkOrder(context.Background(), cardplatform.BulkOrderRequest{
			ProgramGUID: program, CompanyGUID: company, PackageGUID: pkg, Quantity: 250,
			Person: cardplatform.Person{FirstName: "Branch", LastName: "Manager", Email: "branch@example.org"},
		})
		require.NoError(t, err)
		assert.Equal(t, cardplatform.BulkOrderStatusPENDING, res.BulkOrderStatus, "a new order is PENDING")
		assert.False(t, res.OrderGUID.IsZero())
		assert.False(t, res.PersonGUID.IsZero(), "the person is created")
		w := sent(t, e, "createBulkOrder", "POST", "/api/v1/bulkorders")
		assert.Equal(t, num("250"), w.js["quantity"])
		assert.Equal(t, pkg.String(), w.js["package_guid"])
		assert.Equal(t, cardplatformtest.DefaultCompanyGUID, w.js["company_guid"])
		assert.Equal(t, map[string]any{"first_name": "Branch", "last_name": "Manager", "email": "branch@example.org"}, w.obj(t, "person"))
	}},
	{"searchBulkOrders", func(t *testing.T, e *env) {
		clk := e.clock
		pkg := core.NewGUID()
		first := order(t, e, pkg, 10)
		second := order(t, e, pkg, 20)
		clk.add(cardplatformtest.BulkOrderCreatedAfter)
		res, err := e.client.SearchBulkOrders(context.Background(), cardplatform.SearchBulkOrdersRequest{
			CompanyGUID: company, BulkOrderStatus: cardplatform.BulkOrderStatusCREATED, StartIndex: 2, Limit: 5,
		})
		require.NoError(t, err)
		assert.Equal(t, int32(2), res.Total, "both orders are CREATED a day later")
		require.Len(t, res.Items, 1, "start_index 2")
		assert.Equal(t, second.OrderGUID, res.Items[0].OrderGUID)
		assert.Equal(t, int32(20), res.Items[0].Quantity)
		assert.Equal(t, cardplatform.BulkOrderStatusCREATED, res.Items[0].BulkOrderStatus)
		res, err = e.client.SearchBulkOrders(context.Background(), cardplatform.SearchBulkOrdersRequest{OrderGUID: first.OrderGUID})
		require.NoError(t, err)
		require.Len(t, res.Items, 1)
		assert.Equal(t, pkg, res.Items[0].PackageGUID)
		ws := sentN(t, e, "searchBulkOrders", 2, "GET", "/api/v1/bulkorders")
		assert.Equal(t, map[string][]string{
			"company_guid": {cardplatformtest.DefaultCompanyGUID}, "bulk_order_status": {"CREATED"}, "start_index": {"2"}, "limit": {"5"},
		}, map[string][]string(ws[0].q))
		assert.Equal(t, map[string][]string{"order_guid": {first.OrderGUID.String()}}, map[string][]string(ws[1].q))
	}},
	{"cancelBulkOrder", func(t *testing.T, e *env) {
		clk := e.clock
		o := order(t, e, core.NewGUID(), 5)
		shipped := order(t, e, core.NewGUID(), 5)
		res, err := e.client.CancelBulkOrder(context.Background(), cardplatform.BulkOrderRef{OrderGUID: o.OrderGUID})
		require.NoError(t, err)
		assert.Equal(t, cardplatform.BulkOrderStatusCANCELLED, res.BulkOrderStatus)
		assert.Equal(t, o.OrderGUID, res.OrderGUID)
		res, err = e.client.CancelBulkOrder(context.Background(), cardplatform.BulkOrderRef{OrderGUID: o.OrderGUID})
		require.NoError(t, err, "cancelling a cancelled order answers it again")
		assert.Equal(t, cardplatform.BulkOrderStatusCANCELLED, res.BulkOrderStatus)
		clk.add(cardplatformtest.BulkOrderShippedAfter)
		_, err = e.client.CancelBulkOrder(context.Background(), cardplatform.BulkOrderRef{OrderGUID: shipped.OrderGUID})
		badRequest(t, err, "order_guid")
		ws := sentN(t, e, "cancelBulkOrder", 3, "PUT", "/api/v1/bulkorders")
		assert.Equal(t, map[string]any{"order_guid": o.OrderGUID.String()}, ws[0].js)
		assert.Equal(t, map[string]any{"order_guid": shipped.OrderGUID.String()}, ws[2].js)
	}},
	{"checkInBulkOrder", func(t *testing.T, e *env) {
		clk := e.clock
		o := order(t, e, core.NewGUID(), 5)
		_, err := e.client.CheckInBulkOrder(context.Background(), cardplatform.BulkOrderRef{OrderGUID: o.OrderGUID})
		badRequest(t, err, "order_guid")
		clk.add(cardplatformtest.BulkOrderShippedAfter)
		res, err := e.client.CheckInBulkOrder(context.Background(), cardplatform.BulkOrderRef{OrderGUID: o.OrderGUID})
		require.NoError(t, err)
		assert.Equal(t, cardplatform.BulkOrderStatusSHIPPED, res.BulkOrderStatus)
		assert.Equal(t, int32(5), res.Quantity)
		ws := sentN(t, e, "checkInBulkOrder", 2, "PUT", "/api/v1/bulkorders/CheckinBulkOrder")
		assert.Equal(t, map[string]any{"order_guid": o.OrderGUID.String()}, ws[1].js)
	}},
	{"listBulkOrderSummaryByLocation", func(t *testing.T, e *env) {
		clk := e.clock
		pkg := core.NewGUID()
		o, err := e.client.CreateBulkOrder(context.Background(), cardplatform.BulkOrderRequest{
			ProgramGUID: program, CompanyGUID: company, PackageGUID: pkg, Quantity: 40, Person: cardplatform.Person{FirstName: "Branch", LastName: "North"},
		})
		require.NoError(t, err)
		_, err = e.client.CreateBulkOrder(context.Background(), cardplatform.BulkOrderRequest{
			ProgramGUID: program, CompanyGUID: company, PackageGUID: pkg, Quantity: 60, Person: cardplatform.Person{PersonGUID: o.PersonGUID},
		})
		require.NoError(t, err)
		clk.add(cardplatformtest.BulkOrderShippedAfter)
		_, err = e.client.CheckInBulkOrder(context.Background(), cardplatform.BulkOrderRef{OrderGUID: o.OrderGUID})
		require.NoError(t, err)
		res, err := e.client.ListBulkOrderSummaryByLocation(context.Background(), cardplatform.ListBulkOrderSummaryByLocationRequest{
			PersonGUID: o.PersonGUID, CompanyGUID: company, StartIndex: 1, Limit: 10,
		})
		require.NoError(t, err)
		assert.Equal(t, int32(1), res.Total)
		require.Len(t, res.Items, 1)
		assert.Equal(t, int32(100), res.Items[0].QuantityOrdered, "40 + 60 ordered")
		assert.Equal(t, int32(40), res.Items[0].QuantityAvailable, "the checked-in order is available")
		assert.Equal(t, pkg, res.Items[0].PackageGUID)
		w := sent(t, e, "listBulkOrderSummaryByLocation", "GET", "/api/v1/bulkorders/BulkOrderSummaryByLocation")
		assert.Equal(t, map[string][]string{
			"person_guid": {o.PersonGUID.String()}, "company_guid": {cardplatformtest.DefaultCompanyGUID}, "start_index": {"1"}, "limit": {"10"},
		}, map[string][]string(w.q))
	}},
	{"createDisbursement", func(t *testing.T, e *env) {
		var meta core.Response
		res, err := e.client.CreateDisbursement(context.Background(), cardplatform.DisbursementDTO{
			ProgramGUID: program, Amount: dec(t, "250.75"), ClientReferenceID: "payout-2024-05-01-7", PayoutOption: "ACH",
			Person: cardplatform.Person{FirstName: "Grace", LastName: "Hopper", Email: "grace@example.org"},
		}, core.WithCorrelationID("recon-7"), core.WithResponseInto(&meta))
		require.NoError(t, err)
		assert.Equal(t, cardplatformtest.DisbursementStatusQueued, res.Status, "disbursements are queued")
		assert.Equal(t, "250.75", res.Amount.String())
		assert.False(t, res.DisbursementGUID.IsZero())
		assert.Equal(t, 201, meta.StatusCode)
		assert.Equal(t, "recon-7", meta.CorrelationID, "the correlation id the call was sent with")
		acct := getAccount(t, e, res.AccountGUID)
		assert.Equal(t, "DISBURSEMENT", acct.AccountType)
		_, err = e.client.CreateDisbursement(context.Background(), cardplatform.DisbursementDTO{
			ProgramGUID: program, Amount: dec(t, "1.00"), PayoutOption: "PAPER_CHECK", Person: cardplatform.Person{PersonGUID: res.PersonGUID},
		})
		badRequest(t, err, "payout_option")
		ws := sentN(t, e, "createDisbursement", 2, "POST", "/api/v1/disbursements")
		assert.Equal(t, "recon-7", ws[0].Header.Get("X-CorrelationId"))
		assert.Equal(t, num("250.75"), ws[0].js["amount"])
		assert.Equal(t, "payout-2024-05-01-7", ws[0].js["client_reference_id"])
		assert.Equal(t, "ACH", ws[0].js["payout_option"])
		assert.Equal(t, map[string]any{"first_name": "Grace", "last_name": "Hopper", "email": "grace@example.org"}, ws[0].obj(t, "person"))
	}},
	{"listPayoutOptions", func(t *testing.T, e *env) {
		res, err := e.client.ListPayoutOptions(context.Background(), cardplatform.ListPayoutOptionsRequest{ProgramGUID: program})
		require.NoError(t, err)
		assert.Equal(t, []cardplatform.DisbursementPayoutOptions{"ACH", "CARD"}, res)
		w := sent(t, e, "listPayoutOptions", "GET", "/api/v1/disbursements/payoutoptions")
		assert.Equal(t, map[string][]string{"program_guid": {cardplatformtest.DefaultProgramGUID}}, map[string][]string(w.q))
	}},
	{"getPayoutPreference", func(t *testing.T, e *env) {
		c := issue(t, e, program, ada())
		res, err := e.client.GetPayoutPreference(context.Background(), cardplatform.GetPayoutPreferenceRequest{PersonGUID: c.Person.PersonGUID})
		require.NoError(t, err)
		assert.Equal(t, c.Person.PersonGUID, res.PersonGUID)
		assert.Empty(t, res.PayoutPreference, "none until set")
		_, err = e.client.SetPayoutPreference(context.Background(), cardplatform.SetPayoutPreferenceRequest{PersonGUID: c.Person.PersonGUID, Payoutpreference: "CARD"})
		require.NoError(t, err)
		res, err = e.client.GetPayoutPreference(context.Background(), cardplatform.GetPayoutPreferenceRequest{PersonGUID: c.Person.PersonGUID})
		require.NoError(t, err)
		assert.Equal(t, "CARD", res.PayoutPreference)
		ws := sentN(t, e, "getPayoutPreference", 2, "GET", "/api/v1/disbursements/payoutpreference")
		assert.Equal(t, map[string][]string{"person_guid": {c.Person.PersonGUID.String()}}, map[string][]string(ws[1].q))
	}},
	{"setPayoutPreference", func(t *testing.T, e *env) {
		c := issue(t, e, program, ada())
		res, err := e.client.SetPayoutPreference(context.Background(), cardplatform.SetPayoutPreferenceRequest{PersonGUID: c.Person.PersonGUID, Payoutpreference: "ACH"})
		require.NoError(t, err)
		assert.Equal(t, c.Person.PersonGUID, res.PersonGUID)
		assert.Equal(t, "ACH", res.PayoutPreference)
		w := sent(t, e, "setPayoutPreference", "PUT", "/api/v1/disbursements/payoutpreference")
		assert.Equal(t, map[string][]string{"person_guid": {c.Person.PersonGUID.String()}, "payoutpreference": {"ACH"}}, map[string][]string(w.q))
		assert.Empty(t, w.Body, "the preference travels in the query")
	}},
	{"createDisputeChargeback", func(t *testing.T, e *env) {
		_, created := openAccount(t, e)
		txn := credit(t, e, created.AccountGUID, "19.99").TxnGUID
		res, err := e.client.CreateDisputeChargeback(context.Background(), cardplatform.DisputeChargebackRequest{
			AccountGUID: created.AccountGUID, TxnGUID: txn, Amount: dec(t, "19.99"), Reason: "item not received",
		})
		require.NoError(t, err)
		assert.Equal(t, "OPEN", res.DisputeStatus)
		assert.False(t, res.DisputeGUID.IsZero())
		assert.Equal(t, txn, res.TxnGUID)
		assert.Equal(t, created.AccountGUID, res.AccountGUID)
		assert.Equal(t, "19.99", res.Amount.String())
		w := sent(t, e, "createDisputeChargeback", "POST", "/api/v1/disputes/dispute-chargeback")
		assert.Equal(t, map[string]any{
			"account_guid": created.AccountGUID.String(), "txn_guid": txn.String(), "amount": num("19.99"), "reason": "item not received",
		}, w.js)
	}},
	{"listFees", func(t *testing.T, e *env) {
		res, err := e.client.ListFees(context.Background(), cardplatform.ListFeesRequest{ProgramGUID: program, RequestCode: "ATM_WITHDRAWAL"})
		require.NoError(t, err)
		require.Len(t, res, 1)
		assert.Equal(t, "2.50", res[0].FeeAmount.String())
		assert.Equal(t, "ATM_WITHDRAWAL", res[0].RequestCode)
		assert.Equal(t, program, res[0].ProgramGUID)
		res, err = e.client.ListFees(context.Background(), cardplatform.ListFeesRequest{ProgramGUID: program, RequestCode: "NONE"})
		require.NoError(t, err)
		assert.Empty(t, res)
		ws := sentN(t, e, "listFees", 2, "GET", "/api/v1/fees")
		assert.Equal(t, map[string][]string{"program_guid": {cardplatformtest.DefaultProgramGUID}, "request_code": {"ATM_WITHDRAWAL"}}, map[string][]string(ws[0].q))
	}},
	{"applyFee", func(t *testing.T, e *env) {
		_, created := openAccount(t, e)
		credit(t, e, created.AccountGUID, "100.00")
		res, err := e.client.ApplyFee(context.Background(), cardplatform.FeeApplyRequest{AccountGUID: created.AccountGUID, RequestCode: "ATM_WITHDRAWAL"})
		require.NoError(t, err)
		assert.Equal(t, "2.50", res.Amount.String(), "the fee's configured amount")
		assert.Equal(t, program, res.ProgramGUID)
		assert.Equal(t, created.AccountGUID, res.AccountGUID)
		assert.False(t, res.TxnGUID.IsZero())
		_, err = e.client.ApplyFee(context.Background(), cardplatform.FeeApplyRequest{AccountGUID: created.AccountGUID, RequestCode: "ATM_WITHDRAWAL", Amount: dec(t, "0.35")})
		require.NoError(t, err)
		assert.Equal(t, "97.15", getAccount(t, e, created.AccountGUID).LedgerBalance.String(), "100.00 - 2.50 - 0.35 on the account named")
		ws := sentN(t, e, "applyFee", 2, "POST", "/api/v1/fees/apply")
		assert.Equal(t, map[string]any{"account_guid": created.AccountGUID.String(), "request_code": "ATM_WITHDRAWAL"}, ws[0].js)
		assert.Equal(t, num("0.35"), ws[1].js["amount"])
	}},
	{"createBatchfile", func(t *testing.T, e *env) {
		meta := cardplatform.BatchfileRequest{ProgramGUID: program, ReportName: "DISBURSEMENT", FileName: "payouts-2024-05-01.csv"}
		// io.Reader: streamed, base64-encoded while sent.
		res, err := e.client.CreateBatchfile(context.Background(), meta, strings.NewReader(string(batch)))
		require.NoError(t, err)
		assert.Equal(t, 201, res.StatusCode, "a new file is created")
		require.NotNil(t, res.Created)
		assert.Nil(t, res.GUIDOnly)
		assert.Equal(t, "RECEIVED", res.Created.Status)
		assert.Equal(t, "payouts-2024-05-01.csv", res.Created.FileName)
		assert.Equal(t, program, res.Created.ProgramGUID)
		// []byte, the same file again: 200 with the stored file's GUID only.
		again, err := e.client.CreateBatchfileBytes(context.Background(), meta, batch)
		require.NoError(t, err)
		assert.Equal(t, 200, again.StatusCode, "the same file is accepted, not created again")
		require.NotNil(t, again.GUIDOnly)
		assert.Nil(t, again.Created)
		assert.Equal(t, res.Created.BatchfileGUID, again.GUIDOnly.BatchfileGUID)
		// []byte, another document: created.
		other, err := e.client.CreateBatchfileBytes(context.Background(), meta, append([]byte{0xff, 0x00}, batch...))
		require.NoError(t, err)
		assert.Equal(t, 201, other.StatusCode)
		assert.NotEqual(t, res.Created.BatchfileGUID, other.Created.BatchfileGUID)

		ws := sentN(t, e, "createBatchfile", 3, "POST", "/api/v1/batchfiles")
		for i, doc := range [][]byte{batch, batch, append([]byte{0xff, 0x00}, batch...)} {
			assert.Equal(t, base64.StdEncoding.EncodeToString(doc), ws[i].js["source_document"], "request %d: the document in base64", i)
			assert.Equal(t, "DISBURSEMENT", ws[i].js["report_name"])
			assert.Equal(t, "payouts-2024-05-01.csv", ws[i].js["file_name"])
			assert.Equal(t, cardplatformtest.DefaultProgramGUID, ws[i].js["program_guid"])
		}
	}},
	{"downloadBatchfile", func(t *testing.T, e *env) {
		up, err := e.client.CreateBatchfileBytes(context.Background(), cardplatform.BatchfileRequest{
			ProgramGUID: program, ReportName: "DISBURSEMENT", FileName: "payouts-2024-05-01.csv",
		}, batch)
		require.NoError(t, err)
		d, err := e.client.DownloadBatchfile(context.Background(), cardplatform.BatchfileDownloadRequest{BatchfileGUID: up.Created.BatchfileGUID, ProgramGUID: program})
		require.NoError(t, err)
		got, err := io.ReadAll(d.Body)
		require.NoError(t, err)
		require.NoError(t, d.Body.Close())
		assert.Equal(t, batch, got, "the file as uploaded")
		assert.Equal(t, "payouts-2024-05-01.csv", d.FileName, "from Content-Disposition")
		assert.Equal(t, "application/octet-stream", d.ContentType)
		assert.Equal(t, int64(len(batch)), d.ContentLength)
		assert.NotEmpty(t, d.CorrelationID)
		w := sent(t, e, "downloadBatchfile", "POST", "/api/v1/batchfiles/Download")
		assert.Equal(t, "application/octet-stream", w.Header.Get("Accept"))
		assert.Equal(t, map[string]any{"batchfile_guid": up.Created.BatchfileGUID.String(), "program_guid": cardplatformtest.DefaultProgramGUID}, w.js)
	}},
}

func TestClientPrograms(t *testing.T) { runCases(t, programCases) }

// TestClientIterators walks Cards, BulkOrders and BulkOrderSummaries against the sandbox's
// paging: every item once, in order, one request per page with start_index and limit.
func TestClientIterators(t *testing.T) {
	clk := newClock()
	e := newEnv(t, cardplatformtest.WithClock(clk.now))
	first := issue(t, e, program, ada())
	want := []string{first.Card.CardProxy}
	for range 6 {
		want = append(want, issue(t, e, program, cardplatform.Person{PersonGUID: first.Person.PersonGUID}).Card.CardProxy)
	}
	issue(t, e, program, ada()) // another person's card
	var got []string
	for card, err := range e.client.Cards(context.Background(), cardplatform.SearchCardsRequest{PersonGUID: first.Person.PersonGUID}, core.WithPageSize(3)) {
		require.NoError(t, err)
		assert.True(t, card.CardNumber.IsZero())
		got = append(got, card.CardProxy)
	}
	assert.Equal(t, want, got)
	var pages []string
	for _, r := range e.srv.RequestsFor("SearchCards") {
		assert.Equal(t, first.Person.PersonGUID.String(), r.RevealQuery().Get("person_guid"))
		pages = append(pages, "start_index="+r.RevealQuery().Get("start_index")+"&limit="+r.RevealQuery().Get("limit"))
	}
	assert.Equal(t, []string{"start_index=1&limit=3", "start_index=4&limit=3", "start_index=7&limit=1"}, pages, "three pages: the last asks only for the one card the total leaves")

	pkg := core.NewGUID()
	var orders []core.GUID
	for i := range 5 {
		orders = append(orders, order(t, e, pkg, int32(i+1)).OrderGUID)
	}
	clk.add(time.Hour)
	var gotOrders []core.GUID
	for o, err := range e.client.BulkOrders(context.Background(), cardplatform.SearchBulkOrdersRequest{PackageGUID: pkg}, core.WithPageSize(2)) {
		require.NoError(t, err)
		gotOrders = append(gotOrders, o.OrderGUID)
	}
	assert.Equal(t, orders, gotOrders)
	assert.Len(t, e.srv.RequestsFor("SearchBulkOrders"), 3, "pages of 2, 2 and 1")

	n := 0
	for s, err := range e.client.BulkOrderSummaries(context.Background(), cardplatform.ListBulkOrderSummaryByLocationRequest{CompanyGUID: company}, core.WithPageSize(2)) {
		require.NoError(t, err)
		assert.Equal(t, pkg, s.PackageGUID)
		n++
	}
	assert.Equal(t, 5, n, "one location per ordering person")
	assert.Len(t, e.srv.RequestsFor("ListBulkOrderSummaryByLocation"), 3)

	// A 503 on the second page is retried by the client; the walk goes on.
	require.NoError(t, e.srv.FailNext("SearchCards", 1, cardplatformtest.Fault{Status: 503}))
	e.srv.ResetRequests()
	got = got[:0]
	for card, err := range e.client.Cards(context.Background(), cardplatform.SearchCardsRequest{PersonGUID: first.Person.PersonGUID}, core.WithPageSize(4)) {
		require.NoError(t, err)
		got = append(got, card.CardProxy)
	}
	assert.Equal(t, want, got)
	assert.Len(t, e.srv.RequestsFor("SearchCards"), 3, "the first page twice (503, then 200), then the second")
}
