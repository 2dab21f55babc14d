// Package ratelimit keeps a client under the bank's request rate: 5 requests per second across
// its APIs, with a lock-out of at least two minutes after a 429. Limiter spaces requests out
// before they are sent (the transport pipeline calls Wait before each attempt); LockoutWait
// turns a 429 into the time to wait before the next request.
package ratelimit

import (
	"context"
	"fmt"
	"math"
	"sync"
	"time"
)

// BankRate is the bank's documented limit: 5 requests per second.
const BankRate = 5

// Window is the span the bank counts requests in: one second.
const Window = time.Second

// processStart is when this package was initialised, shortly after the process started.
var processStart = time.Now()

// Limiter allows at most N requests in every window of one second: it hands out turns one
// interval (1/N s) apart, in the order they are asked for (a GCRA: a token bucket refilled at N
// per second holding at most one token, so that bursts never exceed the rate either). It is
// safe for concurrent use; the zero value is not usable, build one with New, NewRate or
// NewBank.
//
// A Limiter starts as if the last second's budget were spent: no turn comes earlier than one
// Window after the process started. The bank counts the credential, not the process: a
// process that replaces one that crashed (kill -9, a crash loop, a deploy) cannot see what its
// predecessor sent in its last second, and must not add to it.
//
// The clock is read under the Limiter's lock, so turns are computed from times that never go
// backwards. (golang.org/x/time/rate, used before, takes the time read by each caller before
// its lock: a caller delayed between reading the clock and reserving moved the bucket back in
// time, and its turn and the next came early by the delay. Under load, with a prefetching
// iterator's concurrent callers, six requests reached the bank in one second.)
type Limiter struct {
	now func() time.Time
	// sleep waits d or until ctx is done (a fake clock in tests).
	sleep func(ctx context.Context, d time.Duration) error

	mu        sync.Mutex
	perSecond float64       // the rate
	interval  time.Duration // between two turns: 1/perSecond
	last      time.Time     // the last turn handed out; the next is interval after it
}

// New returns a Limiter allowing perSecond requests per second; perSecond < 1 fails.
func New(perSecond int) (*Limiter, error) {
	if perSecond < 1 {
		return nil, fmt.Errorf("ratelimit: %d requests per second, want at least 1", perSecond)
	}
	return NewRate(float64(perSecond))
}

// NewRate returns a Limiter allowing perSecond requests per second, which may be fractional
// (0.5: one request every two seconds); perSecond <= 0 fails.
func NewRate(perSecond float64) (*Limiter, error) {
	if !(perSecond > 0) || math.IsInf(perSecond, 0) {
		return nil, fmt.Errorf("ratelimit: %v requests per second, want more than 0", perSecond)
	}
	return newStarting(perSecond, processStart, time.Now, sleepCtx), nil
}

// NewBank returns a Limiter at the bank's rate, BankRate requests per second.
func NewBank() *Limiter {
	l, _ := NewRate(BankRate)
	return l
}

// newWithClock returns a Limiter on a clock of the caller's, whose first turn may come at once.
func newWithClock(perSecond int, now func() time.Time, sleep func(context.Context, time.Duration) error) *Limiter {
	return newStarting(float64(perSecond), now().Add(-Window), now, sleep)
}

// newStarting returns a Limiter for a process started at start: its first turn comes one
// Window after start, or at once when that has passed.
func newStarting(perSecond float64, start time.Time, now func() time.Time, sleep func(context.Context, time.Duration) error) *Limiter {
	interval := intervalOf(perSecond)
	// The first turn is interval after last: one Window after start.
	return &Limiter{now: now, sleep: sleep, perSecond: perSecond, interval: interval, last: start.Add(Window - interval)}
}

// intervalOf returns the time between two turns at perSecond (> 0), at least 1 ns.
func intervalOf(perSecond float64) time.Duration {
	return max(time.Duration(math.Ceil(float64(time.Second)/perSecond)), 1)
}

// rate returns the requests per second the Limiter allows.
func (l *Limiter) rate() float64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.perSecond
}

// lower makes the Limiter allow at most perSecond requests per second from the next turn on,
// when that is stricter than what it allows.
func (l *Limiter) lower(perSecond float64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if perSecond < l.perSecond {
		l.perSecond, l.interval = perSecond, intervalOf(perSecond)
	}
}

// reserve hands out the next turn, unless it would come after deadline (zero: none). It
// returns the turn, the turn before it (to give the turn back with cancel), the time it read
// and whether the turn was reserved.
func (l *Limiter) reserve(deadline time.Time) (turn, prev, now time.Time, ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now = l.now()
	turn = l.last.Add(l.interval)
	if turn.Before(now) {
		turn = now
	}
	if !deadline.IsZero() && deadline.Before(turn) {
		return turn, time.Time{}, now, false
	}
	prev, l.last = l.last, turn
	return turn, prev, now, true
}

// cancel gives turn back when no later turn was handed out since; otherwise the turn is lost
// (the later turns keep their places).
func (l *Limiter) cancel(turn, prev time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.last.Equal(turn) {
		l.last = prev
	}
}

// Wait blocks until a request may be sent, or until ctx is done (its error, wrapped). A
// deadline that would pass before the turn comes fails at once, without waiting. A turn the
// caller wakes up for more than LateTolerance late (a busy machine) is given up for a new one:
// used late, it would bring the request closer than 1/rate to the next ones at the server.
func (l *Limiter) Wait(ctx context.Context) error {
	dl, _ := ctx.Deadline()
	for {
		turn, prev, now, ok := l.reserve(dl)
		if !ok {
			return fmt.Errorf("ratelimit: wait of %v would pass the deadline: %w", turn.Sub(now), context.DeadlineExceeded)
		}
		if !turn.After(now) {
			return nil
		}
		if err := l.sleep(ctx, turn.Sub(now)); err != nil {
			l.cancel(turn, prev)
			return fmt.Errorf("ratelimit: %w", err)
		}
		if l.now().Sub(turn) <= LateTolerance {
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
