package paging_test

import (
	"context"
	"errors"
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"net/http"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/goleaktest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// TestEagerPrefetchStartsKAtOnce: with EagerPrefetch the first k pages are requested together,
// before any answer, and the window then slides with k in flight. The first page is held
// until all k have started, so the test fails if any of them waits for it.
func TestEagerPrefetchStartsKAtOnce(t *testing.T) {
	defer goleaktest.VerifyNone(t)
	for _, k := range []int{1, 2, 4, 8} {
		f := &fakeRows{n: 5000, d: time.Millisecond}
		var began atomic.Int32
		batch := false // all k had started before page 1 answered
		fetch := func(ctx context.Context, p core.Position) (core.Page[int], error) {
			began.Add(1)
			if p.Start == 1 {
				batch = waitFor(func() bool { return began.Load() >= int32(k) })
			}
			return f.fetch(ctx, p)
		}
		cfg := core.Config{Style: core.StyleRow, PageSize: 100, Prefetch: k, EagerPrefetch: true}
		n := 0
		for x, err := range core.Items(t.Context(), cfg, fetch) {
			require.NoError(t, err)
			n++
			require.Equal(t, n, x, "k=%d: in order", k)
		}
		assert.Equal(t, 5000, n)
		assert.True(t, batch, "k=%d: the first %d pages requested before the first answer", k, k)
		// batch proves the k requests before the first answer; the fake's own peak can read
		// lower when the others finish their millisecond before page 1 is released (seen
		// under -race on a loaded machine), but never higher.
		assert.LessOrEqual(t, f.peak.Load(), int32(k), "k=%d: never more than k pages in flight", k)
		assert.Equal(t, seq(1, 4901, 100), f.started(), "k=%d: every page once, none past the total", k)
	}
}

// TestEagerPrefetchShortResult: a result shorter than the first batch costs at most k − 1
// wasted requests, which are cancelled or discarded and never delivered, with or without a
// total; without eager prefetch the same result costs exactly the pages it needs.
func TestEagerPrefetchShortResult(t *testing.T) {
	defer goleaktest.VerifyNone(t)
	for _, rows := range []int{0, 60, 100, 250} {
		for _, noTotal := range []bool{false, true} {
			for _, k := range []int{2, 8} {
				// pages needed: up to the total, or up to the first short (or empty) page
				needed := max(1, (rows+99)/100)
				if noTotal {
					needed = rows/100 + 1
				}
				f := &fakeRows{n: rows, d: time.Millisecond, noTotal: noTotal}
				cfg := core.Config{Style: core.StyleRow, PageSize: 100, Prefetch: k, EagerPrefetch: true}
				n := 0
				for x, err := range core.Items(t.Context(), cfg, f.fetch) {
					require.NoError(t, err)
					n++
					require.Equal(t, n, x)
				}
				name := fmt.Sprintf("rows=%d total=%v k=%d", rows, !noTotal, k)
				assert.Equal(t, rows, n, name)
				s := f.started()
				require.GreaterOrEqual(t, len(s), needed, name)
				assert.Equal(t, seq(1, (needed-1)*100+1, 100), s[:needed], name)
				assert.LessOrEqual(t, len(s), needed+k-1, "%s: at most k-1 wasted", name)
				assert.Equal(t, slices.Compact(slices.Clone(s)), s, "%s: no window requested twice", name)
				assert.LessOrEqual(t, f.peak.Load(), int32(k), name)
				assert.Zero(t, f.inFlight.Load(), name)
			}
		}
	}
}

// TestEagerPrefetchRespectsCap: the first batch never runs past MaxItems: a cap of 150 rows in
// pages of 100 requests rows 1-100 and 101-150 and nothing else, whatever the depth.
func TestEagerPrefetchRespectsCap(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(5000))
	cfg := core.Config{Style: core.StyleRow, PageSize: 100, Prefetch: 8, EagerPrefetch: true, MaxItems: 150}
	got, err := collect(t, core.Items(t.Context(), cfg, previousDay(srv)), pdKey)
	require.NoError(t, err)
	assert.Equal(t, want(1, 150), got)
	var windows []string
	for _, r := range srv.Requests() {
		windows = append(windows, r.RevealQuery().Get("startRowIndex")+"-"+r.RevealQuery().Get("endRowIndex"))
	}
	assert.ElementsMatch(t, []string{"1-100", "101-150"}, windows)
}

// TestEagerPrefetchBreakBeforeFirstAnswer: breaking out on the first item cancels the k − 1
// pages of the first batch still in flight, and no goroutine is left behind.
func TestEagerPrefetchBreakBeforeFirstAnswer(t *testing.T) {
	defer goleaktest.VerifyNone(t)
	fast := &fakeRows{n: 100_000}
	slow := &fakeRows{n: 100_000, d: time.Hour} // only cancellation ends a fetch
	batch := false                              // pages 2-8 were in flight before page 1 answered
	fetch := func(ctx context.Context, p core.Position) (core.Page[int], error) {
		if p.Start == 1 {
			batch = waitFor(func() bool { return slow.inFlight.Load() == 7 })
			return fast.fetch(ctx, p)
		}
		return slow.fetch(ctx, p)
	}
	cfg := core.Config{Style: core.StyleRow, PageSize: 100, Prefetch: 8, EagerPrefetch: true}
	for range core.Items(t.Context(), cfg, fetch) {
		break
	}
	assert.True(t, batch, "pages 2-8 requested before the first answer")
	assert.Equal(t, int32(8), slow.canceled.Load(), "pages 2-8 of the first batch and page 9 were cancelled")
	assert.Zero(t, slow.inFlight.Load())
}

