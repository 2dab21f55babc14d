package paging_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// No silent end, in every style of the engine: a partial answer (206), a total not reached and
// pages without progress end an iteration with a typed error, over real HTTP against a raw
// server (no sandbox: the tests do not depend on the API form a client or sandbox defaults to).

// styleCase is one pagination style as the engine runs it. seq marks the sequence style (the
// ACH addenda): a row iteration whose items carry sequence numbers (Page.Seq).
type styleCase struct {
	name  string
	style core.Style
	seq   bool
}

// everyStyle lists every style of the engine (style.go) and the sequence variant of rows.
var everyStyle = []styleCase{
	{"row", core.StyleRow, false},
	{"offset", core.StyleOffset, false},
	{"page", core.StylePage, false},
	{"sequence", core.StyleRow, true},
	{"key", core.StyleKey, false},
}

// TestEveryStyleIsCovered fails when a style is added to the engine without a case here.
func TestEveryStyleIsCovered(t *testing.T) {
	covered := map[core.Style]bool{}
	for _, sc := range everyStyle {
		covered[sc.style] = true
	}
	for s := core.Style(1); ; s++ {
		if _, err := core.ParseStyle(s.String()); err != nil {
			break
		}
		assert.True(t, covered[s], "style %v has no case in everyStyle", s)
	}
}

// rawAnswer is what the raw server sends for one request: a JSON body of items, totals and
// next key, headers, a status.
type rawAnswer struct {
	Status    int
	Items     []string
	Seq       []int // sequence numbers of the items (sequence style)
	Total     string
	Retrieved string
	NextKey   string
	LastPage  bool
}

// rawServer answers GET /p?start=&size=&key= with answer(n, start, size, key), n counting
// requests from 1.
type rawServer struct {
	*httptest.Server
	requests atomic.Int64
}

func newRawServer(t *testing.T, answer func(n int, start, size int, key string) rawAnswer) *rawServer {
	s := &rawServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := int(s.requests.Add(1))
		q := r.URL.Query()
		start, _ := strconv.Atoi(q.Get("start"))
		size, _ := strconv.Atoi(q.Get("size"))
		a := answer(n, start, size, q.Get("key"))
		if a.Status == 0 {
			a.Status = http.StatusOK
		}
		if a.Items == nil {
			a.Items = []string{}
		}
		w.Header().Set("Content-Type", "application/json")
		if a.Total != "" {
			w.Header().Set("totalRows", a.Total)
		}
		if a.Retrieved != "" {
			w.Header().Set("retrievedRows", a.Retrieved)
		}
		w.WriteHeader(a.Status)
		_ = json.NewEncoder(w).Encode(a)
	}))
	t.Cleanup(s.Close)
	return s
}

// fetch is the FetchFunc of the raw server for sc: it reads the totals as the typed iterators
// do (core.ParseCount), and a 206 as a partial answer.
func (s *rawServer) fetch(sc styleCase) core.FetchFunc[string] {
	return func(ctx context.Context, p core.Position) (core.Page[string], error) {
		q := url.Values{"start": {strconv.Itoa(p.Start)}, "size": {strconv.Itoa(p.Size)}, "key": {p.Key}}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.URL+"/p?"+q.Encode(), nil)
		if err != nil {
			return core.Page[string]{}, err
		}
		resp, err := s.Client().Do(req)
		if err != nil {
			return core.Page[string]{}, err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusPartialContent {
			return core.Page[string]{}, fmt.Errorf("status %d", resp.StatusCode)
		}
		var a rawAnswer
		if err := json.NewDecoder(resp.Body).Decode(&a); err != nil {
			return core.Page[string]{}, err
		}
		pg := core.Page[string]{Items: a.Items, NextKey: a.NextKey, LastPage: a.LastPage,
			Partial: resp.StatusCode == http.StatusPartialContent}
		if !sc.seq { // the addenda give no total
			pg.Total, pg.HasTotal = core.ParseCount(a.Total)
		}
		pg.Retrieved, pg.HasRetrieved = core.ParseCount(a.Retrieved)
		if sc.seq {
			pg.Seq = a.Seq
			if pg.Seq == nil {
				pg.Seq = []int{}
			}
		}
		return pg, nil
	}
}

