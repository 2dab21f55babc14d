package paging_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

func TestPrefetchOrder(t *testing.T) {
	for _, k := range []int{1, 2, 4, 8} {
		srv := pagingtest.NewServer(t, pagingtest.WithRecords(5000), pagingtest.WithLatency(2*time.Millisecond))
		cfg := paging.Config{Style: paging.StyleRow, PageSize: 300, Prefetch: k}
		got, err := collect(t, paging.Items(t.Context(), cfg, previousDay(srv)), pdKey)
		require.NoError(t, err)
		assert.Equal(t, want(1, 5000), got, "k=%d", k)
		assert.Len(t, srv.Requests(), 17, "k=%d: no page fetched twice, none past the total", k)
	}
}

func TestPrefetchPageStyleWithCap(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(5000), pagingtest.WithParamsIn(pagingtest.Body))
	cfg := paging.Config{Style: paging.StylePage, PageSize: 100, Prefetch: 4, MaxItems: 750}
	got, err := collect(t, paging.Items(t.Context(), cfg, rtpList(srv, pagingtest.Body)), rtpKey)
	require.NoError(t, err)
	assert.Equal(t, want(1, 750), got)
	assert.Len(t, srv.Requests(), 8, "never past the cap")
}

// fakeRows serves n rows with a total, delayed by d, and tracks the fetches in flight.
type fakeRows struct {
	n        int
	d        time.Duration
	inFlight atomic.Int32
	peak     atomic.Int32
	canceled atomic.Int32
	mu       sync.Mutex
	starts   []int
}

func (f *fakeRows) fetch(ctx context.Context, p paging.Position) (paging.Page[int], error) {
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
		return paging.Page[int]{}, ctx.Err()
	}
	var items []int
	for i := p.Start; i <= min(p.End(), f.n); i++ {
		items = append(items, i)
	}
	return paging.Page[int]{Items: items, Total: f.n, HasTotal: true}, nil
}

func TestPrefetchBoundedConcurrency(t *testing.T) {
	f := &fakeRows{n: 10_000, d: 3 * time.Millisecond}
	cfg := paging.Config{Style: paging.StyleRow, PageSize: 100, Prefetch: 4}
	n := 0
	for x, err := range paging.Items(t.Context(), cfg, f.fetch) {
		require.NoError(t, err)
		n++
		require.Equal(t, n, x, "in order")
	}
	assert.Equal(t, 10_000, n)
	assert.LessOrEqual(t, f.peak.Load(), int32(4), "at most k pages in flight")
	assert.GreaterOrEqual(t, f.peak.Load(), int32(2), "pages do overlap")
}

func TestPrefetchBreakCancels(t *testing.T) {
	defer goleak.VerifyNone(t)
	f := &fakeRows{n: 100_000, d: time.Hour} // only cancellation ends a fetch
	first := &fakeRows{n: 100_000}           // the first page comes at once
	calls := atomic.Int32{}
	fetch := func(ctx context.Context, p paging.Position) (paging.Page[int], error) {
		if calls.Add(1) == 1 {
			return first.fetch(ctx, p)
		}
		return f.fetch(ctx, p)
	}
	cfg := paging.Config{Style: paging.StyleRow, PageSize: 100, Prefetch: 8}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range paging.Items(t.Context(), cfg, fetch) {
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
	srv := pagingtest.Start(pagingtest.WithRecords(100_000), pagingtest.WithLatency(50*time.Millisecond))
	cfg := paging.Config{Style: paging.StyleRow, Prefetch: 4}
	n := 0
	for _, err := range paging.Items(context.Background(), cfg, previousDay(srv)) {
		require.NoError(t, err)
		if n++; n == 1500 {
			break
		}
	}
	srv.Close()
	goleak.VerifyNone(t)
}
