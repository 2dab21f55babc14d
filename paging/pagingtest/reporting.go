package pagingtest

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/issuerkit/issuerkit-go/paging"
)

// The commercial account reporting reads (Commercial Accounts Reporting 1.0.3), paged by key:
// GET /commercial/accounts/v1/list, /{accountId}, /{accountId}/transactions/previous and
// /current. Every request must carry x-fapi-interaction-id (a 36-character UUID, echoed on
// the answer) and Accept-Charset; errors are {code, message, debugMessage}. Keys are opaque
// to the client (base64url of the page's scope and offset here) and checked on the way back:
// a key the sandbox did not give is a 400.

// InteractionHeader is the header the reporting reads require and echo.
const InteractionHeader = "x-fapi-interaction-id"

// WithKeyCycle makes the reporting reads (key style) answer page at (1-based) with the key of
// page to as its next key: to == at repeats the key just asked with, to < at sends the
// iteration back to an earlier page (a cycle), forever, as a server that ignores its own
// keys would. Page 1 has no key, so to is at least 2.
func WithKeyCycle(at, to int) Option {
	return func(c *config) { c.cycleAt, c.cycleTo = at, max(to, 2) }
}

// WithPartialPage makes the k-th request (1-based) to each reporting read (key style) answer
// 206 (partial success) with its ordinary body.
func WithPartialPage(k int) Option { return func(c *config) { c.partialAt = k } }

// reportingError writes the reporting error body with status.
func reportingError(w http.ResponseWriter, status int, code, msg, debug string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"code": code, "message": msg, "debugMessage": debug})
}

// reportingHeaders checks the headers every reporting read requires, echoes the interaction
// id, and reports whether to go on.
func reportingHeaders(w http.ResponseWriter, r *http.Request) bool {
	id := r.Header.Get(InteractionHeader)
	if _, err := uuid.Parse(id); err != nil || len(id) != 36 {
		reportingError(w, http.StatusBadRequest, "400", "Invalid header",
			fmt.Sprintf("%s must be a 36-character UUID, got %q", InteractionHeader, id))
		return false
	}
	w.Header().Set(InteractionHeader, id)
	if r.Header.Get("Accept-Charset") == "" {
		reportingError(w, http.StatusBadRequest, "400", "Missing header", "Accept-Charset is required")
		return false
	}
	return true
}

// pageKey is the key of the page of scope that starts at offset.
func pageKey(scope string, offset int) string {
	return base64.RawURLEncoding.EncodeToString([]byte(scope + "|" + strconv.Itoa(offset)))
}

// keyWindow reads pageKey and limit (1 to maxLimit, default def) and returns the records to
// serve (1-based, inclusive), the next key ("" on the last page) and the status (200, or 206
// for WithPartialPage); false after an error answer.
func (s *Server) keyWindow(w http.ResponseWriter, r *http.Request, scope string, def, maxLimit, total int) (window, string, int, bool) {
	q := r.URL.Query()
	limit, ok := intParam(q.Get("limit"), def)
	if !ok || limit < 1 || limit > maxLimit {
		reportingError(w, http.StatusBadRequest, "401", "Invalid parameter", fmt.Sprintf("limit must be between 1 and %d", maxLimit))
		return window{}, "", 0, false
	}
	offset := 0
	if k := q.Get("pageKey"); k != "" {
		b, err := base64.RawURLEncoding.DecodeString(k)
		sc, off, found := strings.Cut(string(b), "|")
		n, err2 := strconv.Atoi(off)
		if err != nil || err2 != nil || !found || sc != scope || n < 0 {
			reportingError(w, http.StatusBadRequest, "402", "Invalid pageKey", "pageKey was not issued for this read")
			return window{}, "", 0, false
		}
		offset = n
	}
	next := ""
	if offset+limit < total {
		next = pageKey(scope, offset+limit)
	}
	win := window{offset + 1, min(offset+limit, total)}
	if s.cfg.ignorePosition { // the first page again, with the next key it would give
		win = window{1, min(limit, total)}
	}
	if page := offset/limit + 1; s.cfg.cycleAt > 0 && page == s.cfg.cycleAt {
		next = pageKey(scope, (s.cfg.cycleTo-1)*limit)
	}
	status := http.StatusOK
	s.mu.Lock()
	n := s.counts[r.URL.Path]
	s.mu.Unlock()
	if s.cfg.partialAt > 0 && n == s.cfg.partialAt {
		status = http.StatusPartialContent
	}
	return win, next, status, true
}

// links returns the links of a page whose next key is next.
func links(r *http.Request, next string, limit string) paging.PageLinks {
	var l paging.PageLinks
	if next != "" {
		l.Next.Href = r.URL.Path + "?pageKey=" + next + "&limit=" + limit
	}
	return l
}

// commercialAccounts serves GET /commercial/accounts/v1/list: limit 1 to 100, default 50.
func (s *Server) commercialAccounts(w http.ResponseWriter, r *http.Request, _ []byte) {
	if !reportingHeaders(w, r) {
		return
	}
	asOf, ok := dateParam(w, r, "balanceAsOf")
	if !ok {
		return
	}
	n, rec := source(s, s.cfg.seed.CommercialAccounts, func(i int) paging.CommercialAccount { return accountRecord(i, asOf) })
	win, next, status, ok := s.keyWindow(w, r, "accounts", 50, 100, n)
	if !ok {
		return
	}
	writeJSONStatus(w, status, paging.CommercialAccountsResponse{
		Page:     paging.KeyPage{NextPageKey: next, TotalElements: n},
		Links:    links(r, next, r.URL.Query().Get("limit")),
		Accounts: items(win, rec),
	})
}

