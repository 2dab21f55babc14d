// Package ratelimit keeps a client under the bank's request rate: 5 requests per second across
// its APIs, with a lock-out of at least two minutes after a 429. Limiter spaces requests out
// (the transport takes a Turn before each attempt and ends it when net/http reports the
// request written: the next turn is spaced from that write, and from the answer to the request
// five turns back; see Limiter for what this proves and what it assumes); LockoutWait turns a
// 429 into the time to wait before the next request.
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
// for concurrent use; the zero value is not usable, build one with New, NewRate or NewBank.
//
// # What it proves, and what it assumes
//
// A turn (Take) is held until the request it was taken for is seen written (Turn.Sent, which
// the SDK's transport calls from the httptrace hook WroteRequest, or when the round trip
// returns, whichever comes first), and the next turn comes one interval after that
// observation, not after the turn. Only one turn is outstanding at a time. So, whatever
// delays a request between its turn and its write (the scheduler, a connection being dialled
// or taken from the pool, net/http's write goroutine), the next request cannot be handed to
// net/http until one interval after the previous one was written: any two requests are
// written at least one interval apart, and any six at least five intervals apart (the clients
// run at 92% of the bank's rate: 217 ms, and 1,087 ms for six, one second and an 87 ms margin).
// This part is proved: it holds on any machine, however loaded.
//
// What it assumes: what happens after the observation, (1) for HTTP/1, the few instructions
// between net/http's WroteRequest hook and its flush of the request to the socket (the hook
// runs just before the flush, in the same goroutine: a descheduled thread delays it), (2) the
// kernel and the network, and (3) the bank's own accept and parsing before it counts the
// request, cannot be observed by a client. Two rules stand for it. The margin: the spacing
// holds while that time differs by less than 87 ms between the first and the sixth of six
// requests. The answers (answers.go): the bank counts a request before it answers it, so a
// turn also comes no earlier than one Window after the answer to the request K turns back
// (K, the requests the rate allows in one Window), less the fastest round trip seen recently;
// this holds while that request's time from being counted to its answer, plus the later
// one's from its write to being counted, is at least the fastest round trip, and while a
// request is counted within one Window of its write (its answer is waited for that long).
// Either rule suffices: six requests reach one second of the bank's clock only when both
// assumptions fail at once. (Spacing turns by the scheduled time, as the Limiter did before,
// left the scheduling delays before the write to the margin: under load, six requests reached
// a sandbox in one second. With the spacing from the write alone, a sandbox on a machine at a
// load of 14 on 2 cores accepted a new connection's first request 200 ms late, and counted six
// in 891 ms.)
//
// A request whose body takes long to write holds the next turn until it is written; a
// RoundTripper that reports no httptrace hooks (not net/http's) holds it until its answer.
//
// A Limiter starts as if the last second's budget were spent: no turn comes earlier than one
// Window after the process started. The bank counts the credential, not the process: a
// process that replaces one that crashed (kill -9, a crash loop, a deploy) cannot see what its
// predecessor sent in its last second, and must not add to it.
//
// The clock is read under the Limiter's lock, so turns are computed from times that never go
// backwards.
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

// Turn is a caller's permission to send one request, from Limiter.Take. The caller ends it
// once: Sent when the request was (or may have been) written, Unused when nothing of it was.
// Until then no other turn is handed out.
type Turn struct {
	l    *Limiter
	over atomic.Bool
	rec  *sentRecord // set by Sent
}

// Sent ends the turn: the request was seen written now (or may have been: a round trip that
// ended without the write being seen). The next turn comes one interval from now. Calls after
// the first do nothing.
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

// Answered reports the request's answer seen now (its first byte), or the end of its round
// trip: the bank counted the request by then. It ends the turn as Sent first if it was not.
// Calls after the first do nothing.
func (t *Turn) Answered() {
	t.Sent()
	l := t.l
	l.mu.Lock()
	defer l.mu.Unlock()
	if t.rec != nil {
		l.noteAnswered(t.rec, l.now(), true)
	}
}

// Unused ends the turn without a request: nothing of it was written (the caller knows it did
// not hand the request to the network). The next caller gets the turn this one had. Calls
// after the first, or after Sent, do nothing.
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

// Take blocks until a request may be sent and returns the Turn, which the caller ends with
// Sent once the request was written (or Unused). It fails (the request must not be sent),
// wrapping ctx's error, when ctx ends first, and at once, without waiting, when the turn
// cannot come before ctx's deadline: it comes at least one interval after the last request
// was written, and one more for every caller ahead in line.
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

// Wait blocks until a request may be sent, or until ctx is done (its error, wrapped), as Take,
// and counts the request as written and answered at once: the next turn is one interval after
// Wait returns. A caller that can observe its write should use Take.
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
