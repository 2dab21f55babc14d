package cardplatformtest_test

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

func TestCreateAccountNeedsAKnownWallet(t *testing.T) {
	e := newEnv(t)
	g := e.newAccount()
	acct := e.do("GET", "/accounts/"+g, nil).json(t)
	assert.Equal(t, cardplatformtest.AccountStatusActive, acct["account_status"])
	assert.Equal(t, "Spending", acct["account_name"])

	r := e.do("POST", "/accounts", map[string]any{"wallet_guid": "33333333-3333-4333-8333-333333333333"})
	assert.Equal(t, http.StatusNotFound, r.status)
	assert.Empty(t, r.body, "404 of createAccount has no body")
}

func TestRenameChangesOnlyTheName(t *testing.T) {
	e := newEnv(t)
	g := e.newAccount()
	e.do("POST", "/accounts/AdjustBalance", map[string]any{"account_guid": g, "amount": 10})
	before := e.do("GET", "/accounts/"+g, nil).json(t)
	for i, ct := range []string{"application/json", "application/json-patch+json", "text/json", "application/merge-patch+json"} {
		name := fmt.Sprintf("Bills %d", i)
		r := e.do("PUT", "/accounts/"+g, `{"account_name":"`+name+`","account_type":"PROGFUND","ledger_balance":999}`, "Content-Type", ct)
		require.Equal(t, http.StatusOK, r.status, "%s: %s", ct, r.body)
		after := r.json(t)
		assert.Equal(t, name, after["account_name"], ct)
		for _, k := range []string{"account_type", "account_status", "ledger_balance", "available_balance", "wallet_guid", "program_guid"} {
			assert.Equal(t, before[k], after[k], "%s: %s unchanged", ct, k)
		}
	}
	assert.Contains(t, e.do("PUT", "/accounts/"+g, map[string]any{}).problemFields(t), "account_name")
}

func TestAdjustBalanceIsExact(t *testing.T) {
	e := newEnv(t)
	g := e.newAccount()
	for _, amt := range []string{"0.1", "0.2", "12345678901234567.89", "-0.01"} {
		r := e.do("POST", "/accounts/AdjustBalance", `{"account_guid":"`+g+`","amount":`+amt+`}`)
		require.Equal(t, http.StatusCreated, r.status, "%s", r.body)
	}
	r := e.do("GET", "/accounts/"+g, nil)
	assert.Contains(t, string(r.body), `"ledger_balance":12345678901234568.18`)
	assert.Contains(t, string(r.body), `"available_balance":12345678901234568.18`)
	assert.Contains(t, e.do("POST", "/accounts/AdjustBalance", map[string]any{"account_guid": g, "amount": 0}).problemFields(t), "amount")
	assert.Equal(t, http.StatusNotFound, e.do("POST", "/accounts/AdjustBalance", map[string]any{"account_guid": "44444444-4444-4444-8444-444444444444", "amount": 1}).status)
}

func TestConcurrentAdjustmentsAddUp(t *testing.T) {
	e := newEnv(t)
	g := e.newAccount()
	var wg sync.WaitGroup
	for range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e.do("POST", "/accounts/AdjustBalance", map[string]any{"account_guid": g, "amount": 0.01})
		}()
	}
	wg.Wait()
	assert.Contains(t, string(e.do("GET", "/accounts/"+g, nil).body), `"ledger_balance":0.40`)
}

func TestPostInterestOnlyOnTheDayOfClosing(t *testing.T) {
	clk := newClock()
	seedAcct := "55555555-5555-4555-8555-555555555555"
	e := newEnv(t, cardplatformtest.WithClock(clk.now), cardplatformtest.WithSeed(cardplatformtest.Seed{
		Accounts: []cardplatformtest.SeedAccount{{
			Account:         cardplatform.AccountDTO{AccountGUID: mustGUID(t, seedAcct), AccountName: "Savings", LedgerBalance: dec(t, "100.00")},
			AccruedInterest: dec(t, "1.23"),
		}},
	}))

	// Not closed: the request prepares the closing; nothing is posted.
	r := e.do("POST", "/accounts/"+seedAcct+"/PostInterest", nil)
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	assert.Equal(t, cardplatformtest.AccountStatusActive, r.json(t)["account_status"])
	assert.Contains(t, string(r.body), `"interest_posted":0.00`, "nothing posted")
	assert.Contains(t, string(r.body), `"ledger_balance":100.00`)

	// The next day the batch has closed it; interest can be posted that day.
	clk.add(24 * time.Hour)
	assert.Equal(t, cardplatformtest.AccountStatusClosed, e.do("GET", "/accounts/"+seedAcct, nil).json(t)["account_status"])
	r = e.do("POST", "/accounts/"+seedAcct+"/PostInterest", nil)
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	assert.Contains(t, string(r.body), `"interest_posted":1.23`)
	assert.Contains(t, string(r.body), `"ledger_balance":101.23`)

	// A day later the account is no longer closed "that day".
	clk.add(24 * time.Hour)
	assert.Contains(t, e.do("POST", "/accounts/"+seedAcct+"/PostInterest", nil).problemFields(t), "account_guid")

	// Closed through the status operation: interest can be posted the same day.
	g := e.newAccount()
	r = e.do("POST", "/accounts/"+g+"/status", map[string]any{"account_status": "CLOSED"})
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	r = e.do("POST", "/accounts/"+g+"/PostInterest", nil)
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	assert.Equal(t, "CLOSED", r.json(t)["account_status"])
}

