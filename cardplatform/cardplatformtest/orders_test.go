package cardplatformtest_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

func (e *env) newOrder(qty int) string {
	e.t.Helper()
	r := e.do("POST", "/bulkorders", map[string]any{"program_guid": cardplatformtest.DefaultProgramGUID, "quantity": qty,
		"person": map[string]any{"first_name": "Store", "last_name": "Manager"}})
	require.Equal(e.t, http.StatusCreated, r.status, "%s", r.body)
	m := r.json(e.t)
	require.Equal(e.t, "PENDING", m["bulk_order_status"])
	return m["order_guid"].(string)
}

func (e *env) orderStatus(g string) string {
	e.t.Helper()
	items := e.do("GET", "/bulkorders?order_guid="+g, nil).json(e.t)["items"].([]any)
	require.Len(e.t, items, 1)
	return items[0].(map[string]any)["bulk_order_status"].(string)
}

func TestBulkOrderLifecycle(t *testing.T) {
	clk := newClock()
	e := newEnv(t, cardplatformtest.WithClock(clk.now))
	g := e.newOrder(100)
	cancelled := e.newOrder(5)

	assert.Contains(t, e.do("PUT", "/bulkorders/CheckinBulkOrder", map[string]any{"order_guid": g}).problemFields(t), "order_guid", "a pending order cannot be checked in")
	clk.add(cardplatformtest.BulkOrderCreatedAfter)
	assert.Equal(t, "CREATED", e.orderStatus(g))

	r := e.do("PUT", "/bulkorders", map[string]any{"order_guid": cancelled})
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	assert.Equal(t, "CANCELLED", r.json(t)["bulk_order_status"])
	assert.Equal(t, http.StatusOK, e.do("PUT", "/bulkorders", map[string]any{"order_guid": cancelled}).status, "cancelling again answers the same order")

	clk.add(cardplatformtest.BulkOrderShippedAfter - cardplatformtest.BulkOrderCreatedAfter)
	assert.Equal(t, "SHIPPED", e.orderStatus(g))
	assert.Equal(t, "CANCELLED", e.orderStatus(cancelled), "a cancelled order stays cancelled")
	assert.Contains(t, e.do("PUT", "/bulkorders", map[string]any{"order_guid": g}).problemFields(t), "order_guid", "a shipped order cannot be cancelled")

	summary := e.do("GET", "/bulkorders/BulkOrderSummaryByLocation", nil).json(t)["items"].([]any)
	require.Len(t, summary, 1, "cancelled orders are not in the inventory")
	assert.EqualValues(t, 100, summary[0].(map[string]any)["quantity_ordered"])
	assert.NotContains(t, summary[0], "quantity_available", "nothing checked in yet")

	r = e.do("PUT", "/bulkorders/CheckinBulkOrder", map[string]any{"order_guid": g})
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	summary = e.do("GET", "/bulkorders/BulkOrderSummaryByLocation", nil).json(t)["items"].([]any)
	assert.EqualValues(t, 100, summary[0].(map[string]any)["quantity_available"])

	assert.Equal(t, http.StatusNotFound, e.do("GET", "/bulkorders?order_guid=77777777-7777-4777-8777-777777777777", nil).status)
	assert.Equal(t, http.StatusNotFound, e.do("POST", "/bulkorders", map[string]any{"program_guid": "77777777-7777-4777-8777-777777777777", "quantity": 1, "person": map[string]any{"first_name": "a", "last_name": "b"}}).status)
}

func TestSearchesPageByStartIndexAndLimit(t *testing.T) {
	e := newEnv(t)
	var proxies []string
	for range 30 {
		proxies = append(proxies, cardOf(e.newCard())["card_proxy"].(string))
	}
	page := func(q string) ([]string, float64) {
		m := e.do("GET", "/cards"+q, nil).json(t)
		var got []string
		items, _ := m["items"].([]any) // an empty page omits items
		for _, it := range items {
			got = append(got, it.(map[string]any)["card_proxy"].(string))
		}
		return got, m["total"].(float64)
	}
	got, total := page("")
	assert.Equal(t, proxies[:25], got, "limit defaults to 25, start_index to 1")
	assert.EqualValues(t, 30, total)
	got, _ = page("?start_index=26")
	assert.Equal(t, proxies[25:], got)
	got, _ = page("?start_index=2&limit=3")
	assert.Equal(t, proxies[1:4], got, "start_index is 1-based")
	got, total = page("?start_index=31")
	assert.Empty(t, got)
	assert.EqualValues(t, 30, total)
	assert.Contains(t, e.do("GET", "/cards?limit=-1", nil).problemFields(t), "limit")
	assert.Contains(t, e.do("GET", "/cards?start_index=-1", nil).problemFields(t), "start_index")

	for i := range 3 {
		_ = e.newOrder(i + 1)
	}
	m := e.do("GET", "/bulkorders?start_index=3&limit=2", nil).json(t)
	assert.Len(t, m["items"], 1)
	assert.EqualValues(t, 3, m["total"])
	m = e.do("GET", "/bulkorders/BulkOrderSummaryByLocation?limit=1", nil).json(t)
	assert.Len(t, m["items"], 1)
}

