package paging_test

import (
	"errors"
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// The commercial account reporting reads (issue 16), paged by key, through the client over
// HTTP against the sandbox.

func ctKey(x paging.CommercialTransaction) string { return x.TransactionID }
func caKey(x paging.CommercialAccount) string     { return x.AccountID }

const account = "K000000001"

// limitsAsked returns "pageKey?limit" of every request (pageKey "-" when absent).
func limitsAsked(srv *pagingtest.Server) []string {
	var out []string
	for _, r := range srv.Requests() {
		k := "-"
		if r.RevealQuery().Has("pageKey") {
			k = "key"
		}
		out = append(out, k+"?"+r.RevealQuery().Get("limit"))
	}
	return out
}

func TestCommercialTransactionsDrained(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(1234))
	c := client(t, srv)
	got, err := collect(t, c.PreviousDayAccountTransactions(t.Context(), account, paging.ListPreviousDayAccountTransactionsRequest{}), ctKey)
	require.NoError(t, err)
	assert.Equal(t, want(1, 1234), got)
	assert.Equal(t, []string{"-?500", "key?500", "key?500"}, limitsAsked(srv), "the largest limit, then the keys the answers gave")
	ids := map[string]bool{}
	for _, r := range srv.Requests() {
		id := r.RevealHeader().Get(core.InteractionHeader)
		_, err := uuid.Parse(id)
		require.NoError(t, err, id)
		assert.Len(t, id, 36)
		ids[id] = true
		assert.Equal(t, "UTF-8", r.RevealHeader().Get("Accept-Charset"))
		assert.Equal(t, "/commercial/accounts/v1/"+account+"/transactions/previous", r.Path)
	}
	assert.Len(t, ids, 3, "a new interaction id per request")

	srv = pagingtest.NewServer(t, pagingtest.WithRecords(250))
	got, err = collect(t, client(t, srv).CurrentDayAccountTransactions(t.Context(), account, paging.ListCurrentDayAccountTransactionsRequest{
		StartDate: core.MustParseDate("2025-01-02"), EndDate: core.MustParseDate("2025-01-09")}, core.WithPageSize(100)), ctKey)
	require.NoError(t, err)
	assert.Equal(t, want(1, 250), got)
	assert.Equal(t, []string{"-?100", "key?100", "key?100"}, limitsAsked(srv))
	assert.Equal(t, "2025-01-02", srv.Requests()[2].RevealQuery().Get("startDate"), "the filters on every page")

	_, err = collect(t, client(t, srv).CurrentDayAccountTransactions(t.Context(), account, paging.ListCurrentDayAccountTransactionsRequest{}, core.WithPageSize(501)), ctKey)
	require.ErrorIs(t, err, core.ErrOutOfRange)
	assert.Len(t, srv.Requests(), 3, "refused before the network")
}

func TestCommercialTransactionsResumed(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(1234))
	c := client(t, srv)
	req := paging.ListPreviousDayAccountTransactionsRequest{}
	it := c.PreviousDayAccountTransactionsIterator(t.Context(), account, req, core.WithPageSize(300))
	var got []string
	for x, err := range it.Items() {
		require.NoError(t, err)
		if got = append(got, ctKey(x)); len(got) == 700 {
			break
		}
	}
	text, err := it.Cursor().MarshalText()
	require.NoError(t, err)
	var cur core.Cursor
	require.NoError(t, cur.UnmarshalText(text))
	rest, err := collect(t, c.PreviousDayAccountTransactions(t.Context(), account, req, core.WithCursor(cur)), ctKey)
	require.NoError(t, err)
	assert.Equal(t, want(1, 1234), append(got, rest...), "cursor %s: nothing twice, nothing skipped", text)
	assert.Equal(t, []string{"-?300", "key?300", "key?300", "key?300", "key?300", "key?300"}, limitsAsked(srv),
		"the resumed range asks again for the page it stopped in, by its key")

	// The cursor is bound to the account: given for another one, it is refused before any
	// request.
	n := len(srv.Requests())
	_, err = collect(t, c.PreviousDayAccountTransactions(t.Context(), "K000000002", req, core.WithCursor(cur)), ctKey)
	require.ErrorIs(t, err, core.ErrCursorMismatch)
	assert.Len(t, srv.Requests(), n)
}

func TestCommercialTransactionsKeyCycle(t *testing.T) {
	for _, tt := range []struct {
		at, to   int
		problem  core.KeyProblem
		requests int
	}{
		{3, 2, core.KeyCycled, 3},
		{2, 2, core.KeyRepeated, 2},
	} {
		srv := pagingtest.NewServer(t, pagingtest.WithRecords(1000), pagingtest.WithKeyCycle(tt.at, tt.to))
		got, err := collect(t, client(t, srv).PreviousDayAccountTransactions(t.Context(), account,
			paging.ListPreviousDayAccountTransactionsRequest{}, core.WithPageSize(100)), ctKey)
		require.ErrorIs(t, err, core.ErrPositionMismatch)
		var ke *core.KeyError
		require.True(t, errors.As(err, &ke))
		assert.Equal(t, tt.problem, ke.Problem)
		assert.Len(t, srv.Requests(), tt.requests, "refused before following the key")
		assert.Equal(t, want(1, (tt.at-1)*100), got)
	}
}

