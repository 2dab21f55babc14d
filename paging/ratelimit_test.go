package paging_test

import (
	"context"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// TestRateLimitDrain: with the default limiter (5/s), a drain of 60 pages (600 rows by
// windows of 10), with eager prefetch asking for 8 pages at once from the first request (the
// largest burst the engine makes), never brings more than 5 requests
// to the server in any one-second window, as the server clocks their arrival. It takes about
// 12 s of real time, so it runs in parallel with the package's other parallel tests.
func TestRateLimitDrain(t *testing.T) {
	if testing.Short() {
		t.Skip("takes twelve seconds")
	}
	t.Parallel()
	srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(600))
	c, err := paging.New(srv.URL, paging.WithDocumentedAPI(), core.WithHTTPClient(srv.HTTPClient()))
	require.NoError(t, err)
	got, err := collect(t, c.PreviousDayTransactions(t.Context(), pdReq, core.WithPageSize(10), core.WithEagerPrefetch(8)), pdKey)
	require.NoError(t, err)
	assert.Equal(t, want(1, 600), got)
	reqs := srv.Requests()
	require.Len(t, reqs, 60)
	at := make([]time.Time, len(reqs))
	for i, r := range reqs {
		at[i] = r.Time
	}
	slices.SortFunc(at, time.Time.Compare)
	worst := 0
	for i := range at {
		n := 0
		for _, t2 := range at[i:] {
			if t2.Sub(at[i]) < time.Second {
				n++
			}
		}
		worst = max(worst, n)
		assert.LessOrEqual(t, n, 5, "requests at the server in the second from request %d", i+1)
	}
	t.Logf("60 requests over %v; at most %d in any one-second window", at[59].Sub(at[0]).Round(time.Millisecond), worst)
	assert.GreaterOrEqual(t, at[59].Sub(at[0]), 59*200*time.Millisecond)
}

// TestRateLimited: a 429 without Retry-After is not retried: the error carries the bank's
// two-minute lock-out, and a call during the lock-out fails with *LockoutError without
// reaching the bank. The iteration fetches on demand (WithPrefetch(0)): with the default
// depth, which follows the latency observed, a loaded machine made it prefetch a third page
// beside the second, which then met the 429 or the lock-out in either order.
func TestRateLimited(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(2500), pagingtest.WithFailure(http.StatusTooManyRequests, 2))
	c := client(t, srv)
	got, err := collect(t, c.PreviousDayTransactions(t.Context(), pdReq, core.WithPrefetch(0)), pdKey)
	require.ErrorIs(t, err, core.ErrRateLimited)
	var e *core.Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, 2*time.Minute, e.RetryAfter)
	assert.Len(t, got, 1000)
	assert.Len(t, srv.Requests(), 2, "not retried")

	_, err = c.ListPreviousDayTransactions(t.Context(), paging.ListPreviousDayTransactionsRequest{Body: pdReq})
	var le *core.LockoutError
	require.ErrorAs(t, err, &le)
	assert.ErrorIs(t, err, core.ErrRateLimited)
	assert.InDelta(t, 2*time.Minute, le.Wait, float64(5*time.Second))
	assert.Len(t, srv.Requests(), 2, "nothing sent during the lock-out")
}

// TestRateLimitWait: with WithRateLimitWait the call waits out the lock-out, bounded by its
// context.
func TestRateLimitWait(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(10), pagingtest.WithFailure(http.StatusTooManyRequests, 1))
	c := client(t, srv, paging.WithRateLimitWait())
	ctx, cancel := context.WithTimeout(t.Context(), time.Second)
	defer cancel()
	_, err := c.ListPreviousDayTransactions(ctx, paging.ListPreviousDayTransactionsRequest{Body: pdReq})
	var le *core.LockoutError
	require.ErrorAs(t, err, &le)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Len(t, srv.Requests(), 1, "waiting, not sending")
}