func TestCardSearchFilters(t *testing.T) {
	e := newEnv(t)
	a := cardOf(e.newCard())
	b := cardOf(e.newCard())
	e.do("POST", "/cards/"+b["card_proxy"].(string)+"/activate", map[string]any{})
	m := e.do("GET", "/cards?card_statuses=ACTIVE", nil).json(t)
	assert.EqualValues(t, 1, m["total"], "open enum values filter")
	m = e.do("GET", "/cards?person_guid="+a["person_guid"].(string), nil).json(t)
	assert.EqualValues(t, 1, m["total"])
	last4 := a["mask_card_pan"].(string)[12:]
	m = e.do("GET", "/cards?card_last4="+last4, nil).json(t)
	assert.EqualValues(t, 1, m["total"])
}

func TestChecks(t *testing.T) {
	acct := "88888888-8888-4888-8888-888888888888"
	e := newEnv(t, cardplatformtest.WithSeed(cardplatformtest.Seed{
		Accounts: []cardplatformtest.SeedAccount{{Account: cardplatform.AccountDTO{AccountGUID: mustGUID(t, acct), LedgerBalance: dec(t, "50.00")}}},
		Checks: []cardplatform.CheckDTO{
			{AccountGUID: mustGUID(t, acct), CheckNumber: "1001", CheckStatus: "ISSUED", Amount: dec(t, "20.00")},
			{AccountGUID: mustGUID(t, acct), CheckNumber: "1002", CheckStatus: "ISSUED", Amount: dec(t, "5.00")},
			{AccountGUID: mustGUID(t, acct), CheckNumber: "1003", CheckStatus: "ISSUED", Amount: dec(t, "1.00")},
		},
	}))
	for i, st := range []string{"REVERSED", "STOPPED", "DROP"} {
		r := e.do("PATCH", "/Check/ChangeStatus", map[string]any{"account_guid": acct, "check_number": fmt.Sprint(1001 + i), "new_status": st})
		require.Equal(t, http.StatusOK, r.status, "%s", r.body)
		assert.Equal(t, st, r.json(t)["new_status"])
	}
	assert.Contains(t, string(e.do("GET", "/accounts/"+acct, nil).body), `"ledger_balance":76.00`, "the reverse process credits each check once")
	assert.Contains(t, e.do("PATCH", "/Check/ChangeStatus", map[string]any{"account_guid": acct, "check_number": "1001", "new_status": "STOPPED"}).problemFields(t), "new_status")
	assert.Contains(t, e.do("PATCH", "/Check/ChangeStatus", map[string]any{"account_guid": acct, "check_number": "1001", "new_status": "VOID"}).problemFields(t), "new_status", "the spec closes new_status")
	assert.Contains(t, e.do("PATCH", "/Check/ChangeStatus", map[string]any{"new_status": "DROP"}).problemFields(t), "txn_guid")

	m := e.do("POST", "/Check/getchecks", map[string]any{"account_guid": acct, "check_status": "REVERSED"}).json(t)
	assert.EqualValues(t, 1, m["total"])
	assert.Equal(t, http.StatusNotFound, e.do("POST", "/Check/getchecks", map[string]any{"account_guid": "99999999-9999-4999-8999-999999999999"}).status)
}