// config is the iteration of sc from its first page, size rows a page.
func (sc styleCase) config(size, prefetch int) core.Config {
	return core.Config{Style: sc.style, PageSize: size, Prefetch: prefetch}
}

// drain runs it to its end with a generous deadline (a loop fails the test, not the run).
func drain(t *testing.T, sc styleCase, srv *rawServer, cfg core.Config) ([]string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var got []string
	for x, err := range core.Items(ctx, cfg, srv.fetch(sc)) {
		if err != nil {
			require.NotErrorIs(t, err, context.DeadlineExceeded, "%s: the iteration did not end", sc.name)
			return got, err
		}
		got = append(got, x)
	}
	return got, nil
}

// items returns the items of rows from..to (1-based), and their sequence numbers.
func items(from, to int) ([]string, []int) {
	var out []string
	var seq []int
	for i := from; i <= to; i++ {
		out = append(out, fmt.Sprintf("R%05d", i))
		seq = append(seq, i)
	}
	return out, seq
}

// TestStalledPagesEndEveryStyle: a server that answers every page with no item while its
// counts say the list goes on (retrievedRows 1000, a total of MaxInt64 or one that cannot be
// read, a next key, a huge totalPages) made the row iteration request pages forever (116,000
// requests in 20 s). Every style ends, after at most MaxStalledPages requests (plus the pages
// prefetched), with an error of the ErrEmptyPage family, or, where nothing in the answer says
// the list goes on (an empty page without a total is the documented end), with the end.
func TestStalledPagesEndEveryStyle(t *testing.T) {
	for _, total := range []string{strconv.FormatInt(1<<63-1, 10), "lots"} {
		for _, sc := range everyStyle {
			for _, prefetch := range []int{0, 4} {
				t.Run(fmt.Sprintf("%s/total=%s/prefetch=%d", sc.name, total, prefetch), func(t *testing.T) {
					srv := newRawServer(t, func(n, start, size int, key string) rawAnswer {
						return rawAnswer{Total: total, Retrieved: "1000", NextKey: fmt.Sprintf("k%d", n)}
					})
					got, err := drain(t, sc, srv, sc.config(1000, prefetch))
					assert.Empty(t, got)
					assert.LessOrEqual(t, srv.requests.Load(), int64(core.MaxStalledPages+prefetch+1))
					_, totalKnown := core.ParseCount(total)
					claimsMore := (totalKnown && !sc.seq) || sc.style == core.StyleKey ||
						(!sc.seq && (sc.style == core.StyleRow || sc.style == core.StyleOffset)) // retrievedRows
					if claimsMore {
						require.Error(t, err)
						assert.ErrorIs(t, err, core.ErrEmptyPage)
					} else {
						assert.NoError(t, err, "an empty page without a total is the end")
					}
				})
			}
		}
	}
}

// TestStalledRowsNamedNoProgress: the row iteration that advances by retrievedRows over empty
// pages fails with *NoProgressError after MaxStalledPages pages, not before: a few windows of
// withheld rows are legitimate.
func TestStalledRowsNamedNoProgress(t *testing.T) {
	const withheld = core.MaxStalledPages - 1 // windows with no item sent, then the rows
	sc := everyStyle[0]
	srv := newRawServer(t, func(n, start, size int, key string) rawAnswer {
		if n <= withheld {
			return rawAnswer{Retrieved: strconv.Itoa(size)}
		}
		it, _ := items(start, start+1)
		return rawAnswer{Items: it, Retrieved: "2"}
	})
	got, err := drain(t, sc, srv, sc.config(10, 0))
	require.NoError(t, err)
	assert.Len(t, got, 2)

	srv = newRawServer(t, func(n, start, size int, key string) rawAnswer {
		return rawAnswer{Retrieved: strconv.Itoa(size), Total: "lots"}
	})
	_, err = drain(t, sc, srv, sc.config(10, 0))
	var np *core.NoProgressError
	require.ErrorAs(t, err, &np)
	assert.Equal(t, core.MaxStalledPages, np.Pages)
	assert.Equal(t, -1, np.Total)
	assert.EqualValues(t, core.MaxStalledPages, srv.requests.Load())
}

