package paging

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// No silent end through the typed iterators, over every list operation whose answers can be a
// partial success (206) or give a key-style total, against a raw server answering as the
// bank's published files allow (no sandbox: the tests do not depend on the API form a client
// or sandbox defaults to).

// keyIterators drains the typed iterator of each key-style operation with opts, returning the
// items delivered and the error that ended it.
var keyIterators = map[string]func(ctx context.Context, c *Client, opts ...core.IterOption) (int, error){
	opListCommercialAccounts.ID: func(ctx context.Context, c *Client, opts ...core.IterOption) (int, error) {
		return drainSeq(c.CommercialAccounts(ctx, ListCommercialAccountsRequest{}, opts...))
	},
	opListCurrentDayAccountTransactions.ID: func(ctx context.Context, c *Client, opts ...core.IterOption) (int, error) {
		return drainSeq(c.CurrentDayAccountTransactions(ctx, "ACC-0001", ListCurrentDayAccountTransactionsRequest{}, opts...))
	},
	opListPreviousDayAccountTransactions.ID: func(ctx context.Context, c *Client, opts ...core.IterOption) (int, error) {
		return drainSeq(c.PreviousDayAccountTransactions(ctx, "ACC-0001", ListPreviousDayAccountTransactionsRequest{}, opts...))
	},
}

func drainSeq[T any](seq func(func(T, error) bool)) (int, error) {
	n := 0
	for _, err := range seq {
		if err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// keyOps returns the key-style operations, failing when one has no iterator in keyIterators,
// and when an operation that can answer 206 is not one of them (the engine's 206 rule is
// tested here through every such operation).
func keyOps(t *testing.T) []string {
	t.Helper()
	var out []string
	for op := range operations.All() {
		key := op.Paging != nil && op.Paging.Style == "key"
		if key {
			require.Contains(t, keyIterators, op.ID, "a key-style operation without a case")
			out = append(out, op.ID)
		}
		if op.Paging != nil {
			for _, code := range op.Success {
				if code == http.StatusPartialContent {
					require.True(t, key, "%s answers 206 and has no case", op.ID)
				}
			}
		}
	}
	require.NotEmpty(t, out)
	return out
}

// keyAnswer writes one key-style answer: items of rows from..to in the operation's items
// member, the next key and the total.
func keyAnswer(w http.ResponseWriter, status int, itemsName string, from, to int, next string, total int) {
	items := []map[string]any{}
	for i := from; i <= to; i++ {
		items = append(items, map[string]any{"accountId": fmt.Sprintf("ACC-%04d", i),
			"transactionId": fmt.Sprintf("T%05d", i), "accountCategory": "COMMERCIAL_ACCOUNT"})
	}
	page := map[string]any{"totalElements": total}
	if next != "" {
		page["nextPageKey"] = next
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{itemsName: items, "page": page})
}

// rawKeyClient returns a client of a raw server that serves each key-style operation's rows
// 1..served, a page at a time at the limit asked, announcing total, through answer (which may
// rewrite the status and body of request n).
func rawKeyClient(t *testing.T, itemsName string, served, total int,
	answer func(n int, w http.ResponseWriter, from, to int, next string) bool) *Client {
	t.Helper()
	n := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n++
		q := r.URL.Query()
		limit, _ := strconv.Atoi(q.Get("limit"))
		from := 1
		if k := q.Get("pageKey"); k != "" {
			from, _ = strconv.Atoi(strings.TrimPrefix(k, "k"))
		}
		to := min(from+limit-1, served)
		next := ""
		if to < served {
			next = fmt.Sprintf("k%d", to+1)
		}
		if answer != nil && answer(n, w, from, to, next) {
			return
		}
		keyAnswer(w, http.StatusOK, itemsName, from, to, next, total)
	}))
	t.Cleanup(srv.Close)
	c, err := New(srv.URL, core.WithStaticToken("tok"), WithRateLimit(0))
	require.NoError(t, err)
	return c
}

// TestTypedPartialAnswerIsAnError: a 206 whose body is an account (the previous-day
// transactions 206 of the bank's published file), or a page, ended the typed iteration as a
// complete list (0 items, err == nil; only Iterator.Partial told). Every operation that can
// answer 206 now fails with *core.PartialError (core.ErrPartial).
func TestTypedPartialAnswerIsAnError(t *testing.T) {
	for _, id := range keyOps(t) {
		op, _ := operations.ByID(id)
		for _, body := range []string{"account", "page"} {
			t.Run(id+"/"+body, func(t *testing.T) {
				c := rawKeyClient(t, op.Paging.Items, 300, 300, func(n int, w http.ResponseWriter, from, to int, next string) bool {
					if n != 2 {
						return false
					}
					if body == "page" {
						keyAnswer(w, http.StatusPartialContent, op.Paging.Items, from, to, next, 300)
						return true
					}
					w.Header().Set("Content-Type", "application/json")
					w.WriteHeader(http.StatusPartialContent)
					_, _ = w.Write([]byte(`{"accountId":"ACC-0001","accountCategory":"COMMERCIAL_ACCOUNT",` +
						`"currentLedgerBalance":10.5,"availableBalance":10.5,"balanceAsOf":"2026-11-24"}`))
					return true
				})
				got, err := keyIterators[id](t.Context(), c, core.WithPageSize(100))
				assert.Equal(t, 100, got, "the page before the 206")
				require.ErrorIs(t, err, core.ErrPartial)
				var pe *core.PartialError
				require.True(t, errors.As(err, &pe))
				if body == "page" {
					assert.Equal(t, 100, pe.Count)
				}
			})
		}
	}
}

