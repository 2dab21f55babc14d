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
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The key style of the engine, over HTTP against a small key-paged server: opaque keys
// handed out by the server (colons, spaces, plus signs: never parsed), the last page without
// a next key, and the hostile answers (a key that repeats, a key that cycles, an empty page
// that still gives a key, a partial 206).

// keyServer serves records 1..n by opaque keys at GET /items?pageKey=&limit=.
type keyServer struct {
	*httptest.Server
	n           int
	hostile     func(page int, asked string, next *string, items *[]string) // may rewrite the answer
	partialPage int

	mu                    sync.Mutex
	offsets               map[string]int // key → offset of its page
	keyOf                 []string       // keys handed out, in order
	asked                 []string       // pageKey of every request, "-" for none
	inFlight, maxInFlight atomic.Int32
}

func newKeyServer(t *testing.T, n int) *keyServer {
	s := &keyServer{n: n, offsets: map[string]int{}}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

func (s *keyServer) serve(w http.ResponseWriter, r *http.Request) {
	if c := s.inFlight.Add(1); c > s.maxInFlight.Load() {
		s.maxInFlight.Store(c)
	}
	defer s.inFlight.Add(-1)
	q := r.URL.Query()
	limit, err := strconv.Atoi(q.Get("limit"))
	if err != nil || limit < 1 || limit > 500 {
		http.Error(w, "bad limit", http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	off := 0
	if q.Has("pageKey") {
		s.asked = append(s.asked, q.Get("pageKey"))
		o, ok := s.offsets[q.Get("pageKey")]
		if !ok {
			http.Error(w, "unknown pageKey", http.StatusBadRequest)
			return
		}
		off = o
	} else {
		s.asked = append(s.asked, "-")
	}
	items := []string{}
	for i := off + 1; i <= min(off+limit, s.n); i++ {
		items = append(items, fmt.Sprintf("R%05d", i))
	}
	next := ""
	if off+limit < s.n {
		next = fmt.Sprintf("k:%d +/=%d", len(s.keyOf)+1, (off+limit)*7919) // opaque, not the offset
		s.offsets[next] = off + limit
		s.keyOf = append(s.keyOf, next)
	}
	page := len(s.asked)
	if s.hostile != nil {
		s.hostile(page, q.Get("pageKey"), &next, &items)
	}
	status := http.StatusOK
	if page == s.partialPage {
		status = http.StatusPartialContent
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"items": items, "page": map[string]any{"nextPageKey": next}})
}

// fetch is the FetchFunc of the key server.
func (s *keyServer) fetch(ctx context.Context, p core.Position) (core.Page[string], error) {
	q := url.Values{"limit": {strconv.Itoa(p.Size)}}
	if p.Key != "" {
		q.Set("pageKey", p.Key)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.URL+"/items?"+q.Encode(), nil)
	if err != nil {
		return core.Page[string]{}, err
	}
	resp, err := s.Client().Do(req)
	if err != nil {
		return core.Page[string]{}, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusPartialContent {
		return core.Page[string]{}, &statusError{resp.StatusCode}
	}
	var body struct {
		Items []string `json:"items"`
		Page  struct {
			NextPageKey string `json:"nextPageKey"`
		} `json:"page"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		return core.Page[string]{}, err
	}
	return core.Page[string]{Items: body.Items, NextKey: body.Page.NextPageKey,
		Partial: resp.StatusCode == http.StatusPartialContent}, nil
}

func (s *keyServer) askedKeys() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.asked...)
}

func records(from, to int) []string {
	var out []string
	for i := from; i <= to; i++ {
		out = append(out, fmt.Sprintf("R%05d", i))
	}
	return out
}

func id(s string) string { return s }

func TestKeyDrain(t *testing.T) {
	for _, n := range []int{0, 1, 100, 101, 1234} {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			srv := newKeyServer(t, n)
			it := core.NewIterator(t.Context(), core.Config{Style: core.StyleKey, PageSize: 100, MaxPageSize: 500}, srv.fetch)
			got, err := collect(t, it.Items(), id)
			require.NoError(t, err)
			assert.Equal(t, records(1, n), got)
			pages := max((n+99)/100, 1)
			assert.Equal(t, append([]string{"-"}, srv.keyOf...), srv.askedKeys(), "the keys as the server gave them")
			assert.Len(t, srv.askedKeys(), pages)
			assert.True(t, it.Cursor().Done)
			assert.False(t, it.Partial())
		})
	}
}

func TestKeyDefaultsAndRange(t *testing.T) {
	srv := newKeyServer(t, 250)
	got, err := collect(t, core.Items(t.Context(), core.Config{Style: core.StyleKey}, srv.fetch), id)
	require.NoError(t, err)
	assert.Equal(t, records(1, 250), got)
	assert.Len(t, srv.askedKeys(), 3, "DefaultLimit 100")

	for _, cfg := range []core.Config{
		{Style: core.StyleKey, PageSize: 501, MaxPageSize: 500},
		{Style: core.StyleKey, Start: 3},
		{Style: core.StyleKey, From: core.Cursor{Style: core.StylePage, Start: 1, Size: 10}},
	} {
		_, err := collect(t, core.Items(t.Context(), cfg, srv.fetch), id)
		require.Error(t, err)
	}
	assert.Len(t, srv.askedKeys(), 3, "refused before the network")
}

func TestKeyResume(t *testing.T) {
	srv := newKeyServer(t, 1234)
	cfg := core.Config{Style: core.StyleKey, PageSize: 100}
	it := core.NewIterator(t.Context(), cfg, srv.fetch)
	var got []string
	for x, err := range it.Items() {
		require.NoError(t, err)
		if got = append(got, x); len(got) == 250 {
			break
		}
	}
	text, err := it.Cursor().MarshalText()
	require.NoError(t, err)
	var cur core.Cursor
	require.NoError(t, cur.UnmarshalText(text))
	assert.Equal(t, it.Cursor(), cur, "cursor %s round-trips, key and all", text)
	assert.Equal(t, srv.keyOf[1], cur.Key)
	assert.Equal(t, 50, cur.Skip)

	cfg.From = cur
	rest, err := collect(t, core.Items(t.Context(), cfg, srv.fetch), id)
	require.NoError(t, err)
	assert.Equal(t, records(1, 1234), append(got, rest...), "nothing twice, nothing skipped")

	// Resume after a whole page: the next page's key, nothing to skip.
	it = core.NewIterator(t.Context(), core.Config{Style: core.StyleKey, PageSize: 100, MaxItems: 300}, srv.fetch)
	_, err = collect(t, it.Items(), id)
	require.NoError(t, err)
	assert.Equal(t, 0, it.Cursor().Skip)
	assert.NotEmpty(t, it.Cursor().Key)

	for _, bad := range []string{"key:!!:100:0", "key:a2V5:0:0", "key:a2V5:100:100", "key:a2V5:100"} {
		var c core.Cursor
		require.ErrorIs(t, c.UnmarshalText([]byte(bad)), core.ErrInvalidConfig, bad)
	}
}

func TestKeyNoPrefetch(t *testing.T) {
	srv := newKeyServer(t, 1000)
	for _, o := range []core.Config{{Prefetch: 3}, {Prefetch: 3, EagerPrefetch: true}} {
		o.Style, o.PageSize = core.StyleKey, 100
		got, err := collect(t, core.Items(t.Context(), o, srv.fetch), id)
		require.NoError(t, err)
		assert.Equal(t, records(1, 1000), got)
	}
	assert.Len(t, srv.askedKeys(), 20, "ten pages each, nothing guessed ahead")
	assert.EqualValues(t, 1, srv.maxInFlight.Load(), "one page at a time: the next key comes with the answer")
}

func TestKeyHostile(t *testing.T) {
	tests := []struct {
		name     string
		hostile  func(srv *keyServer) func(page int, asked string, next *string, items *[]string)
		sentinel error
		problem  core.KeyProblem
		requests int
		items    int
	}{
		{"repeats", func(*keyServer) func(int, string, *string, *[]string) {
			return func(page int, asked string, next *string, _ *[]string) {
				if page == 3 {
					*next = asked
				}
			}
		}, core.ErrPositionMismatch, core.KeyRepeated, 3, 200},
		{"cycles", func(srv *keyServer) func(int, string, *string, *[]string) {
			return func(page int, _ string, next *string, _ *[]string) {
				if page == 4 {
					*next = srv.keyOf[0] // the key of page 2
				}
			}
		}, core.ErrPositionMismatch, core.KeyCycled, 4, 300},
		{"empty page with a key", func(*keyServer) func(int, string, *string, *[]string) {
			return func(page int, _ string, _ *string, items *[]string) {
				if page == 2 {
					*items = []string{}
				}
			}
		}, core.ErrEmptyPage, core.KeyEmptyPage, 2, 100},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newKeyServer(t, 1000)
			srv.hostile = tt.hostile(srv)
			got, err := collect(t, core.Items(t.Context(), core.Config{Style: core.StyleKey, PageSize: 100}, srv.fetch), id)
			require.ErrorIs(t, err, tt.sentinel)
			var ke *core.KeyError
			require.True(t, errors.As(err, &ke), "%v", err)
			assert.Equal(t, tt.problem, ke.Problem)
			assert.Equal(t, tt.requests, ke.Page)
			if tt.problem == core.KeyCycled {
				assert.Equal(t, 2, ke.FirstPage)
			}
			assert.Len(t, srv.askedKeys(), tt.requests, "no request after the bad key")
			assert.Equal(t, records(1, tt.items), got, "the items of the page that gave the bad key are not delivered")
		})
	}
}

func TestKeyPartial(t *testing.T) {
	srv := newKeyServer(t, 300)
	srv.partialPage = 2
	it := core.NewIterator(t.Context(), core.Config{Style: core.StyleKey, PageSize: 100}, srv.fetch)
	n := 0
	var err error
	for pg, e := range it.Pages() {
		if e != nil {
			err = e
			break
		}
		n += len(pg.Items)
	}
	assert.Equal(t, 100, n, "the pages before the 206")
	var pe *core.PartialError
	require.ErrorAs(t, err, &pe, "a 206 ends the iteration with an error, never only a flag")
	assert.Equal(t, records(101, 200), pe.Items)
	assert.True(t, it.Partial())
}
