package cardplatformtest_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

func getAccount(t *testing.T, e *env, g core.GUID) *cardplatform.AccountDTO {
	t.Helper()
	a, err := e.client.GetAccount(context.Background(), g)
	require.NoError(t, err)
	return a
}

// rankedProgram is a program of its own with three accounts: CHECKING 10.00 and 250.50, and
// SAVINGS -5.00. It returns the program and the accounts in that order.
func rankedProgram(t *testing.T, e *env) (core.GUID, []core.GUID) {
	t.Helper()
	co := newCompany(t, e)
	var accts []core.GUID
	for _, a := range []struct{ typ, amount string }{{"CHECKING", "10.00"}, {"CHECKING", "250.50"}, {"SAVINGS", "-5.00"}} {
		c := issue(t, e, co.ProgramGUID, ada())
		acct, err := e.client.CreateAccount(context.Background(), cardplatform.CreateAccountRequest{
			WalletGUID: c.Card.WalletGUID, AccountName: a.typ + " " + a.amount, AccountType: a.typ, ProgramGUID: co.ProgramGUID,
		})
		require.NoError(t, err)
		credit(t, e, acct.AccountGUID, a.amount)
		accts = append(accts, acct.AccountGUID)
	}
	return co.ProgramGUID, accts
}

var accountCases = []opCase{
	{"createAccount", func(t *testing.T, e *env) {
		c := issue(t, e, program, ada())
		a, err := e.client.CreateAccount(context.Background(), cardplatform.CreateAccountRequest{
			WalletGUID: c.Card.WalletGUID, AccountName: "Spending", AccountType: "CHECKING", ProgramGUID: program,
		})
		require.NoError(t, err)
		assert.False(t, a.AccountGUID.IsZero())
		assert.Equal(t, c.Card.WalletGUID, a.WalletGUID)
		assert.Equal(t, "Spending", a.AccountName)
		assert.Equal(t, "CHECKING", a.AccountType)
		assert.Equal(t, cardplatformtest.AccountStatusActive, a.AccountStatus)
		w := sent(t, e, "createAccount", "POST", "/api/v1/accounts")
		assert.Equal(t, map[string]any{
			"wallet_guid": c.Card.WalletGUID.String(), "account_name": "Spending", "account_type": "CHECKING", "program_guid": cardplatformtest.DefaultProgramGUID,
		}, w.js)
	}},
	{"getAccount", func(t *testing.T, e *env) {
		c, created := openAccount(t, e)
		credit(t, e, created.AccountGUID, "0.10")
		credit(t, e, created.AccountGUID, "0.20")
		a := getAccount(t, e, created.AccountGUID)
		assert.Equal(t, created.AccountGUID, a.AccountGUID)
		assert.Equal(t, c.Card.WalletGUID, a.WalletGUID)
		assert.Equal(t, program, a.ProgramGUID)
		assert.Equal(t, "0.30", a.LedgerBalance.String(), "0.10 + 0.20 is exactly 0.30")
		assert.Equal(t, "0.30", a.AvailableBalance.String())
		assert.Equal(t, "0.00", a.SuspenseBalance.String())
		w := sent(t, e, "getAccount", "GET", "/api/v1/accounts/"+created.AccountGUID.String())
		assert.Empty(t, w.Body)
	}},
	{"updateAccount", func(t *testing.T, e *env) {
		_, created := openAccount(t, e)
		credit(t, e, created.AccountGUID, "42.42")
		before := getAccount(t, e, created.AccountGUID)
		after, err := e.client.UpdateAccount(context.Background(), created.AccountGUID, cardplatform.UpdateAccountInfoRequest{AccountName: "Rainy day"})
		require.NoError(t, err)
		assert.Equal(t, "Rainy day", after.AccountName)
		assert.False(t, after.SysUTCUpdated.IsZero())
		want := *before
		want.AccountName, want.SysUTCUpdated = after.AccountName, after.SysUTCUpdated
		assert.Equal(t, want, *after, "only account_name changes")
		w := sent(t, e, "updateAccount", "PUT", "/api/v1/accounts/"+created.AccountGUID.String())
		assert.Equal(t, map[string]any{"account_name": "Rainy day"}, w.js, "sent as application/json, not a wildcard type")
	}},
	{"changeAccountStatus", func(t *testing.T, e *env) {
		_, created := openAccount(t, e)
		a, err := e.client.ChangeAccountStatus(context.Background(), created.AccountGUID, cardplatform.AccountStatusUser{
			AccountStatus: "SUSPENDED", StatusReason: "fraud review", UpdatedBy: "ops@example.org",
		})
		require.NoError(t, err)
		assert.Equal(t, "SUSPENDED", a.AccountStatus)
		assert.Equal(t, created.AccountGUID, a.AccountGUID)
		assert.Equal(t, "SUSPENDED", getAccount(t, e, created.AccountGUID).AccountStatus)
		w := sent(t, e, "changeAccountStatus", "POST", "/api/v1/accounts/"+created.AccountGUID.String()+"/status")
		assert.Equal(t, map[string]any{"account_status": "SUSPENDED", "status_reason": "fraud review", "updated_by": "ops@example.org"}, w.js)
	}},
	{"adjustAccountBalance", func(t *testing.T, e *env) {
		_, created := openAccount(t, e)
		res, err := e.client.AdjustAccountBalance(context.Background(), cardplatform.AdjustBalanceRequest{
			AccountGUID: created.AccountGUID, Amount: dec(t, "1234.56"), Description: "payroll", ExternalReference: "ext-77",
			AdditionalProperties: core.NewExtras(map[string]json.RawMessage{"memo_code": json.RawMessage(`"PAYROLL"`)}),
		})
		require.NoError(t, err)
		assert.Equal(t, "1234.56", res.Amount.String())
		assert.Equal(t, "1234.56", res.LedgerBalance.String())
		assert.Equal(t, created.AccountGUID, res.AccountGUID)
		assert.False(t, res.TxnGUID.IsZero())
		res, err = e.client.AdjustAccountBalance(context.Background(), cardplatform.AdjustBalanceRequest{AccountGUID: created.AccountGUID, Amount: dec(t, "-0.07")})
		require.NoError(t, err)
		assert.Equal(t, "1234.49", res.LedgerBalance.String(), "the balance moves by exactly the amount")
		assert.Equal(t, "1234.49", res.AvailableBalance.String())
		assert.Equal(t, "1234.49", getAccount(t, e, created.AccountGUID).LedgerBalance.String())

		ws := sentN(t, e, "adjustAccountBalance", 2, "POST", "/api/v1/accounts/AdjustBalance")
		assert.Equal(t, map[string]any{
			"account_guid": created.AccountGUID.String(), "amount": num("1234.56"), "description": "payroll",
			"external_reference": "ext-77", "memo_code": "PAYROLL",
		}, ws[0].js, "a field the spec does not name is sent too")
		assert.Equal(t, num("-0.07"), ws[1].js["amount"])
	}},
	{"postAccountInterest", func(t *testing.T, _ *env) {
		clk := newClock()
		acct := core.MustParseGUID("0a0b0c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d")
		e := newEnv(t, cardplatformtest.WithClock(clk.now), cardplatformtest.WithSeed(cardplatformtest.Seed{
			Accounts: []cardplatformtest.SeedAccount{{
				Account:         cardplatform.AccountDTO{AccountGUID: acct, AccountName: "Savings", AccountType: "SAVINGS", LedgerBalance: dec(t, "100.00")},
				AccruedInterest: dec(t, "1.23"),
			}},
		}))
		// On an account that is not closed, the request prepares the closing: nothing is posted.
		res, err := e.client.PostAccountInterest(context.Background(), acct)
		require.NoError(t, err)
		assert.Equal(t, cardplatformtest.AccountStatusActive, res.AccountStatus)
		assert.Equal(t, "0.00", res.InterestPosted.String(), "nothing posted")
		assert.Equal(t, "100.00", res.LedgerBalance.String())
		clk.add(24 * time.Hour)
		assert.Equal(t, cardplatformtest.AccountStatusClosed, getAccount(t, e, acct).AccountStatus, "the batch closed it the next day")

		// Closed today: the accrued interest is posted.
		e = newEnv(t, cardplatformtest.WithClock(clk.now), cardplatformtest.WithSeed(cardplatformtest.Seed{
			Accounts: []cardplatformtest.SeedAccount{{
				Account:         cardplatform.AccountDTO{AccountGUID: acct, AccountName: "Savings", AccountType: "SAVINGS", LedgerBalance: dec(t, "100.00")},
				AccruedInterest: dec(t, "1.23"),
			}},
		}))
		_, err = e.client.ChangeAccountStatus(context.Background(), acct, cardplatform.AccountStatusUser{AccountStatus: cardplatformtest.AccountStatusClosed})
		require.NoError(t, err)
		res, err = e.client.PostAccountInterest(context.Background(), acct)
		require.NoError(t, err)
		assert.Equal(t, acct, res.AccountGUID)
		assert.Equal(t, cardplatformtest.AccountStatusClosed, res.AccountStatus)
		assert.Equal(t, "1.23", res.InterestPosted.String())
		assert.Equal(t, "101.23", res.LedgerBalance.String())
		assert.Equal(t, "101.23", res.AvailableBalance.String())
		w := sent(t, e, "postAccountInterest", "POST", "/api/v1/accounts/"+acct.String()+"/PostInterest")
		assert.Empty(t, w.Body, "PostInterest has no request body")
	}},
	{"searchAccounts", func(t *testing.T, e *env) {
		c, created := openAccount(t, e)
		openAccount(t, e) // another person's
		credit(t, e, created.AccountGUID, "7.05")
		res, err := e.client.SearchAccounts(context.Background(), cardplatform.SearchAccountsProgramRequest{
			ProgramGUID: program, PersonGUID: c.Person.PersonGUID, AccountType: "CHECKING", AccountStatus: cardplatformtest.AccountStatusActive,
		})
		require.NoError(t, err)
		assert.Equal(t, int32(1), res.Total)
		require.Len(t, res.Items, 1)
		got := res.Items[0]
		assert.Equal(t, created.AccountGUID, got.AccountGUID)
		assert.Equal(t, c.Person.PersonGUID, got.PersonGUID)
		assert.Equal(t, "Spending", got.AccountName)
		assert.Equal(t, "7.05", got.LedgerBalance.String())
		w := sent(t, e, "searchAccounts", "POST", "/api/v1/accounts/search")
		assert.Equal(t, map[string]any{
			"program_guid": cardplatformtest.DefaultProgramGUID, "person_guid": c.Person.PersonGUID.String(),
			"account_type": "CHECKING", "account_status": "ACTIVE",
		}, w.js)
	}},
	{"listAccountsByBalance", func(t *testing.T, e *env) {
		prog, accts := rankedProgram(t, e)
		res, err := e.client.ListAccountsByBalance(context.Background(), prog, cardplatform.ListAccountsByBalanceRequest{
			BasedOn: cardplatform.BalanceBasisLedger, SortBy: "desc", Count: 2,
		})
		require.NoError(t, err)
		require.Len(t, res.Items, 2, "count 2")
		assert.Equal(t, accts[1], res.Items[0].AccountGUID, "highest first")
		assert.Equal(t, "250.50", res.Items[0].LedgerBalance.String())
		assert.Equal(t, "10.00", res.Items[1].LedgerBalance.String())
		assert.False(t, res.CachedAt.IsZero())

		res, err = e.client.ListAccountsByBalance(context.Background(), prog, cardplatform.ListAccountsByBalanceRequest{
			SortBy: "asc", IncludeNegativeBalances: true, AccountStatus: cardplatformtest.AccountStatusActive,
		})
		require.NoError(t, err)
		require.Len(t, res.Items, 3, "the negative balance only with include_negative_balances")
		assert.Equal(t, "-5.00", res.Items[0].LedgerBalance.String())
		assert.Equal(t, accts[2], res.Items[0].AccountGUID)

		ws := sentN(t, e, "listAccountsByBalance", 2, "GET", "/api/v1/accounts/program/"+prog.String())
		assert.Equal(t, map[string][]string{"based_on": {"ledger"}, "sort_by": {"desc"}, "count": {"2"}}, map[string][]string(ws[0].q))
		assert.Equal(t, map[string][]string{"sort_by": {"asc"}, "include_negative_balances": {"true"}, "account_status": {"ACTIVE"}}, map[string][]string(ws[1].q))
	}},
	{"getProgramBalances", func(t *testing.T, e *env) {
		prog, _ := rankedProgram(t, e)
		res, err := e.client.GetProgramBalances(context.Background(), cardplatform.GetProgramBalancesRequest{ProgramGUID: prog, IncludeHierarchyCheck: true})
		require.NoError(t, err)
		byType := map[string]cardplatform.AccountBalancesDTO{}
		for _, b := range res {
			byType[b.AccountType] = b
		}
		require.Len(t, byType, 2)
		assert.Equal(t, "260.50", byType["CHECKING"].LedgerBalance.String(), "10.00 + 250.50")
		assert.Equal(t, "260.50", byType["CHECKING"].AvailableBalance.String())
		assert.Equal(t, "-5.00", byType["SAVINGS"].LedgerBalance.String())
		w := sent(t, e, "getProgramBalances", "GET", "/api/v1/accounts/balances")
		assert.Equal(t, map[string][]string{"program_guid": {prog.String()}, "include_hierarchy_check": {"true"}}, map[string][]string(w.q))
		assert.Empty(t, w.Body)
	}},
	{"createSharedAccount", func(t *testing.T, e *env) {
		_, created := openAccount(t, e)
		grace := issue(t, e, program, cardplatform.Person{FirstName: "Grace", LastName: "Hopper"})
		res, err := e.client.CreateSharedAccount(context.Background(), cardplatform.CreateSharedAccountRequest{
			AccountGUID: created.AccountGUID, PersonGUID: grace.Person.PersonGUID,
		})
		require.NoError(t, err)
		assert.Equal(t, created.AccountGUID, res.AccountGUID)
		assert.Equal(t, grace.Person.PersonGUID, res.PersonGUID)
		assert.Equal(t, "ACTIVE", res.SharingStatus)
		w := sent(t, e, "createSharedAccount", "POST", "/api/v1/accounts/sharedaccount")
		assert.Equal(t, map[string]any{"account_guid": created.AccountGUID.String(), "person_guid": grace.Person.PersonGUID.String()}, w.js)
	}},
	{"updateSharedAccount", func(t *testing.T, e *env) {
		_, created := openAccount(t, e)
		grace := issue(t, e, program, cardplatform.Person{FirstName: "Grace", LastName: "Hopper"})
		_, err := e.client.CreateSharedAccount(context.Background(), cardplatform.CreateSharedAccountRequest{AccountGUID: created.AccountGUID, PersonGUID: grace.Person.PersonGUID})
		require.NoError(t, err)
		res, err := e.client.UpdateSharedAccount(context.Background(), cardplatform.UpdateSharedAccountRequest{
			AccountGUID: created.AccountGUID, PersonGUID: grace.Person.PersonGUID, SharingStatus: "INACTIVE",
		})
		require.NoError(t, err)
		assert.Equal(t, "INACTIVE", res.SharingStatus)
		assert.Equal(t, created.AccountGUID, res.AccountGUID)
		assert.Equal(t, grace.Person.PersonGUID, res.PersonGUID)
		assert.False(t, res.SysUTCUpdated.IsZero())
		w := sent(t, e, "updateSharedAccount", "POST", "/api/v1/accounts/updatesharedaccount")
		assert.Equal(t, map[string]any{
			"account_guid": created.AccountGUID.String(), "person_guid": grace.Person.PersonGUID.String(), "sharing_status": "INACTIVE",
		}, w.js)
	}},
	{"createAccountInstrument", func(t *testing.T, e *env) {
		_, created := openAccount(t, e)
		inst := core.NewGUID()
		res, err := e.client.CreateAccountInstrument(context.Background(), cardplatform.CreateAccountInstrumentRequest{
			AccountGUID: created.AccountGUID, InstrumentGUID: inst, InstrumentType: "ACH",
		})
		require.NoError(t, err)
		assert.False(t, res.AccountInstrumentGUID.IsZero())
		assert.Equal(t, inst, res.InstrumentGUID, "the instrument GUID sent is echoed")
		assert.Equal(t, created.AccountGUID, res.AccountGUID)
		assert.Equal(t, "ACH", res.InstrumentType)
		assert.Equal(t, "ACTIVE", res.InstrumentStatus)
		w := sent(t, e, "createAccountInstrument", "POST", "/api/v1/account_instruments")
		assert.Equal(t, map[string]any{"account_guid": created.AccountGUID.String(), "instrument_guid": inst.String(), "instrument_type": "ACH"}, w.js)
	}},
	{"getAccountInstrument", func(t *testing.T, e *env) {
		_, created := openAccount(t, e)
		made, err := e.client.CreateAccountInstrument(context.Background(), cardplatform.CreateAccountInstrumentRequest{AccountGUID: created.AccountGUID, InstrumentType: "RTP"})
		require.NoError(t, err)
		res, err := e.client.GetAccountInstrument(context.Background(), made.AccountInstrumentGUID)
		require.NoError(t, err)
		assert.Equal(t, *made, *res)
		assert.False(t, res.InstrumentGUID.IsZero(), "the sandbox assigns an instrument GUID when none is sent")
		w := sent(t, e, "getAccountInstrument", "GET", "/api/v1/account_instruments/"+made.AccountInstrumentGUID.String())
		assert.Empty(t, w.Body)
	}},
	{"precalculateAdvance", func(t *testing.T, e *env) {
		_, created := openAccount(t, e)
		res, err := e.client.PrecalculateAdvance(context.Background(), created.AccountGUID, cardplatform.AdvancePreCalcRequest{Amount: dec(t, "200.00")})
		require.NoError(t, err)
		assert.NotEmpty(t, res.RequestID)
		assert.Equal(t, created.AccountGUID, res.AccountGUID)
		assert.Equal(t, "200.00", res.AdvanceAmount.String())
		assert.Equal(t, "5.00", res.FeeAmount.String())
		assert.Equal(t, "205.00", res.TotalRepaymentAmount.String())
		assert.Equal(t, "2024-05-31T00:00:00", res.RepaymentDate.String(), "30 days after 2024-05-01")
		assert.Equal(t, "0.00", getAccount(t, e, created.AccountGUID).LedgerBalance.String(), "a pre-calculation moves nothing")
		w := sent(t, e, "precalculateAdvance", "GET", "/api/v1/advances/"+created.AccountGUID.String()+"/precalc")
		assert.Equal(t, map[string]any{"amount": num("200.00")}, w.js, "this GET sends its body, as application/json")
	}},
	{"applyAdvance", func(t *testing.T, e *env) {
		_, created := openAccount(t, e)
		pre, err := e.client.PrecalculateAdvance(context.Background(), created.AccountGUID, cardplatform.AdvancePreCalcRequest{Amount: dec(t, "75.25")})
		require.NoError(t, err)
		res, err := e.client.ApplyAdvance(context.Background(), created.AccountGUID, cardplatform.ApplyAdvanceRequest{RequestID: pre.RequestID})
		require.NoError(t, err)
		assert.Equal(t, "APPLIED", res.Status)
		assert.Equal(t, pre.RequestID, res.RequestID)
		assert.Equal(t, "75.25", res.AdvanceAmount.String())
		assert.False(t, res.TxnGUID.IsZero())
		assert.Equal(t, "75.25", getAccount(t, e, created.AccountGUID).LedgerBalance.String())
		_, err = e.client.ApplyAdvance(context.Background(), created.AccountGUID, cardplatform.ApplyAdvanceRequest{RequestID: pre.RequestID})
		badRequest(t, err, "request_id")
		assert.Equal(t, "75.25", getAccount(t, e, created.AccountGUID).LedgerBalance.String(), "applied once")
		ws := sentN(t, e, "applyAdvance", 2, "POST", "/api/v1/advances/"+created.AccountGUID.String())
		assert.Equal(t, map[string]any{"request_id": pre.RequestID}, ws[0].js)
	}},
	{"changeAdvanceCycle", func(t *testing.T, e *env) {
		_, created := openAccount(t, e)
		res, err := e.client.ChangeAdvanceCycle(context.Background(), created.AccountGUID, cardplatform.ChangeAdvanceCycleRequest{Cycle: "BIWEEKLY"})
		require.NoError(t, err)
		assert.Equal(t, "BIWEEKLY", res.Cycle)
		assert.Equal(t, created.AccountGUID, res.AccountGUID)
		assert.Equal(t, "2024-05-15T00:00:00", res.NextCycleDate.String())
		_, err = e.client.ChangeAdvanceCycle(context.Background(), created.AccountGUID, cardplatform.ChangeAdvanceCycleRequest{Cycle: "DAILY"})
		badRequest(t, err, "cycle")
		ws := sentN(t, e, "changeAdvanceCycle", 2, "POST", "/api/v1/advances/"+created.AccountGUID.String()+"/cycle")
		assert.Equal(t, map[string]any{"cycle": "BIWEEKLY"}, ws[0].js)
	}},
	{"searchChecks", func(t *testing.T, _ *env) {
		e, acct, person := checkEnv(t)
		res, err := e.client.SearchChecks(context.Background(), cardplatform.CheckSearchDTO{AccountGUID: acct, CheckNumber: "1001"})
		require.NoError(t, err)
		assert.Equal(t, int32(1), res.Total)
		require.Len(t, res.Items, 1)
		assert.Equal(t, "75.25", res.Items[0].Amount.String())
		assert.Equal(t, "ISSUED", res.Items[0].CheckStatus)
		assert.Equal(t, person, res.Items[0].PersonGUID)
		assert.Equal(t, "Jane Roe", res.Items[0].PayeeName)
		start, err := core.ParseTimestamp("2024-04-01T00:00:00")
		require.NoError(t, err)
		res, err = e.client.SearchChecks(context.Background(), cardplatform.CheckSearchDTO{PersonGUID: person, StartDate: start})
		require.NoError(t, err)
		assert.Equal(t, int32(1), res.Total, "the check of March is before the range")
		ws := sentN(t, e, "searchChecks", 2, "POST", "/api/v1/Check/getchecks")
		assert.Equal(t, map[string]any{"account_guid": acct.String(), "check_number": "1001"}, ws[0].js)
		assert.Equal(t, map[string]any{"person_guid": person.String(), "start_date": "2024-04-01T00:00:00"}, ws[1].js)
	}},
	{"changeCheckStatus", func(t *testing.T, _ *env) {
		e, acct, _ := checkEnv(t)
		res, err := e.client.ChangeCheckStatus(context.Background(), cardplatform.CheckStatusDTO{
			AccountGUID: acct, CheckNumber: "1001", NewStatus: cardplatform.CheckNewStatusREVERSED, Notes: "payee lost it",
		})
		require.NoError(t, err)
		assert.Equal(t, cardplatform.CheckNewStatusREVERSED, res.NewStatus)
		assert.Equal(t, "1001", res.CheckNumber)
		assert.False(t, res.TxnGUID.IsZero())
		assert.Equal(t, "payee lost it", res.Notes)
		assert.Equal(t, "575.25", getAccount(t, e, acct).LedgerBalance.String(), "the reversal credits 75.25 back")
		_, err = e.client.ChangeCheckStatus(context.Background(), cardplatform.CheckStatusDTO{TxnGUID: res.TxnGUID, NewStatus: cardplatform.CheckNewStatusSTOPPED})
		badRequest(t, err, "new_status")
		assert.Equal(t, "575.25", getAccount(t, e, acct).LedgerBalance.String(), "credited once")
		ws := sentN(t, e, "changeCheckStatus", 2, "PATCH", "/api/v1/Check/ChangeStatus")
		assert.Equal(t, map[string]any{"account_guid": acct.String(), "check_number": "1001", "new_status": "REVERSED", "notes": "payee lost it"}, ws[0].js)
		assert.Equal(t, map[string]any{"txn_guid": res.TxnGUID.String(), "new_status": "STOPPED"}, ws[1].js)
	}},
}