func TestAccountStatus(t *testing.T) {
	e := newEnv(t)
	g := e.newAccount()
	r := e.do("POST", "/accounts/"+g+"/status", map[string]any{"account_status": "FROZEN", "status_reason": "review"})
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	assert.Equal(t, "FROZEN", e.do("GET", "/accounts/"+g, nil).json(t)["account_status"])
	assert.Contains(t, e.do("POST", "/accounts/"+g+"/status", map[string]any{}).problemFields(t), "account_status")
}

func TestAccountsRankedByBalance(t *testing.T) {
	var accts []cardplatformtest.SeedAccount
	for i := range 55 {
		accts = append(accts, cardplatformtest.SeedAccount{Account: cardplatform.AccountDTO{
			AccountName: fmt.Sprintf("a%02d", i), AccountType: "CHECKING", LedgerBalance: dec(t, fmt.Sprintf("%d.00", i-3)),
		}})
	}
	e := newEnv(t, cardplatformtest.WithSeed(cardplatformtest.Seed{Accounts: accts}))
	path := "/accounts/program/" + cardplatformtest.DefaultProgramGUID

	items := e.do("GET", path, nil).json(t)["items"].([]any)
	require.Len(t, items, 50, "at most 50; 3 negative balances left out by default")
	assert.Equal(t, "a54", items[0].(map[string]any)["account_name"], "highest first")
	assert.Equal(t, "a05", items[49].(map[string]any)["account_name"])

	items = e.do("GET", path+"?sort_by=asc&count=5&include_negative_balances=true", nil).json(t)["items"].([]any)
	require.Len(t, items, 5)
	assert.Equal(t, "a00", items[0].(map[string]any)["account_name"], "lowest (negative) first")

	items = e.do("GET", path+"?sort_by=asc&count=2", nil).json(t)["items"].([]any)
	assert.Equal(t, "a03", items[0].(map[string]any)["account_name"], "zero is not negative")

	assert.Contains(t, e.do("GET", path+"?count=51", nil).problemFields(t), "count")
	r := e.do("GET", "/accounts/program/66666666-6666-4666-8666-666666666666", nil)
	assert.Equal(t, http.StatusNotFound, r.status)
	assert.NotEmpty(t, r.body)
}

func TestProgramBalancesSearchSharingInstruments(t *testing.T) {
	e := newEnv(t)
	g := e.newAccount()
	e.do("POST", "/accounts/AdjustBalance", map[string]any{"account_guid": g, "amount": 5.5})
	r := e.do("GET", "/accounts/balances?program_guid="+cardplatformtest.DefaultProgramGUID, nil)
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	assert.Contains(t, string(r.body), `"ledger_balance":5.50`)

	r = e.do("POST", "/accounts/search", map[string]any{"account_name": "Spending"})
	assert.EqualValues(t, 1, r.json(t)["total"])

	person := e.newCard()["person"].(map[string]any)["person_guid"]
	r = e.do("POST", "/accounts/sharedaccount", map[string]any{"account_guid": g, "person_guid": person})
	require.Equal(t, http.StatusCreated, r.status, "%s", r.body)
	r = e.do("POST", "/accounts/updatesharedaccount", map[string]any{"account_guid": g, "person_guid": person, "sharing_status": "INACTIVE"})
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	assert.Equal(t, "INACTIVE", r.json(t)["sharing_status"])

	r = e.do("POST", "/account_instruments", map[string]any{"account_guid": g, "instrument_type": "CARD"})
	require.Equal(t, http.StatusCreated, r.status, "%s", r.body)
	inst := r.json(t)["account_instrument_guid"].(string)
	assert.Equal(t, http.StatusOK, e.do("GET", "/account_instruments/"+inst, nil).status)
}

func TestAdvances(t *testing.T) {
	e := newEnv(t)
	g := e.newAccount()
	r := e.do("GET", "/advances/"+g+"/precalc", map[string]any{"amount": 100})
	require.Equal(t, http.StatusCreated, r.status, "%s", r.body)
	id := r.json(t)["request_id"]
	r = e.do("POST", "/advances/"+g, map[string]any{"request_id": id})
	require.Equal(t, http.StatusCreated, r.status, "%s", r.body)
	assert.Contains(t, string(e.do("GET", "/accounts/"+g, nil).body), `"ledger_balance":100`)
	assert.Contains(t, e.do("POST", "/advances/"+g, map[string]any{"request_id": id}).problemFields(t), "request_id", "applied once")
	assert.Equal(t, http.StatusCreated, e.do("POST", "/advances/"+g+"/cycle", map[string]any{"cycle": "WEEKLY"}).status)
}

func TestClientAgainstSandbox(t *testing.T) {
	srv := cardplatformtest.NewServer(t)
	_, err := srv.Client().GetCard(context.Background(), "1")
	assert.ErrorIs(t, err, core.ErrNotFound)
}