func TestDisbursementsAreQueued(t *testing.T) {
	e := newEnv(t)
	d, err := e.client.CreateDisbursement(context.Background(), cardplatform.DisbursementDTO{
		ProgramGUID: mustGUID(t, cardplatformtest.DefaultProgramGUID), Amount: dec(t, "250.00"), PayoutOption: "ACH",
		Person: cardplatform.Person{FirstName: "Pat", LastName: "Payee"},
	})
	require.NoError(t, err)
	assert.Equal(t, cardplatformtest.DisbursementStatusQueued, d.Status)
	assert.Equal(t, "250.00", d.Amount.String())
	assert.False(t, d.AccountGUID.IsZero())

	_, err = e.client.CreateDisbursement(context.Background(), cardplatform.DisbursementDTO{
		ProgramGUID: mustGUID(t, "12121212-1212-4212-8212-121212121212"), Amount: dec(t, "1"),
		Person: cardplatform.Person{FirstName: "Pat", LastName: "Payee"},
	})
	assert.ErrorIs(t, err, core.ErrNotFound)

	r := e.do("GET", "/disbursements/payoutoptions?program_guid="+cardplatformtest.DefaultProgramGUID, nil)
	assert.JSONEq(t, `["ACH","CARD"]`, string(r.body))
	person := d.PersonGUID.String()
	r = e.do("PUT", "/disbursements/payoutpreference?person_guid="+person+"&payoutpreference=CARD", nil)
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	assert.Equal(t, "CARD", e.do("GET", "/disbursements/payoutpreference?person_guid="+person, nil).json(t)["payout_preference"])
}

func TestFeesAppliedToTheNamedAccount(t *testing.T) {
	e := newEnv(t)
	g, other := e.newAccount(), e.newAccount()
	e.do("POST", "/accounts/AdjustBalance", map[string]any{"account_guid": g, "amount": 10})
	fees := e.do("GET", "/fees?program_guid="+cardplatformtest.DefaultProgramGUID, nil)
	assert.Contains(t, string(fees.body), `"fee_amount":2.50`)
	r := e.do("POST", "/fees/apply", map[string]any{"account_guid": g, "request_code": "ATM_WITHDRAWAL"})
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	assert.Contains(t, string(e.do("GET", "/accounts/"+g, nil).body), `"ledger_balance":7.50`)
	assert.NotContains(t, string(e.do("GET", "/accounts/"+other, nil).body), `7.50`, "only the named account pays")
	assert.Contains(t, e.do("POST", "/fees/apply", map[string]any{"account_guid": g, "request_code": "NOPE"}).problemFields(t), "request_code")
}

func TestDisputesCompaniesAndBatchfiles(t *testing.T) {
	e := newEnv(t)
	g := e.newAccount()
	r := e.do("POST", "/disputes/dispute-chargeback", map[string]any{"account_guid": g, "amount": 42.10, "reason": "fraud"})
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	assert.Equal(t, "OPEN", r.json(t)["dispute_status"])

	r = e.do("POST", "/companies", map[string]any{"company_name": "Acme", "program_name": "Acme Payroll"})
	require.Equal(t, http.StatusCreated, r.status, "%s", r.body)
	company := r.json(t)
	assert.Equal(t, http.StatusOK, e.do("GET", "/companies/"+company["program_guid"].(string), nil).status)
	assert.Equal(t, http.StatusOK, e.do("PUT", "/companies/"+company["company_guid"].(string), map[string]any{"dba_name": "Acme Co"}).status)
	cg := company["company_guid"].(string)
	assert.Equal(t, http.StatusNotFound, e.do("GET", "/companies/"+cg+"/kyb", nil).status, "never verified")
	r = e.do("POST", "/companies/performkyb", map[string]any{"company_guid": cg})
	require.Equal(t, http.StatusCreated, r.status)
	assert.Equal(t, "PASSED", e.do("GET", "/companies/"+cg+"/kyb", nil).json(t)["verification_status"])
	assert.Equal(t, http.StatusOK, e.do("GET", "/companies/"+cg+"/retrieve", nil).status)

	r = e.do("POST", "/batchfiles", map[string]any{"program_guid": cardplatformtest.DefaultProgramGUID, "report_name": "DISBURSEMENT",
		"file_name": "p.csv", "source_document": []byte("card_proxy,amount\n1,2.00\n")})
	require.Equal(t, http.StatusCreated, r.status, "%s", r.body)
	r = e.do("POST", "/batchfiles/Download", map[string]any{"batchfile_guid": r.json(t)["batchfile_guid"]})
	require.Equal(t, http.StatusOK, r.status)
	assert.Equal(t, "card_proxy,amount\n1,2.00\n", string(r.body))
	assert.Contains(t, r.header.Get("Content-Disposition"), `filename="p.csv"`)
}
