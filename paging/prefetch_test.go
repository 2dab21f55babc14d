package paging_test

import (
	"context"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/goleaktest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

func TestPrefetchOrder(t *testing.T) {
	for _, k := range []int{1, 2, 4, 8} {
		srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(5000), pagingtest.WithLatency(2*time.Millisecond))
		cfg := core.Config{Style: core.StyleRow, PageSize: 300, Prefetch: k}
		got, err := collect(t, core.Items(t.Context(), cfg, previousDay(srv)), pdKey)
		require.NoError(t, err)
		assert.Equal(t, want(1, 5000), got, "k=%d", k)
		assert.Len(t, srv.Requests(), 17, "k=%d: no page fetched twice, none past the total", k)
	}
}

func TestPrefetchPageStyleWithCap(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(5000), pagingtest.WithParamsIn(pagingtest.Body))
	cfg := core.Config{Style: core.StylePage, PageSize: 100, Prefetch: 4, MaxItems: 750}
	got, err := collect(t, core.Items(t.Context(), cfg, rtpList(srv, pagingtest.Body)), rtpKey)
	require.NoError(t, err)
	assert.Equal(t, want(1, 750), got)
	assert.Len(t, srv.Requests(), 8, "never past the cap")
}

// fakeRows serves n rows with a total (none with noTotal: the last page is the short or
// empty one), delayed by d, and tracks the fetches in flight.
type fakeRows struct {
	n        int
	d        time.Duration
	noTotal  bool
	inFlight atomic.Int32
	peak     atomic.Int32
	canceled atomic.Int32
	mu       sync.Mutex
	starts   []int
}

func (f *fakeRows) fetch(ctx context.Context, p core.Position) (core.Page[int], error) {
	cur := f.inFlight.Add(1)
	defer f.inFlight.Add(-1)
	for {
		old := f.peak.Load()
		if cur <= old || f.peak.CompareAndSwap(old, cur) {
			break
		}
	}
	f.mu.Lock()
	f.starts = append(f.starts, p.Start)
	f.mu.Unlock()
	select {
	case <-time.After(f.d):
	case <-ctx.Done():
		f.canceled.Add(1)
		return core.Page[int]{}, ctx.Err()
	}
	var items []int
	for i := p.Start; i <= min(p.End(), f.n); i++ {
		items = append(items, i)
	}
	return core.Page[int]{Items: items, Total: f.n, HasTotal: !f.noTotal}, nil
}

// started returns the starts of the windows requested so far, sorted.
func (f *fakeRows) started() []int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Sorted(slices.Values(f.starts))
}

func TestPrefetchBoundedConcurrency(t *testing.T) {
	f := &fakeRows{n: 10_000, d: 3 * time.Millisecond}
	cfg := core.Config{Style: core.StyleRow, PageSize: 100, Prefetch: 4}
	n := 0
	for x, err := range core.Items(t.Context(), cfg, f.fetch) {
		require.NoError(t, err)
		n++
		require.Equal(t, n, x, "in order")
	}
	assert.Equal(t, 10_000, n)
	assert.LessOrEqual(t, f.peak.Load(), int32(4), "at most k pages in flight")
	assert.GreaterOrEqual(t, f.peak.Load(), int32(2), "pages do overlap")
}

func TestPrefetchBreakCancels(t *testing.T) {
	defer goleaktest.VerifyNone(t)
	f := &fakeRows{n: 100_000, d: time.Hour} // only cancellation ends a fetch
	first := &fakeRows{n: 100_000}           // the first page comes at once
	calls := atomic.Int32{}
	fetch := func(ctx context.Context, p core.Position) (core.Page[int], error) {
		if calls.Add(1) == 1 {
			return first.fetch(ctx, p)
		}
		return f.fetch(ctx, p)
	}
	cfg := core.Config{Style: core.StyleRow, PageSize: 100, Prefetch: 8}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range core.Items(t.Context(), cfg, fetch) {
			break
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("breaking out of the loop did not return: in-flight fetches not cancelled")
	}
	assert.Equal(t, int32(8), f.canceled.Load(), "the 8 pages in flight were cancelled")
	assert.Zero(t, f.inFlight.Load())
}

func TestPrefetchOverHTTPBreak(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(100_000), pagingtest.WithLatency(50*time.Millisecond))
	cfg := core.Config{Style: core.StyleRow, Prefetch: 4}
	n := 0
	for _, err := range core.Items(context.Background(), cfg, previousDay(srv)) {
		require.NoError(t, err)
		if n++; n == 1500 {
			break
		}
	}
	srv.Close()
	goleaktest.VerifyNone(t)
}