// checkEnv is a sandbox with an account of 500.00 and two paper checks on it: 1001 for 75.25
// (April) and 1000 (March).
func checkEnv(t *testing.T) (*env, core.GUID, core.GUID) {
	t.Helper()
	acct := core.MustParseGUID("1a1b1c1d-2e2f-4a3b-8c4d-5e6f7a8b9c0d")
	person := core.MustParseGUID("2a2b2c2d-3e3f-4a4b-8c5d-6e7f8a9b0c1d")
	at := func(s string) core.Timestamp {
		ts, err := core.ParseTimestamp(s)
		require.NoError(t, err)
		return ts
	}
	e := newEnv(t, cardplatformtest.WithSeed(cardplatformtest.Seed{
		Persons:  []cardplatform.Person{{PersonGUID: person, FirstName: "Jane", LastName: "Roe"}},
		Accounts: []cardplatformtest.SeedAccount{{Account: cardplatform.AccountDTO{AccountGUID: acct, AccountName: "Payroll", LedgerBalance: dec(t, "500.00")}, PersonGUID: person.String()}},
		Checks: []cardplatform.CheckDTO{
			{AccountGUID: acct, PersonGUID: person, CheckNumber: "1000", Amount: dec(t, "20.00"), CheckStatus: "CLEARED", CheckDate: at("2024-03-10T00:00:00"), PayeeName: "Jane Roe"},
			{AccountGUID: acct, PersonGUID: person, CheckNumber: "1001", Amount: dec(t, "75.25"), CheckStatus: "ISSUED", CheckDate: at("2024-04-15T00:00:00"), PayeeName: "Jane Roe"},
		},
	}))
	return e, acct, person
}

func TestClientAccounts(t *testing.T) { runCases(t, accountCases) }
