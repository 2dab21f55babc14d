// Package ratelimit keeps a client under the bank's request rate: 5 requests per second across
// its APIs, with a lock-out of at least two minutes after a 429. Limiter spaces requests out
// (see there for what it proves); LockoutWait turns a 429 into the wait before the next one.
package ratelimit

import (
	"context"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"
)

// BankRate is the bank's documented limit: 5 requests per second.
const BankRate = 5

// Window is the span the bank counts requests in: one second.
const Window = time.Second

// processStart is when this package was initialised, shortly after the process started.
var processStart = time.Now()

// Limiter allows at most N requests in every window of one second: it spaces the requests it
// lets through at least one interval (1/N s) apart, in the order they ask (FIFO). It is safe
// for concurrent use; build one with New, NewRate or NewBank.
//
// # What it proves, and what it assumes
//
// A turn (Take) is held until its request is seen written (Turn.Sent: the transport calls it
// from httptrace's WroteRequest, or when the round trip returns), and the next turn comes one
// interval after that observation, one turn outstanding at a time. So whatever delays a
// request before its write (the scheduler, a dial, net/http's write goroutine), any six are
// written at least five intervals apart (at the clients' 92% of the bank's rate, 1,087 ms):
// proved on any machine, however loaded.
//
// What a client cannot observe (the instructions between WroteRequest and the flush, the
// kernel and the network, the bank's accept before it counts) is covered by two rules, either
// of which suffices: the margin (87 ms between the first and the sixth of six), and the
// answers (answers.go): a turn also comes no earlier than one Window after the answer to the
// request K turns back, less the fastest recent round trip, since the bank counts a request
// before it answers it. (Spaced from the write alone, a sandbox on a machine at load 14 on 2
// cores accepted a first request 200 ms late and counted six in 891 ms.)
//
// A Limiter starts as if the last second's budget were spent, no turn earlier than one Window
// after the process started: a process that replaces one that crashed cannot see what it sent
// in its last second, and the bank counts the credential. The clock is read under the lock.
type Limiter struct {
	now func() time.Time
	// sleep waits d or until ctx is done (a fake clock in tests).
	sleep func(ctx context.Context, d time.Duration) error
	// slot holds a token while no turn is outstanding: the caller that receives it has the
	// next turn (receivers are served in the order they started waiting).
	slot chan struct{}

	mu        sync.Mutex
	perSecond float64       // the rate
	interval  time.Duration // between two requests: 1/perSecond
	last      time.Time     // when the last request was seen written; the next turn is interval after it
	queued    int           // callers holding a turn or waiting for one
	recent    []*sentRecord // the latest requests written, oldest first (answers.go)
	rtts      [latencies]time.Duration
	nrtt      int
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
	l := &Limiter{now: now, sleep: sleep, slot: make(chan struct{}, 1), perSecond: perSecond, interval: interval,
		last: start.Add(Window - interval)} // the first turn is interval after last: one Window after start
	l.slot <- struct{}{}
	return l
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

// later returns the later of a and b.
func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// Turn is a caller's permission to send one request, from Limiter.Take, ended once: Sent when
// the request was (or may have been) written, Unused when nothing of it was.
type Turn struct {
	l    *Limiter
	over atomic.Bool
	rec  *sentRecord // set by Sent
}

// Sent ends the turn: the request was (or may have been) written now; the next turn comes one
// interval from now. Calls after the first do nothing.
func (t *Turn) Sent() {
	if t.over.Swap(true) {
		return
	}
	l := t.l
	l.mu.Lock()
	now := l.now()
	l.last = later(l.last, now)
	t.rec = l.noteSent(now)
	l.queued--
	l.mu.Unlock()
	l.slot <- struct{}{}
}

// Answered reports the request's answer (or the end of its round trip) seen now, ending the
// turn as Sent first if it was not. Calls after the first do nothing.
func (t *Turn) Answered() {
	t.Sent()
	l := t.l
	l.mu.Lock()
	defer l.mu.Unlock()
	if t.rec != nil {
		l.noteAnswered(t.rec, l.now(), true)
	}
}

// Unused ends the turn without a request (nothing of it was written): the next caller gets
// it. Calls after the first, or after Sent, do nothing.
func (t *Turn) Unused() {
	if t.over.Swap(true) {
		return
	}
	t.l.leave()
}

// leave takes a caller out of the line and hands the slot on, the schedule unchanged.
func (l *Limiter) leave() {
	l.mu.Lock()
	l.queued--
	l.mu.Unlock()
	l.slot <- struct{}{}
}

// Take blocks until a request may be sent and returns its Turn. It fails, wrapping ctx's
// error, when ctx ends first, and at once when the turn cannot come before ctx's deadline
// (one interval after the last write, and one more per caller ahead in line).
func (l *Limiter) Take(ctx context.Context) (*Turn, error) {
	dl, hasDeadline := ctx.Deadline()
	l.mu.Lock()
	now := l.now()
	earliest := later(now, l.last.Add(l.interval)).Add(time.Duration(l.queued) * l.interval)
	if hasDeadline && dl.Before(earliest) {
		l.mu.Unlock()
		return nil, fmt.Errorf("ratelimit: wait of at least %v would pass the deadline: %w", earliest.Sub(now), context.DeadlineExceeded)
	}
	l.queued++
	l.mu.Unlock()
	select {
	case <-l.slot:
	case <-ctx.Done():
		l.mu.Lock()
		l.queued--
		l.mu.Unlock()
		return nil, fmt.Errorf("ratelimit: %w", ctx.Err())
	}
	for {
		l.mu.Lock()
		now = l.now()
		turn := later(now, l.last.Add(l.interval))
		byAnswers, wake := l.answersAllow(now)
		l.mu.Unlock()
		if hasDeadline && dl.Before(turn) {
			l.leave()
			return nil, fmt.Errorf("ratelimit: wait of %v would pass the deadline: %w", turn.Sub(now), context.DeadlineExceeded)
		}
		turn = later(turn, byAnswers)
		if !turn.After(now) {
			break
		}
		if err := l.sleepOrWake(ctx, turn.Sub(now), wake); err != nil {
			l.leave()
			return nil, fmt.Errorf("ratelimit: %w", err)
		}
		if wake == nil {
			break
		}
	}
	return &Turn{l: l}, nil
}

// Wait is Take with the request counted as written and answered at once.
func (l *Limiter) Wait(ctx context.Context) error {
	t, err := l.Take(ctx)
	if err != nil {
		return err
	}
	t.Sent()
	l.mu.Lock()
	l.noteAnswered(t.rec, l.now(), false)
	l.mu.Unlock()
	return nil
}

// sleepOrWake sleeps d, or until wake is closed (nil: never), or until ctx is done.
func (l *Limiter) sleepOrWake(ctx context.Context, d time.Duration, wake <-chan struct{}) error {
	if wake == nil {
		return l.sleep(ctx, d)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-wake:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

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