// TestPrefetchSlidingWindow: each page handed to the consumer starts the one k places after
// it (a window of k pages in flight that slides page by page, not rounds of k), in order, never
// more than k in flight, never past the total.
func TestPrefetchSlidingWindow(t *testing.T) {
	for _, noTotal := range []bool{false, true} {
		for _, k := range []int{1, 2, 4, 8} {
			f := &fakeRows{n: 3000, d: 2 * time.Millisecond, noTotal: noTotal}
			cfg := core.Config{Style: core.StyleRow, PageSize: 100, Prefetch: k}
			it := core.NewIterator(t.Context(), cfg, f.fetch)
			page := 0
			for pg, err := range it.Pages() {
				require.NoError(t, err)
				page++
				require.Equal(t, (page-1)*100+1, pg.Items[0], "k=%d total=%v: in order", k, !noTotal)
				// Pages page+1..page+k are in flight or done (their goroutines start
				// asynchronously: wait for them), and no page after them; with a total,
				// never past page 30.
				wantLast := page + k
				if !noTotal {
					wantLast = min(wantLast, 30)
				}
				var last int
				for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(100 * time.Microsecond) {
					s := f.started()
					if last = s[len(s)-1]; last >= (wantLast-1)*100+1 || time.Now().After(deadline) {
						break
					}
				}
				require.Equal(t, (wantLast-1)*100+1, last,
					"k=%d total=%v: page %d in hand, the window reaches page %d", k, !noTotal, page, wantLast)
			}
			assert.Equal(t, 30, page)
			assert.LessOrEqual(t, f.peak.Load(), int32(k), "k=%d: at most k pages in flight", k)
		}
	}
}

// TestPrefetchFirstPageAlone: before the first answer nothing is fetched ahead, so a result
// that fits in one page costs one request whatever the depth, with or without a total.
func TestPrefetchFirstPageAlone(t *testing.T) {
	for _, noTotal := range []bool{false, true} {
		f := &fakeRows{n: 60, noTotal: noTotal}
		cfg := core.Config{Style: core.StyleRow, PageSize: 100, Prefetch: 8}
		n := 0
		for _, err := range core.Items(t.Context(), cfg, f.fetch) {
			require.NoError(t, err)
			n++
		}
		assert.Equal(t, 60, n)
		assert.Equal(t, []int{1}, f.started(), "total=%v", !noTotal)
	}
}

// TestPrefetchWastePastTheEnd: without a total the window runs ahead on the guess that pages
// are full; the short (or empty) last page ends the iteration and the pages requested past it
// (at most k − 1) are cancelled or discarded, never delivered.
func TestPrefetchWastePastTheEnd(t *testing.T) {
	defer goleaktest.VerifyNone(t)
	for _, tt := range []struct {
		rows, pages int // pages needed: the last is short, or empty after full pages
	}{{1050, 11}, {1000, 11}, {150, 2}} {
		for _, k := range []int{1, 2, 4, 8} {
			f := &fakeRows{n: tt.rows, d: time.Millisecond, noTotal: true}
			cfg := core.Config{Style: core.StyleRow, PageSize: 100, Prefetch: k}
			n := 0
			for x, err := range core.Items(t.Context(), cfg, f.fetch) {
				require.NoError(t, err)
				n++
				require.Equal(t, n, x)
			}
			assert.Equal(t, tt.rows, n, "rows=%d k=%d", tt.rows, k)
			s := f.started()
			assert.Equal(t, 1, s[0])
			assert.GreaterOrEqual(t, len(s), tt.pages, "rows=%d k=%d", tt.rows, k)
			assert.LessOrEqual(t, len(s), tt.pages+k-1, "rows=%d k=%d: at most k-1 pages past the end", tt.rows, k)
			assert.Zero(t, f.inFlight.Load(), "rows=%d k=%d: nothing left in flight", tt.rows, k)
		}
	}
}

// TestPrefetchBreakCancelsWithoutTotal: breaking out cancels the speculative pages in flight.
func TestPrefetchBreakCancelsWithoutTotal(t *testing.T) {
	defer goleaktest.VerifyNone(t)
	slow := &fakeRows{n: 100_000, d: time.Hour, noTotal: true} // only cancellation ends a fetch
	fast := &fakeRows{n: 100_000, noTotal: true}
	fetch := func(ctx context.Context, p core.Position) (core.Page[int], error) {
		if p.Start == 1 {
			return fast.fetch(ctx, p)
		}
		return slow.fetch(ctx, p)
	}
	cfg := core.Config{Style: core.StyleRow, PageSize: 100, Prefetch: 4}
	for x, err := range core.Items(t.Context(), cfg, fetch) {
		require.NoError(t, err)
		if x == 50 {
			break
		}
	}
	assert.Equal(t, int32(4), slow.canceled.Load(), "the 4 speculative pages in flight were cancelled")
	assert.Zero(t, slow.inFlight.Load())
}