func TestCommercialPartialAndInteractionID(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(300), pagingtest.WithPartialPage(2))
	c := client(t, srv)
	it := c.PreviousDayAccountTransactionsIterator(t.Context(), account, paging.ListPreviousDayAccountTransactionsRequest{}, core.WithPageSize(100))
	got, err := collect(t, it.Items(), func(x paging.CommercialTransaction) string { return x.TransactionID })
	assert.Len(t, got, 100, "the page before the 206")
	require.ErrorIs(t, err, core.ErrPartial, "a 206 ends the iteration with an error, never only a flag")
	assert.True(t, it.Partial())

	// One call: the status tells 206 from 200; the interaction id generated is echoed and
	// returned in the response metadata.
	for want, opts := range map[int][]pagingtest.Option{200: nil, 206: {pagingtest.WithPartialPage(1)}} {
		srv := pagingtest.NewServer(t, opts...)
		var meta core.Response
		res, err := client(t, srv).ListCurrentDayAccountTransactions(t.Context(), account,
			paging.ListCurrentDayAccountTransactionsRequest{Limit: 10}, core.WithResponseInto(&meta))
		require.NoError(t, err)
		assert.Len(t, res.Transactions, 10)
		assert.Equal(t, want, meta.StatusCode)
		sent := srv.Requests()[0].RevealHeader().Get(core.InteractionHeader)
		assert.Len(t, sent, 36)
		assert.Equal(t, sent, meta.InteractionID())
	}

	// An id the caller sets is sent as it is, on every page.
	srv = pagingtest.NewServer(t, pagingtest.WithRecords(250))
	id := "0c8e2f4a-1b2c-4d5e-8f90-a1b2c3d4e5f6"
	_, err = collect(t, client(t, srv).PreviousDayAccountTransactions(t.Context(), account,
		paging.ListPreviousDayAccountTransactionsRequest{XFapiInteractionID: id}, core.WithPageSize(100)), ctKey)
	require.NoError(t, err)
	for _, r := range srv.Requests() {
		assert.Equal(t, id, r.RevealHeader().Get(core.InteractionHeader))
	}

	// ... and so is one given per call (WithHeader), instead of the generated one.
	srv = pagingtest.NewServer(t, pagingtest.WithRecords(250))
	_, err = collect(t, client(t, srv).PreviousDayAccountTransactions(t.Context(), account,
		paging.ListPreviousDayAccountTransactionsRequest{}, core.WithPageSize(100),
		core.WithCallOptions(core.WithHeader(core.InteractionHeader, id))), ctKey)
	require.NoError(t, err)
	require.Len(t, srv.Requests(), 3)
	for _, r := range srv.Requests() {
		assert.Equal(t, []string{id}, r.RevealHeader().Values(core.InteractionHeader))
	}
}

func TestCommercialErrors(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(5))
	c := client(t, srv)
	_, err := c.GetCommercialAccount(t.Context(), "K000000009", paging.GetCommercialAccountRequest{})
	require.ErrorIs(t, err, core.ErrNotFound)
	var be *core.BankError
	require.True(t, errors.As(err, &be), "%v", err)
	assert.Equal(t, []string{"701"}, be.Codes())
	assert.Equal(t, "Account not found", be.ErrorMessage)
	assert.Contains(t, be.DebugMessage(), "K000000009")

	_, err = c.ListCurrentDayAccountTransactions(t.Context(), account, paging.ListCurrentDayAccountTransactionsRequest{XFapiInteractionID: "not-a-uuid"})
	require.ErrorIs(t, err, core.ErrBadRequest)
	require.True(t, errors.As(err, &be))
	assert.Contains(t, be.DebugMessage(), pagingtest.InteractionHeader, "the sandbox names the header the spec refuses")

	_, err = c.ListCommercialAccounts(t.Context(), paging.ListCommercialAccountsRequest{PageKey: "forged"})
	require.ErrorIs(t, err, core.ErrBadRequest)
	require.True(t, errors.As(err, &be))
	assert.Equal(t, []string{"402"}, be.Codes())
}