// TestPartialAnswerEndsEveryStyle: a 206 on the second page, whatever its body (a page of
// items, or no items at all, as the previous-day transactions 206 whose body is an account),
// ended the iteration as if the list were complete (0 items, err == nil; only
// Iterator.Partial told). Every style now fails with *PartialError (ErrPartial) carrying the
// partial items, before delivering any of them, and the cursor stays at that page.
func TestPartialAnswerEndsEveryStyle(t *testing.T) {
	for _, sc := range everyStyle {
		for _, withItems := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/items=%t", sc.name, withItems), func(t *testing.T) {
				const size, n = 10, 35
				srv := newRawServer(t, func(req, start, sz int, key string) rawAnswer {
					from := start
					switch sc.style {
					case core.StyleOffset:
						from = start + 1
					case core.StylePage:
						from = (start-1)*sz + 1
					case core.StyleKey:
						from = 1
						if key != "" {
							from, _ = strconv.Atoi(key[1:])
						}
					}
					to := min(from+sz-1, n)
					it, seq := items(from, to)
					a := rawAnswer{Items: it, Seq: seq, Total: strconv.Itoa(n)}
					if sc.seq {
						a.Total = ""
						a.LastPage = to == n
					}
					if to < n {
						a.NextKey = fmt.Sprintf("k%d", to+1)
					}
					if req == 2 {
						a.Status = http.StatusPartialContent
						if !withItems {
							a.Items, a.Seq, a.NextKey = nil, nil, ""
						}
					}
					return a
				})
				it := core.NewIterator(context.Background(), sc.config(size, 0), srv.fetch(sc))
				var got []string
				var err error
				for x, e := range it.Items() {
					if e != nil {
						err = e
						break
					}
					got = append(got, x)
				}
				want, _ := items(1, size)
				assert.Equal(t, want, got, "the first page, and nothing of the partial one")
				require.ErrorIs(t, err, core.ErrPartial)
				var pe *core.PartialError
				require.ErrorAs(t, err, &pe)
				if withItems {
					partial, _ := items(size+1, 2*size)
					assert.Equal(t, partial, pe.Items)
					assert.Equal(t, size, pe.Count)
				} else {
					assert.Empty(t, pe.Items)
				}
				assert.True(t, it.Partial())
				assert.False(t, it.Cursor().Done, "the cursor stays at the partial page")
				// Resuming asks for the partial page again: now complete.
				rest, err := drain(t, sc, srv, core.Config{Style: sc.style, PageSize: size, From: it.Cursor()})
				require.NoError(t, err)
				all, _ := items(size+1, n)
				assert.Equal(t, all, rest)
			})
		}
	}
}

// TestTotalNotReachedEveryStyle: an answer announcing 1,234 rows that stops after 500 (the
// key style: no next key; the others: empty pages) ended the key iteration quietly with 500
// rows. Every style fails with an error of the ErrEmptyPage family, after the 500 rows.
func TestTotalNotReachedEveryStyle(t *testing.T) {
	const total, served, size = 1234, 500, 100
	for _, sc := range everyStyle {
		if sc.seq {
			continue // the addenda give no total: their end is the page marked last
		}
		t.Run(sc.name, func(t *testing.T) {
			srv := newRawServer(t, func(req, start, sz int, key string) rawAnswer {
				from := start
				switch sc.style {
				case core.StyleOffset:
					from = start + 1
				case core.StylePage:
					from = (start-1)*sz + 1
				case core.StyleKey:
					from = 1
					if key != "" {
						from, _ = strconv.Atoi(key[1:])
					}
				}
				a := rawAnswer{Total: strconv.Itoa(total)}
				if from <= served {
					a.Items, _ = items(from, min(from+sz-1, served))
				}
				if to := from + sz - 1; to < served {
					a.NextKey = fmt.Sprintf("k%d", to+1)
				}
				return a
			})
			got, err := drain(t, sc, srv, sc.config(size, 0))
			require.Error(t, err)
			assert.ErrorIs(t, err, core.ErrEmptyPage)
			if sc.style == core.StyleKey {
				var ke *core.KeyError
				require.ErrorAs(t, err, &ke)
				assert.Equal(t, core.KeyEndedEarly, ke.Problem)
				assert.Equal(t, total, ke.Total)
				assert.Equal(t, served, ke.Rows)
				assert.Len(t, got, served-size, "the items of the answer without a key are not delivered")
			} else {
				assert.Len(t, got, served)
			}
			assert.True(t, errors.Is(err, core.ErrEmptyPage))
		})
	}
}
