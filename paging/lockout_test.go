package paging_test

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/leaktest"
	"github.com/issuerkit/issuerkit-go/internal/ratelimit"
	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
)

// tooMany answers every request 429 with the given Retry-After (none when empty) and counts
// the requests that reached it. When it closes, the lock-out its 429s started is forgotten,
// as the sandboxes forget theirs: the process's budgets keep it under the server's origin, and
// a later test's server on the same port (the kernel reuses ports) was locked out by it
// (TestACHAddendaPublished, under -count=20: "locked out after a 429: retry after 32.697s").
func tooMany(t *testing.T, retryAfter string) (*httptest.Server, *atomic.Int32) {
	var hits atomic.Int32
	srv := httptest.NewServer(tooManyHandler(retryAfter, &hits, nil))
	t.Cleanup(func() { ratelimit.Process().Forget(sdkclient.Origin(srv.URL)) }) // after Close (cleanups run last first)
	t.Cleanup(srv.Close)
	return srv, &hits
}

// tooManyHandler answers every request 429 with the given Retry-After (none when empty),
// counting the requests in hits and, when answered is not nil, storing the time of the last
// answer there.
func tooManyHandler(retryAfter string, hits *atomic.Int32, answered *atomic.Int64) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		if retryAfter != "" {
			w.Header().Set("Retry-After", retryAfter)
		}
		if answered != nil {
			answered.Store(time.Now().UnixNano())
		}
		w.WriteHeader(http.StatusTooManyRequests)
	})
}

// TestShortRetryAfterNotRetried: a 429 whose Retry-After is shorter than the retry policy's
// MaxDelay (1 s, 0 s) returns at once with the wait on the error; nothing is sent again.
//
// It runs in a testing/synctest bubble against a server on in-memory connections
// (pipeServer), so its clock moves only when the SDK waits for a timer: the time from the
// answer to the call's return is exactly what the SDK waited after the 429, 0 when it does not
// back off, and at least the Retry-After or a backoff when it does, however loaded the
// machine. (Measured on the machine's clock, the bound was 900 ms against the 1 s wait: a
// loaded machine's scheduling delay.)
func TestShortRetryAfterNotRetried(t *testing.T) {
	for _, tt := range []struct {
		retryAfter string
		want       time.Duration
	}{{"1", time.Second}, {"0", 0}, {"", 2 * time.Minute}} {
		t.Run(tt.retryAfter, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				var hits atomic.Int32
				var answered atomic.Int64
				url, hc := pipeServer(t, tooManyHandler(tt.retryAfter, &hits, &answered))
				t.Cleanup(func() { ratelimit.Process().Forget(sdkclient.Origin(url)) })
				// The process's limiter would give the first turn one second after the process
				// started on the machine's clock, which the bubble's (from 2000) never reaches:
				// this client's limiter grants every turn at once. The lock-out is the
				// process's, as with the default limiter.
				c, err := paging.New(url, paging.WithDocumentedAPI(), core.WithHTTPClient(hc), paging.WithLimiter(grantAll{}))
				require.NoError(t, err)
				_, err = c.ListPreviousDayTransactions(t.Context(), paging.ListPreviousDayTransactionsRequest{Body: pdReq})
				var e *core.Error
				require.ErrorAs(t, err, &e)
				assert.ErrorIs(t, err, core.ErrRateLimited)
				assert.Equal(t, tt.want, e.RetryAfter)
				assert.Equal(t, int32(1), hits.Load(), "a 429 is not sent again")
				assert.Zero(t, time.Since(time.Unix(0, answered.Load())), "no backoff: the SDK waited after the 429")
			})
		})
	}
}

// grantAll is a core.Limiter that grants every turn at once.
type grantAll struct{}

func (grantAll) Wait(context.Context, core.BudgetKey) error { return nil }

