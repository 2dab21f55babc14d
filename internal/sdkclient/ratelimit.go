package sdkclient

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
	"github.com/issuerkit/issuerkit-go/internal/ratelimit"
)

// WithRateLimit sets the client-side limit in requests per second (fractions allowed); 0 turns
// the limiter off. Every attempt counts, retries included. The bank clients default to 5.
func WithRateLimit(perSecond float64) Option {
	return func(c *Config) error {
		if perSecond < 0 || perSecond != perSecond {
			return fmt.Errorf("issuerkit: WithRateLimit(%v): want 0 (off) or more", perSecond)
		}
		c.RateLimit, c.rateLimitSet = perSecond, true
		return nil
	}
}

// WithRateLimitWait makes a 429 wait out the lock-out (Retry-After, or two minutes when the
// server gives none) and send again, bounded by the call's context, instead of failing at once.
func WithRateLimitWait() Option {
	return func(c *Config) error { c.RateLimitWait = true; return nil }
}

// WithMaxLockout sets the longest lock-out a 429 starts (default ratelimit.DefaultMaxLockout,
// 10 minutes): a longer Retry-After is cut to it. Under a second fails.
func WithMaxLockout(d time.Duration) Option {
	return func(c *Config) error {
		if d < time.Second {
			return fmt.Errorf("issuerkit: WithMaxLockout(%v): want at least 1s", d)
		}
		c.MaxLockout = d
		return nil
	}
}

// LockoutError is returned, without sending anything, for a request made while the client is
// locked out after a 429: the server asked for Wait more before the next request (until
// Until). It matches apierror.ErrRateLimited with errors.Is.
type LockoutError struct {
	Wait  time.Duration // time left before requests may be sent again
	Until time.Time     // end of the lock-out
}

// Error describes the wait left.
func (e *LockoutError) Error() string {
	return fmt.Sprintf("issuerkit: locked out after a 429: retry after %v", e.Wait.Round(time.Millisecond))
}

// Is reports whether target is apierror.ErrRateLimited.
func (e *LockoutError) Is(target error) bool { return target == apierror.ErrRateLimited }

// limitWaitError is a request the client-side limiter held back: its turn would come after
// the call's deadline, or the call ended while it waited. Nothing was sent, so the retry
// policy returns it as it is (never an outcome unknown, never retried: refused locally). It
// matches apierror.ErrRateLimited and the context's error.
type limitWaitError struct{ err error }

func (e *limitWaitError) Error() string {
	return "issuerkit: not sent: held back by the client-side rate limit: " + e.err.Error()
}

func (e *limitWaitError) Unwrap() []error { return []error{apierror.ErrRateLimited, e.err} }

// jitterGuard is the share of the configured rate the limiter actually allows: spacing
// requests 1/0.9 times wider than 1/rate keeps a server that counts arrivals in one-second
// windows from seeing N+1 requests in a second as long as the latency of the first and the
// (N+1)th differ by less than 1/0.9 − 1 s (111 ms). 0.95 (53 ms) was not enough: a 60-page
// drain under -race on a loaded 2-core machine brought 6 requests to the sandbox in one second.
// A two-minute lock-out costs far more than the 10% of throughput given up.
const jitterGuard = 0.9

// rateLimit resolves the limit for api and cfg, and makes 429s final for an API with a
// lock-out unless the caller opted in to waiting. For an API with a rate limit (the bank's), or
// when WithRateLimit was given, it wraps the transport the pipeline sends with (after TLS is
// applied to it) in one that keeps the lock-out a 429 starts and, unless the limit is 0, waits for the limiter
// before every attempt.
func rateLimit(api API, cfg *Config) error {
	cfg.Transport.No429Retry = api.Lockout && !cfg.RateLimitWait
	perSecond := api.RateLimit
	if cfg.rateLimitSet {
		perSecond = cfg.RateLimit
	}
	if api.RateLimit == 0 && !cfg.rateLimitSet {
		return nil
	}
	var lim *ratelimit.Limiter
	if perSecond > 0 {
		var err error
		if lim, err = ratelimit.NewRate(perSecond * jitterGuard); err != nil {
			return fmt.Errorf("issuerkit: %w", err)
		}
	}
	wait, maxLockout := cfg.RateLimitWait, cfg.MaxLockout
	cfg.Transport.WrapTransport = func(next http.RoundTripper) http.RoundTripper {
		return &limitedTransport{next: next, lim: lim, wait: wait, maxLockout: maxLockout, now: time.Now}
	}
	return nil
}

// limitedTransport spaces requests out with a limiter (nil: no limit) and keeps the lock-out a 429 starts.
//
// After a 429 it sets the response's Retry-After to the lock-out (the header's value, or
// ratelimit.BankLockout when absent, at most maxLockout), so that the *apierror.Error the pipeline reports carries
// the wait (for an API with API.Lockout the retry policy treats every 429 as final), and it
// refuses further requests with a *LockoutError, which the retry policy never retries, until
// the lock-out ends. With wait (WithRateLimitWait) it leaves the header alone and holds every
// request until the lock-out ends instead.
type limitedTransport struct {
	next http.RoundTripper
	lim  *ratelimit.Limiter
	wait bool
	// maxLockout caps the lock-out (0: ratelimit.DefaultMaxLockout).
	maxLockout time.Duration
	now        func() time.Time

	mu    sync.Mutex
	until time.Time // end of the current lock-out
}

// RoundTrip waits for the lock-out and the limiter, then sends req.
func (t *limitedTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	if err := t.waitLockout(ctx); err != nil {
		closeBody(req)
		return nil, err
	}
	if t.lim != nil {
		if err := t.lim.Wait(ctx); err != nil {
			closeBody(req)
			return nil, &limitWaitError{err: err}
		}
	}
	resp, err := t.next.RoundTrip(req)
	if err != nil || resp.StatusCode != http.StatusTooManyRequests {
		return resp, err
	}
	now := t.now()
	d := ratelimit.LockoutWait(resp.Header, now, t.maxLockout)
	t.mu.Lock()
	if until := now.Add(d); until.After(t.until) {
		t.until = until
	}
	t.mu.Unlock()
	if !t.wait && d > 0 {
		secs := int64((d + time.Second - 1) / time.Second)
		resp.Header = resp.Header.Clone()
		resp.Header.Set("Retry-After", strconv.FormatInt(secs, 10))
	}
	return resp, nil
}

// waitLockout returns at once outside a lock-out; inside one it fails with *LockoutError, or,
// with wait, sleeps until it ends (or ctx is done).
func (t *limitedTransport) waitLockout(ctx context.Context) error {
	t.mu.Lock()
	until := t.until
	t.mu.Unlock()
	d := until.Sub(t.now())
	if d <= 0 {
		return nil
	}
	if !t.wait {
		return &LockoutError{Wait: d, Until: until}
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return nil
	case <-ctx.Done():
		return errors.Join(ctx.Err(), &LockoutError{Wait: d, Until: until})
	}
}

// closeBody closes the body of a request that will not be sent, as a RoundTripper must.
func closeBody(req *http.Request) {
	if req.Body != nil {
		_ = req.Body.Close()
	}
}