func TestCommercialAccounts(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(120))
	c := client(t, srv)
	asOf := core.MustParseDate("2025-01-09")
	var got []string
	for a, err := range c.CommercialAccounts(t.Context(), paging.ListCommercialAccountsRequest{BalanceAsOf: asOf}) {
		require.NoError(t, err)
		d, _, err := a.BalanceDate()
		require.NoError(t, err)
		require.Equal(t, asOf, d)
		got = append(got, caKey(a))
	}
	assert.Equal(t, want(1, 120), got)
	assert.Equal(t, []string{"-?100", "key?100"}, limitsAsked(srv), "at most 100 accounts a page")

	a, err := c.GetCommercialAccount(t.Context(), "K000000007", paging.GetCommercialAccountRequest{BalanceAsOf: asOf})
	require.NoError(t, err)
	assert.Equal(t, "K000000007", a.AccountID)
	assert.Equal(t, "7.00", a.AvailableBalance.String())
}

// TestCommercialKeyIgnored: a server that serves its first page whatever key is asked for,
// while handing out fresh keys, would be drained forever; the engine's repeat check refuses
// the second page before any of its items is delivered.
func TestCommercialKeyIgnored(t *testing.T) {
	for _, prefetch := range []int{0, 2} {
		srv := pagingtest.NewServer(t, pagingtest.WithRecords(2500), pagingtest.WithPositionIgnored())
		got, err := collectUnique(t, client(t, srv).PreviousDayAccountTransactions(t.Context(), account,
			paging.ListPreviousDayAccountTransactionsRequest{}, core.WithPrefetch(prefetch)), ctKey, 5000)
		require.ErrorIs(t, err, core.ErrPositionMismatch)
		var ke *core.KeyError
		require.ErrorAs(t, err, &ke)
		assert.Equal(t, core.KeyIgnored, ke.Problem)
		assert.Equal(t, want(1, 500), got, "the first page only")
		assert.Len(t, srv.Requests(), 2)
	}
}

// TestBalanceAsOfInBothForms: the bank's file declares the account's balanceAsOf a date-time
// while its example holds a date; both decode (GetCommercialAccount failed whole on
// "2019-08-24T14:15:22Z" before: the SDK read a date).
func TestBalanceAsOfInBothForms(t *testing.T) {
	for _, tt := range []struct{ sent, date, ts string }{
		{"2019-08-24T14:15:22Z", "2019-08-24", "2019-08-24T14:15:22Z"},
		{"2025-01-09", "2025-01-09", ""},
		{"2025-01-09T10:20:30.25+02:00", "2025-01-09", "2025-01-09T10:20:30.25+02:00"},
	} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = fmt.Fprintf(w, `{"accountCategory":"COMMERCIAL_ACCOUNT","accountId":"K1","balanceAsOf":%q,"availableBalance":1700.10}`, tt.sent)
		}))
		c, err := paging.New(srv.URL, core.WithHTTPClient(srv.Client()), paging.WithRateLimit(0), core.WithStaticToken("tok"))
		require.NoError(t, err)
		a, err := c.GetCommercialAccount(t.Context(), "K1", paging.GetCommercialAccountRequest{})
		require.NoError(t, err, tt.sent)
		d, ts, err := a.BalanceDate()
		require.NoError(t, err)
		assert.Equal(t, tt.date, d.String())
		assert.Equal(t, tt.ts, ts.String())
		assert.Equal(t, "1700.10", a.AvailableBalance.String())
		srv.Close()
	}
	_, _, err := paging.CommercialAccount{BalanceAsOf: "yesterday"}.BalanceDate()
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "yesterday")
}

// TestACHInquiry400InBothForms: the ACH inquiry list's 400 in its schema form
// ({"metadata":{"messages":[…]}}, no envelope) is read into the typed bank error as its
// example's form (the ServiceError envelope) is; the schema form was an untyped body before.
func TestACHInquiry400InBothForms(t *testing.T) {
	for _, body := range []string{
		`{"metadata":{"messages":[{"code":"AI-List-400-fromDate-105","message":"fromDate must be YYYY-MM-DD"}]}}`,
		`{"ErrorMessage":"Error received from backend service","ServiceError":{"metadata":{"messages":[{"code":"AI-List-400-fromDate-105","message":"fromDate must be YYYY-MM-DD"}]}}}`,
	} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			_, _ = w.Write([]byte(body))
		}))
		c, err := paging.New(srv.URL, core.WithHTTPClient(srv.Client()), paging.WithRateLimit(0), core.WithStaticToken("tok"))
		require.NoError(t, err)
		_, err = c.ListACHTransactions(t.Context(), paging.ListACHTransactionsRequest{PageNumber: 1, PageSize: 10, Body: achReq})
		srv.Close()
		require.ErrorIs(t, err, core.ErrBadRequest)
		var be *core.BankError
		require.True(t, errors.As(err, &be), "%v", err)
		assert.Equal(t, []string{"AI-List-400-fromDate-105"}, be.Codes(), body)
		assert.Contains(t, err.Error(), "fromDate must be YYYY-MM-DD")
	}
}