// TestLockoutErrorNotRetried: a call refused locally during the lock-out is one attempt: the
// retry policy neither backs off nor tries again (one log record, no wait).
//
// It runs in a testing/synctest bubble against a server on in-memory connections, as
// TestShortRetryAfterNotRetried does: the time the refused call took is exactly what the SDK
// waited in it, zero, where the machine's clock gave a bound of 1 s (100 ms before that: a busy
// machine's scheduling delay) and could not see a backoff shorter than the bound.
func TestLockoutErrorNotRetried(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var hits atomic.Int32
		url, hc := pipeServer(t, tooManyHandler("", &hits, nil))
		t.Cleanup(func() { ratelimit.Process().Forget(sdkclient.Origin(url)) })
		var logs bytes.Buffer
		c, err := paging.New(url, paging.WithDocumentedAPI(), core.WithHTTPClient(hc), paging.WithLimiter(grantAll{}),
			core.WithLogger(slog.New(slog.NewTextHandler(&logs, leaktest.NoTime(nil)))))
		require.NoError(t, err)
		_, err = c.ListPreviousDayTransactions(t.Context(), paging.ListPreviousDayTransactionsRequest{Body: pdReq})
		require.ErrorIs(t, err, core.ErrRateLimited)
		logs.Reset()

		start := time.Now()
		_, err = c.ListPreviousDayTransactions(t.Context(), paging.ListPreviousDayTransactionsRequest{Body: pdReq})
		var le *core.LockoutError
		require.ErrorAs(t, err, &le)
		// The log shows one attempt; the time shows no wait for the lock-out (2 minutes) nor
		// a retry's.
		assert.Zero(t, time.Since(start), "no backoff before LockoutError")
		assert.Equal(t, 1, strings.Count(logs.String(), "\n"), "one attempt:\n%s", logs.String())
		assert.Equal(t, int32(1), hits.Load())
	})
}

// TestLockoutBounded: a Retry-After longer than the lock-out's maximum (10 minutes by default,
// WithMaxLockout to change it) locks the client out for the maximum, never longer, and one
// too large for a time.Duration saturates instead of wrapping around (9223372037 s wrapped to
// a negative wait, no lock-out at all; 18446744074 s to 290 ms).
func TestLockoutBounded(t *testing.T) {
	for _, tt := range []struct {
		retryAfter string
		opts       []core.Option
		want       time.Duration
	}{
		{"315360000", nil, core.DefaultMaxLockout},               // ten years
		{"9223372037", nil, core.DefaultMaxLockout},              // past the largest Duration
		{"18446744074", nil, core.DefaultMaxLockout},             // wraps to 290 ms
		{"99999999999999999999999", nil, core.DefaultMaxLockout}, // past int64
		{"315360000", []core.Option{paging.WithMaxLockout(time.Hour)}, time.Hour},
		{"30", []core.Option{paging.WithMaxLockout(time.Hour)}, 30 * time.Second},
	} {
		t.Run(tt.retryAfter, func(t *testing.T) {
			srv, hits := tooMany(t, tt.retryAfter)
			c, err := paging.New(srv.URL, append([]core.Option{paging.WithDocumentedAPI(), core.WithHTTPClient(srv.Client())}, tt.opts...)...)
			require.NoError(t, err)
			_, err = c.ListPreviousDayTransactions(t.Context(), paging.ListPreviousDayTransactionsRequest{Body: pdReq})
			var e *core.Error
			require.ErrorAs(t, err, &e)
			assert.Equal(t, tt.want, e.RetryAfter, "the wait reported is the lock-out")

			_, err = c.ListPreviousDayTransactions(t.Context(), paging.ListPreviousDayTransactionsRequest{Body: pdReq})
			var le *core.LockoutError
			require.ErrorAs(t, err, &le, "the next call is refused locally")
			assert.InDelta(t, tt.want, le.Wait, float64(5*time.Second))
			assert.LessOrEqual(t, le.Wait, tt.want)
			assert.Equal(t, int32(1), hits.Load(), "nothing sent during the lock-out")
		})
	}
}

// TestMaxLockoutInvalid: a maximum below one second, or negative, fails at construction.
func TestMaxLockoutInvalid(t *testing.T) {
	for _, d := range []time.Duration{0, -time.Minute, time.Millisecond} {
		_, err := paging.New("https://bank.example", paging.WithMaxLockout(d))
		assert.Error(t, err, d)
	}
}