// TestTypedKeyTotalNotReached: an answer announcing 1,234 rows that stops giving a next key
// after 500 ended the key iteration quietly with 500 rows. Every key-style operation now fails
// with *core.KeyError (core.KeyEndedEarly, core.ErrEmptyPage); an honest total ends cleanly.
func TestTypedKeyTotalNotReached(t *testing.T) {
	for _, id := range keyOps(t) {
		op, _ := operations.ByID(id)
		t.Run(id, func(t *testing.T) {
			c := rawKeyClient(t, op.Paging.Items, 500, 1234, nil)
			got, err := keyIterators[id](t.Context(), c, core.WithPageSize(100))
			require.ErrorIs(t, err, core.ErrEmptyPage)
			var ke *core.KeyError
			require.True(t, errors.As(err, &ke))
			assert.Equal(t, core.KeyEndedEarly, ke.Problem)
			assert.Equal(t, 1234, ke.Total)
			assert.Equal(t, 500, ke.Rows)
			assert.Equal(t, 400, got, "the answer without a next key is not delivered")

			c = rawKeyClient(t, op.Paging.Items, 500, 500, nil)
			got, err = keyIterators[id](t.Context(), c, core.WithPageSize(100))
			require.NoError(t, err)
			assert.Equal(t, 500, got)
		})
	}
}

// TestTypedIteratorsPrefetchByDefault: the typed iterators fetched on demand by default, one
// page at a time (3.3 requests a second at 300 ms against a budget of 5). Without options
// (as iteratorFrom applies them for every typed iterator) they now keep several pages in
// flight at a latency of 400 ms; WithPrefetch(0) still fetches on demand. (Concurrency is counted, not time: the rate is BenchmarkBudget's.)
func TestTypedIteratorsPrefetchByDefault(t *testing.T) {
	for _, tt := range []struct {
		opts []core.IterOption
		min  int32
		max  int32
	}{{nil, 2, core.MaxAutoPrefetch}, {[]core.IterOption{core.WithPrefetch(0)}, 1, 1}} {
		var inFlight, most atomic.Int32
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			n := inFlight.Add(1)
			defer inFlight.Add(-1)
			for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
			}
			time.Sleep(400 * time.Millisecond)
			page, _ := strconv.Atoi(r.URL.Query().Get("startRowIndex"))
			w.Header().Set("totalRows", "60")
			w.Header().Set("Content-Type", "application/json")
			items := []map[string]any{}
			for i := page; i < page+10 && i <= 60; i++ {
				items = append(items, map[string]any{"transactionKey": fmt.Sprintf("K%05d", i)})
			}
			_ = json.NewEncoder(w).Encode(map[string]any{"transactions": items})
		}))
		cfg := core.Config{Style: core.StyleRow, PageSize: 10}
		// The options are applied as for every typed iterator (iteratorFrom); the fetch is a
		// plain GET, whatever API form the clients default to.
		it := iteratorFrom(t.Context(), cfg, nil, tt.opts, func(ctx context.Context, p core.Position, _ []core.CallOption) (core.Page[string], error) {
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, fmt.Sprintf("%s/rows?startRowIndex=%d", srv.URL, p.Start), nil)
			if err != nil {
				return core.Page[string]{}, err
			}
			resp, err := srv.Client().Do(req)
			if err != nil {
				return core.Page[string]{}, err
			}
			defer resp.Body.Close()
			var body struct {
				Transactions []struct {
					TransactionKey string `json:"transactionKey"`
				} `json:"transactions"`
			}
			if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
				return core.Page[string]{}, err
			}
			pg := core.Page[string]{}
			for _, x := range body.Transactions {
				pg.Items = append(pg.Items, x.TransactionKey)
			}
			pg.Total, pg.HasTotal = core.HeaderCount(resp.Header, "totalRows")
			return pg, nil
		})
		n, err := drainSeq(it.Items())
		srv.Close()
		require.NoError(t, err)
		assert.Equal(t, 60, n)
		assert.GreaterOrEqual(t, most.Load(), tt.min)
		assert.LessOrEqual(t, most.Load(), tt.max)
	}
}
