package paging_test

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/paging"
)

// tooMany answers every request 429 with the given Retry-After (none when empty) and counts
// the requests that reached it.
func tooMany(t *testing.T, retryAfter string) (*httptest.Server, *atomic.Int32) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		if retryAfter != "" {
			w.Header().Set("Retry-After", retryAfter)
		}
		w.WriteHeader(http.StatusTooManyRequests)
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

// TestShortRetryAfterNotRetried: a 429 whose Retry-After is shorter than the retry policy's
// MaxDelay (1 s, 0 s) returns at once with the wait on the error; nothing is sent again.
func TestShortRetryAfterNotRetried(t *testing.T) {
	for _, tt := range []struct {
		retryAfter string
		want       time.Duration
	}{{"1", time.Second}, {"0", 0}, {"", 2 * time.Minute}} {
		t.Run(tt.retryAfter, func(t *testing.T) {
			srv, hits := tooMany(t, tt.retryAfter)
			c, err := paging.New(srv.URL, paging.WithHTTPClient(srv.Client()))
			require.NoError(t, err)
			start := time.Now()
			_, err = c.ListPreviousDayTransactions(t.Context(), paging.ListPreviousDayTransactionsRequest{Body: pdReq})
			var e *paging.Error
			require.ErrorAs(t, err, &e)
			assert.ErrorIs(t, err, paging.ErrRateLimited)
			assert.Equal(t, tt.want, e.RetryAfter)
			assert.Equal(t, int32(1), hits.Load(), "a 429 is not sent again")
			assert.Less(t, time.Since(start), 500*time.Millisecond, "no backoff")
		})
	}
}

// TestLockoutErrorNotRetried: a call refused locally during the lock-out is one attempt: the
// retry policy neither backs off nor tries again (one log record, no wait).
func TestLockoutErrorNotRetried(t *testing.T) {
	srv, hits := tooMany(t, "")
	var logs bytes.Buffer
	c, err := paging.New(srv.URL, paging.WithHTTPClient(srv.Client()),
		paging.WithLogger(slog.New(slog.NewTextHandler(&logs, nil))))
	require.NoError(t, err)
	_, err = c.ListPreviousDayTransactions(t.Context(), paging.ListPreviousDayTransactionsRequest{Body: pdReq})
	require.ErrorIs(t, err, paging.ErrRateLimited)
	logs.Reset()

	start := time.Now()
	_, err = c.ListPreviousDayTransactions(t.Context(), paging.ListPreviousDayTransactionsRequest{Body: pdReq})
	var le *paging.LockoutError
	require.ErrorAs(t, err, &le)
	assert.Less(t, time.Since(start), 100*time.Millisecond, "no backoff before LockoutError")
	assert.Equal(t, 1, strings.Count(logs.String(), "\n"), "one attempt:\n%s", logs.String())
	assert.Equal(t, int32(1), hits.Load())
}