// commercialAccount serves GET /commercial/accounts/v1/{accountId}: the accounts are Key(1)
// to Key(records); any other id is a 404.
func (s *Server) commercialAccount(w http.ResponseWriter, r *http.Request, _ []byte) {
	if !reportingHeaders(w, r) {
		return
	}
	asOf, ok := dateParam(w, r, "balanceAsOf")
	if !ok {
		return
	}
	id := r.PathValue("accountId")
	if seeded := s.cfg.seed.CommercialAccounts; seeded != nil {
		for _, a := range seeded {
			if a.AccountID == id {
				writeJSONStatus(w, http.StatusOK, a)
				return
			}
		}
		reportingError(w, http.StatusNotFound, "701", "Account not found", fmt.Sprintf("accountId %s is not an account of this client", id))
		return
	}
	i, err := strconv.Atoi(strings.TrimPrefix(id, "K"))
	if err != nil || !strings.HasPrefix(id, "K") || i < 1 || i > s.cfg.records {
		reportingError(w, http.StatusNotFound, "701", "Account not found", fmt.Sprintf("accountId %s is not an account of this client", id))
		return
	}
	writeJSONStatus(w, http.StatusOK, accountRecord(i, asOf))
}

// commercialTransactions serves the previous-day and current-day transactions of any
// account: limit 1 to 500, default 100; startDate and endDate both or neither.
func (s *Server) commercialTransactions(w http.ResponseWriter, r *http.Request, _ []byte) {
	if !reportingHeaders(w, r) {
		return
	}
	q := r.URL.Query()
	if (q.Get("startDate") == "") != (q.Get("endDate") == "") {
		reportingError(w, http.StatusBadRequest, "401", "Invalid parameter", "startDate and endDate go together")
		return
	}
	account := r.PathValue("accountId")
	var seeded []paging.CommercialTransaction
	if s.cfg.seed.AccountTransactions != nil {
		seeded = []paging.CommercialTransaction{}
		for _, tx := range s.cfg.seed.AccountTransactions {
			if tx.AccountID == account || tx.AccountID == "" {
				seeded = append(seeded, tx)
			}
		}
	}
	n, rec := source(s, seeded, func(i int) paging.CommercialTransaction { return commercialRecord(account, i) })
	win, next, status, ok := s.keyWindow(w, r, r.URL.Path, 100, 500, n)
	if !ok {
		return
	}
	writeJSONStatus(w, status, paging.CommercialTransactionsResponse{
		Page:         paging.KeyPage{NextPageKey: next, TotalElements: n},
		Links:        links(r, next, q.Get("limit")),
		Transactions: items(win, rec),
	})
}

// dateParam reads an optional date query parameter; false after an error answer.
func dateParam(w http.ResponseWriter, r *http.Request, name string) (core.Date, bool) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return core.Date{}, true
	}
	d, err := core.ParseDate(v)
	if err != nil {
		reportingError(w, http.StatusBadRequest, "401", "Invalid parameter", name+" must be YYYY-MM-DD")
		return core.Date{}, false
	}
	return d, true
}

// accountRecord is account i; with asOf, its balances on that date.
func accountRecord(i int, asOf core.Date) paging.CommercialAccount {
	a := paging.CommercialAccount{
		AccountCategory:      paging.AccountCategoryCommercialAccount,
		AccountID:            Key(i),
		AccountNumberDisplay: fmt.Sprintf("...%04d", i%10000),
	}
	if !asOf.IsZero() {
		a.BalanceAsOf = asOf.String()
		a.OpeningLedgerBalance = core.NewDecimalFromInt(int64(i)*100, 2)
		a.ClosingLedgerBalance = core.NewDecimalFromInt(int64(i)*101, 2)
		a.CurrentLedgerBalance = a.ClosingLedgerBalance
		a.AvailableBalance = core.NewDecimalFromInt(int64(i)*100, 2)
	}
	return a
}

// commercialRecord is transaction i of account.
func commercialRecord(account string, i int) paging.CommercialTransaction {
	at := core.NewTimestamp(time.Date(2025, 1, 9, 10, 20, 30, 0, time.UTC).Add(time.Duration(i) * time.Second))
	memo := paging.DebitCreditMemoCredit
	if i%2 == 0 {
		memo = paging.DebitCreditMemoDebit
	}
	return paging.CommercialTransaction{
		AccountCategory:      paging.AccountCategoryCommercialAccount,
		AccountID:            account,
		TransactionID:        Key(i),
		PostedTimestamp:      at,
		TransactionTimestamp: at,
		Description:          "SANDBOX " + Key(i),
		DebitCreditMemo:      memo,
		Status:               paging.CommercialTransactionStatusPosted,
		Amount:               core.NewDecimalFromInt(int64(i), 2),
		CommercialCode:       paging.CommercialCode{Type: paging.CommercialCodeTypeBAI, Code: "195"},
	}
}
