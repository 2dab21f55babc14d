package paging_test

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// sendTimes records when each request leaves the client (below the limiter).
type sendTimes struct {
	next http.RoundTripper
	mu   sync.Mutex
	at   []time.Time
}

func (s *sendTimes) RoundTrip(r *http.Request) (*http.Response, error) {
	s.mu.Lock()
	s.at = append(s.at, time.Now())
	s.mu.Unlock()
	return s.next.RoundTrip(r)
}

// TestRateLimitDrain: with the default limiter (5/s), a drain of 20 pages (200 rows by windows
// of 10; 20 rather than 60 pages to keep the test near four seconds) never has more than 5
// requests in any one-second window, even with prefetch asking for 4 pages at once.
func TestRateLimitDrain(t *testing.T) {
	if testing.Short() {
		t.Skip("takes four seconds")
	}
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(200))
	rec := &sendTimes{next: srv.Client().Transport}
	c, err := paging.New(srv.URL, paging.WithHTTPClient(&http.Client{Transport: rec}))
	require.NoError(t, err)
	got, err := collect(t, c.PreviousDayTransactions(t.Context(), pdReq, paging.WithPageSize(10), paging.WithPrefetch(4)), pdKey)
	require.NoError(t, err)
	assert.Equal(t, want(1, 200), got)
	require.Len(t, rec.at, 20)
	for i := range rec.at {
		n := 0
		for _, t2 := range rec.at[i:] {
			if t2.Sub(rec.at[i]) < time.Second {
				n++
			}
		}
		assert.LessOrEqual(t, n, 5, "requests in the second from request %d", i+1)
	}
	assert.GreaterOrEqual(t, rec.at[19].Sub(rec.at[0]), 19*200*time.Millisecond)
}

// TestRateLimited: a 429 without Retry-After is not retried: the error carries the bank's
// two-minute lock-out, and a call during the lock-out fails with *LockoutError without
// reaching the bank.
func TestRateLimited(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(2500), pagingtest.WithFailure(http.StatusTooManyRequests, 2))
	c := client(t, srv)
	got, err := collect(t, c.PreviousDayTransactions(t.Context(), pdReq), pdKey)
	require.ErrorIs(t, err, paging.ErrRateLimited)
	var e *paging.Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, 2*time.Minute, e.RetryAfter)
	assert.Len(t, got, 1000)
	assert.Len(t, srv.Requests(), 2, "not retried")

	_, err = c.ListPreviousDayTransactions(t.Context(), paging.ListPreviousDayTransactionsRequest{Body: pdReq})
	var le *paging.LockoutError
	require.ErrorAs(t, err, &le)
	assert.ErrorIs(t, err, paging.ErrRateLimited)
	assert.InDelta(t, 2*time.Minute, le.Wait, float64(5*time.Second))
	assert.Len(t, srv.Requests(), 2, "nothing sent during the lock-out")
}

// TestRateLimitWait: with WithRateLimitWait the call waits out the lock-out, bounded by its
// context.
func TestRateLimitWait(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(10), pagingtest.WithFailure(http.StatusTooManyRequests, 1))
	c := client(t, srv, paging.WithRateLimitWait())
	ctx, cancel := context.WithTimeout(t.Context(), time.Second)
	defer cancel()
	_, err := c.ListPreviousDayTransactions(ctx, paging.ListPreviousDayTransactionsRequest{Body: pdReq})
	var le *paging.LockoutError
	require.ErrorAs(t, err, &le)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Len(t, srv.Requests(), 1, "waiting, not sending")
}