// TestEagerPrefetchResume: a page-style cursor in the middle of a page resumes with the
// first batch starting at that page, skipping what was delivered.
func TestEagerPrefetchResume(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(1000), pagingtest.WithParamsIn(pagingtest.Body))
	cfg := core.Config{Style: core.StylePage, PageSize: 100, Prefetch: 4, EagerPrefetch: true,
		From: core.Cursor{Style: core.StylePage, Start: 3, Size: 100, Skip: 40}}
	got, err := collect(t, core.Items(t.Context(), cfg, rtpList(srv, pagingtest.Body)), rtpKey)
	require.NoError(t, err)
	assert.Equal(t, want(241, 1000), got)
	assert.Len(t, srv.Requests(), 8, "pages 3-10, each once: the total stops the window")
}

// TestEagerPrefetchTyped: WithEagerPrefetch on a generated iterator, over HTTP.
func TestEagerPrefetchTyped(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(2500))
	c := client(t, srv)
	got, err := collect(t, c.RTPTransactions(t.Context(), rtpReq, core.WithPageSize(500), core.WithEagerPrefetch(3)), rtpKey)
	require.NoError(t, err)
	assert.Equal(t, want(1, 2500), got)
	assert.Len(t, srv.Requests(), 5, "pages 1-5 once each: the first batch (1-3) fits in the result")
}

// TestEagerPrefetchInvalid: eager prefetch with no depth is a configuration error before any
// request, in the Config and through the option.
func TestEagerPrefetchInvalid(t *testing.T) {
	f := &fakeRows{n: 10}
	for _, err := range core.Items(t.Context(), core.Config{Style: core.StyleRow, EagerPrefetch: true}, f.fetch) {
		assert.True(t, errors.Is(err, core.ErrInvalidConfig), "%v", err)
	}
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(10))
	for _, k := range []int{0, -1} {
		for _, err := range client(t, srv).RTPTransactions(t.Context(), rtpReq, core.WithEagerPrefetch(k)) {
			assert.True(t, errors.Is(err, core.ErrInvalidConfig), "k=%d: %v", k, err)
		}
	}
	assert.Empty(t, f.started())
	assert.Empty(t, srv.Requests())
}

// TestEagerPrefetchHostileServers: the first batch is in flight before anything is known, so
// every defence must still hold when the bad answer is one of several pages already asked
// for: a server that ignores the page number, totals that lie either way, a failure at the
// second request to arrive (whichever page that is). Each ends in the typed error or at the
// claimed total, with the items delivered a prefix in order, and never loops.
func TestEagerPrefetchHostileServers(t *testing.T) {
	defer goleaktest.VerifyNone(t, goleak.IgnoreCurrent())
	const k = 4
	rows := func(srv *pagingtest.Server) ([]string, error) {
		cfg := core.Config{Style: core.StyleRow, PageSize: 500, Prefetch: k, EagerPrefetch: true}
		return collect(t, core.Items(t.Context(), cfg, previousDay(srv)), pdKey)
	}
	t.Run("page number ignored", func(t *testing.T) {
		srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(2500), pagingtest.WithPageParamsIgnored())
		cfg := core.Config{Style: core.StylePage, PageSize: 500, Prefetch: k, EagerPrefetch: true}
		got, err := collect(t, core.Items(t.Context(), cfg, rtpList(srv, pagingtest.Query)), rtpKey)
		var me *core.MismatchError
		require.ErrorAs(t, err, &me)
		assert.Equal(t, 2, me.Requested)
		assert.Equal(t, want(1, 500), got)
		assert.LessOrEqual(t, len(srv.Requests()), k+1)
	})
	t.Run("total claims more", func(t *testing.T) {
		srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(1200), pagingtest.WithClaimedTotal(5000))
		got, err := rows(srv)
		var ee *core.EmptyPageError
		require.ErrorAs(t, err, &ee)
		assert.Equal(t, want(1, 1200), got)
		// 4 windows to the error (1, 501, 1001, then 1201 after the short page), plus the
		// queue planned on full pages: up to k − 1 of the first batch past the end and, when
		// the short page moves every later window, one replaced queue of k.
		assert.LessOrEqual(t, len(srv.Requests()), 4+2*k-1)
	})
	t.Run("total claims fewer", func(t *testing.T) {
		srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(2500), pagingtest.WithClaimedTotal(1200))
		got, err := rows(srv)
		require.NoError(t, err)
		assert.Equal(t, want(1, 1200), got, "ends at the claimed total, rows past it dropped")
	})
	for _, status := range []int{http.StatusServiceUnavailable, http.StatusTooManyRequests} {
		t.Run(fmt.Sprint("failure ", status), func(t *testing.T) {
			srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(2500), pagingtest.WithFailure(status, 2))
			got, err := rows(srv)
			require.Error(t, err)
			assert.Contains(t, err.Error(), fmt.Sprint(status))
			assert.Less(t, len(got), 2500)
			assert.Equal(t, want(1, len(got)), got, "a prefix, in order")
		})
	}
}

// waitFor polls cond for up to five seconds and reports whether it became true.
func waitFor(cond func() bool) bool {
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); {
		if cond() {
			return true
		}
		time.Sleep(100 * time.Microsecond)
	}
	return cond()
}

// seq returns from, from+step, ... up to to.
func seq(from, to, step int) []int {
	var out []int
	for i := from; i <= to; i += step {
		out = append(out, i)
	}
	return out
}
