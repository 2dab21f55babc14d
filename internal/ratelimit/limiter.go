// Package ratelimit keeps a client under the bank's request rate: 5 requests per second across
// its APIs, with a lock-out of at least two minutes after a 429. Limiter spaces requests out
// before they are sent (the transport pipeline calls Wait before each attempt); LockoutWait
// turns a 429 into the time to wait before the next request.
package ratelimit

import (
	"context"
	"fmt"
	"time"

	"golang.org/x/time/rate"
)

// BankRate is the bank's documented limit: 5 requests per second.
const BankRate = 5

// Limiter allows at most N requests in every window of one second (a token bucket refilled at
// N per second, holding at most one token, so that bursts never exceed the rate either). It is
// safe for concurrent use; the zero value is not usable, build one with New.
type Limiter struct {
	lim *rate.Limiter
	now func() time.Time
	// sleep waits d or until ctx is done (a fake clock in tests).
	sleep func(ctx context.Context, d time.Duration) error
}

// New returns a Limiter allowing perSecond requests per second; perSecond < 1 fails.
func New(perSecond int) (*Limiter, error) {
	if perSecond < 1 {
		return nil, fmt.Errorf("ratelimit: %d requests per second, want at least 1", perSecond)
	}
	return newWithClock(perSecond, time.Now, sleepCtx), nil
}

// NewRate returns a Limiter allowing perSecond requests per second, which may be fractional
// (0.5: one request every two seconds); perSecond <= 0 fails.
func NewRate(perSecond float64) (*Limiter, error) {
	if !(perSecond > 0) {
		return nil, fmt.Errorf("ratelimit: %v requests per second, want more than 0", perSecond)
	}
	return &Limiter{lim: rate.NewLimiter(rate.Limit(perSecond), 1), now: time.Now, sleep: sleepCtx}, nil
}

// NewBank returns a Limiter at the bank's rate, BankRate requests per second.
func NewBank() *Limiter { return newWithClock(BankRate, time.Now, sleepCtx) }

func newWithClock(perSecond int, now func() time.Time, sleep func(context.Context, time.Duration) error) *Limiter {
	return &Limiter{lim: rate.NewLimiter(rate.Limit(perSecond), 1), now: now, sleep: sleep}
}

// Wait blocks until a request may be sent, or until ctx is done (its error, wrapped). A
// deadline that would pass before the turn comes fails at once, without waiting. A turn the
// caller wakes up for more than LateTolerance late (a busy machine) is given up for a new one:
// used late, it would bring the request closer than 1/rate to the next ones at the server.
func (l *Limiter) Wait(ctx context.Context) error {
	for {
		now := l.now()
		r := l.lim.ReserveN(now, 1)
		if !r.OK() {
			return fmt.Errorf("ratelimit: cannot reserve a request")
		}
		d := r.DelayFrom(now)
		if d == 0 {
			return nil
		}
		if dl, ok := ctx.Deadline(); ok && dl.Before(now.Add(d)) {
			r.CancelAt(now)
			return fmt.Errorf("ratelimit: wait of %v would pass the deadline: %w", d, context.DeadlineExceeded)
		}
		if err := l.sleep(ctx, d); err != nil {
			r.CancelAt(l.now())
			return fmt.Errorf("ratelimit: %w", err)
		}
		if l.now().Sub(now.Add(d)) <= LateTolerance {
			return nil
		}
	}
}

// LateTolerance is how late a turn may still be used: well under the margin the clients
// leave in each second (the bank clients run at 90% of the bank's rate: 111 ms).
const LateTolerance = 25 * time.Millisecond

// sleepCtx waits d or until ctx is done.
func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
