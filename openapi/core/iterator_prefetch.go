package core

import (
	"context"
	"math"
	"net/http/httptrace"
	"sync"
	"sync/atomic"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/sendgate"
)

// source fetches the page at a position: directly, or from the pages a prefetcher fetched
// ahead. It returns the position actually fetched: p, or a prefetched row or offset window
// that covers p (see covers).
type source[T any] interface {
	get(ctx context.Context, p Position) (Page[T], Position, error)
}

// direct fetches on demand.
type direct[T any] struct{ fetch FetchFunc[T] }

func (d direct[T]) get(ctx context.Context, p Position) (Page[T], Position, error) {
	pg, err := d.fetch(ctx, p)
	return pg, p, err
}

// covers reports whether a page fetched at q serves a request for p: the same position, or a
// row or offset window from the same start at least as large. A window planned before the
// total was known (EagerPrefetch's first batch) is then kept when the total shrinks the last
// window, instead of being cancelled and requested again; the rows past the total are cut
// as for any page (advanceLinear). Page numbers depend on the page size, so pages must match.
func covers(q, p Position) bool {
	if q == p {
		return true
	}
	return q.Style == p.Style && q.Style != StylePage && q.Start == p.Start && q.Size >= p.Size
}

// prefetcher fetches pages ahead of the consumer, each in its own goroutine, and hands them
// out in the order they are asked for. It holds at most as many pages as plan was given
// positions (Config.Prefetch), plus the one being consumed.
//
// No request is left in flight once the iteration returns. A page no longer wanted (the
// consumer broke out, an error, a plan that changed) whose request the SDK has not handed to
// the network yet (a fetch waiting for the rate limiter is there) is cancelled, and nothing of
// it is sent; one whose request was handed over is left to run until the server has started
// answering it (httptrace GotFirstResponseByte) or it ends, then cancelled, and close waits
// for it. The decision is the send gate's (internal/sendgate), taken atomically with the
// SDK's last step before the caller's RoundTripper: a context cancelled after that step does
// not stop net/http from writing the request, which then reached the server after the
// iteration returned, as an extra request a resumed iteration (and the bank's budget) saw.
// A FetchFunc that sends without the SDK's clients has no gate: its pages are cancelled as
// before. Cancelling the iteration's context abandons everything at once.
type prefetcher[T any] struct {
	ctx    context.Context
	cancel context.CancelFunc
	fetch  FetchFunc[T]
	queue  []*future[T] // in the order the positions will be asked for
	sent   []*future[T] // pages no longer wanted whose request was on its way: close waits for their answer
	wg     sync.WaitGroup
	lat    *latencies // the latencies observed, for Config.AutoPrefetch (the Iterator's)
}

// future is one page in flight.
type future[T any] struct {
	pos      Position
	cancel   context.CancelFunc
	done     chan struct{}
	answered chan struct{} // closed at the first byte of the response (or by done)
	gate     sendgate.Gate // closed when the page is no longer wanted, unless its request was sent
	page     Page[T]
	err      error
	lat      time.Duration // from the request written (after the rate limiter) to the page
}

// release gives up f: cancelled at once unless its request is on its way, else kept for
// close to wait for (see prefetcher).
func (pf *prefetcher[T]) release(f *future[T]) {
	if f.gate.Close() {
		f.cancel()
		return
	}
	pf.sent = append(pf.sent, f)
}

func newPrefetcher[T any](ctx context.Context, fetch FetchFunc[T], lat *latencies) *prefetcher[T] {
	ctx, cancel := context.WithCancel(ctx)
	return &prefetcher[T]{ctx: ctx, cancel: cancel, fetch: fetch, lat: lat}
}

// start fetches p in a new goroutine. The fetch's context carries an httptrace hook that
// notes when the request was written: the latency observed runs from there to the page,
// without the time the request waited for the client's rate limiter (a fetch that writes no
// HTTP request is timed from its start).
func (pf *prefetcher[T]) start(p Position) *future[T] {
	ctx, cancel := context.WithCancel(pf.ctx)
	f := &future[T]{pos: p, cancel: cancel, done: make(chan struct{}), answered: make(chan struct{})}
	pf.wg.Add(1)
	go func() {
		defer pf.wg.Done()
		defer cancel()
		var wrote atomic.Pointer[time.Time]
		var answered sync.Once
		answer := func() { answered.Do(func() { close(f.answered) }) }
		tctx := httptrace.WithClientTrace(sendgate.With(ctx, &f.gate), &httptrace.ClientTrace{
			WroteRequest:         func(httptrace.WroteRequestInfo) { now := time.Now(); wrote.Store(&now) },
			GotFirstResponseByte: answer,
		})
		begin := time.Now()
		f.page, f.err = pf.fetch(tctx, p)
		if w := wrote.Load(); w != nil {
			begin = *w
		}
		f.lat = time.Since(begin)
		answer()
		close(f.done)
	}()
	return f
}

// get returns the page at p and where it was fetched: the one in flight at the head of the
// queue when it covers p; otherwise the queue was planned on a wrong guess, and it is dropped
// and p fetched.
func (pf *prefetcher[T]) get(ctx context.Context, p Position) (Page[T], Position, error) {
	var f *future[T]
	if len(pf.queue) > 0 && covers(pf.queue[0].pos, p) {
		f = pf.queue[0]
		pf.queue[0] = nil
		pf.queue = pf.queue[1:]
	} else {
		pf.drop(0)
		f = pf.start(p)
	}
	select {
	case <-f.done:
		if f.err == nil && pf.lat != nil {
			pf.lat.observe(f.lat)
		}
		return f.page, f.pos, f.err
	case <-ctx.Done():
		f.cancel()
		return Page[T]{}, f.pos, ctx.Err()
	}
}

// plan makes the queue hold the positions ps, in order: pages already in flight that cover
// the same positions are kept, the others cancelled, the missing ones started.
func (pf *prefetcher[T]) plan(ps []Position) {
	keep := 0
	for keep < len(ps) && keep < len(pf.queue) && covers(pf.queue[keep].pos, ps[keep]) {
		keep++
	}
	pf.drop(keep)
	for _, p := range ps[keep:] {
		pf.queue = append(pf.queue, pf.start(p))
	}
}

// drop releases the queued pages from index i on and forgets them.
func (pf *prefetcher[T]) drop(i int) {
	for j := i; j < len(pf.queue); j++ {
		pf.release(pf.queue[j])
		pf.queue[j] = nil
	}
	pf.queue = pf.queue[:i]
}

// close releases every page in flight, waits until the server has started answering those
// whose request was on its way (or the iteration's context ends), cancels what is left and
// waits for every goroutine it started.
func (pf *prefetcher[T]) close() {
	pf.drop(0)
	for _, f := range pf.sent {
		select {
		case <-f.answered:
		case <-pf.ctx.Done():
		}
	}
	pf.cancel()
	pf.wg.Wait()
}

// plan returns the positions to fetch ahead once page pg is in hand and next is the cursor
// after it, with left items still allowed by the cap (-1: no cap): the next Config.Prefetch
// positions, never past the cap or the end pg's totals announce. Called for every page in
// turn, it keeps a sliding window of k pages in flight: each page handed to the consumer
// starts the one k places after it.
//
// The first page goes alone: before its answer nothing says how many pages there are, and a
// one-page result costs one request (the bank allows five a second). With EagerPrefetch, run
// plans the first batch too, from the cursor with an empty page standing for the answer not
// yet received (carrying the total of an earlier range, if any). Where the server gives
// no total (short-page termination), the positions assume full pages: up to k pages past the
// end may be requested, and are cancelled and discarded when the short page ends the
// iteration (at most k − 1 wasted requests per range, fewer when the short page comes early).
func (it *Iterator[T]) plan(next Cursor, pg *Page[T], left, depth int) []Position {
	if next.Style == StyleKey {
		return nil // the next key is only known from the answer
	}
	if left >= 0 {
		left -= len(pg.Items)
	}
	ps := make([]Position, 0, depth)
	c := next
	for len(ps) < depth && left != 0 {
		p := it.request(c, left)
		if beyond(p, pg) {
			break
		}
		ps = append(ps, p)
		if left > 0 {
			left = max(left-p.Size, 0)
		}
		if p.Style == StylePage {
			c.Start++
		} else {
			c.Start += p.Size
		}
		c.Skip = 0 // only the first position resumes inside a page
	}
	return ps
}

// beyond reports whether p lies past the end pg's totals announce.
func beyond[T any](p Position, pg *Page[T]) bool {
	switch p.Style {
	case StylePage:
		if pg.TotalPages > 0 {
			return p.Start > pg.TotalPages
		}
		return pg.HasTotal && (p.Start-1)*p.Size >= pg.Total
	default:
		return pg.HasTotal && p.Start-p.Style.base() >= pg.Total
	}
}

// Automatic prefetch (Config.AutoPrefetch): the depth that keeps the bank's budget busy. With
// n requests in flight and a latency L, an iteration runs at n / L pages a second at most; the
// client's rate limiter holds it to the bank's BankRate (5 a second). The depth is the
// smallest that lets the limiter, not the latency, set the pace, with half again as much
// for the consumer's own time, the latency's jitter and the time a page waits for its turn
// at the limiter (at 300 ms, two pages in flight ran at 80% of the budget, three at 90%, the
// limiter's own ceiling): n = ⌈1.5 × L × BankRate⌉ pages in flight (the window of
// Config.Prefetch n: each page handed over starts the one n places after it), with L the
// largest of the latest latencySamples latencies, at most MaxAutoPrefetch. Up to 100 ms one
// page is in flight at a time (a page every 100 ms is already faster than the budget); at
// 300 ms three; at 1 s eight.

// BankRate is the request rate of the bank's budget per credential (5 a second) that
// Config.AutoPrefetch sizes its depth for.
const BankRate = 5

// MaxAutoPrefetch bounds the depth Config.AutoPrefetch chooses (a latency of 3 s and more).
const MaxAutoPrefetch = 16

const (
	autoMargin     = 1.5
	latencySamples = 4
)

// latencies keeps the latest page latencies of an Iterator. It is used from the iterating
// goroutine only.
type latencies struct {
	last [latencySamples]time.Duration
	n    int // samples observed
}

func (l *latencies) observe(d time.Duration) {
	l.last[l.n%latencySamples] = d
	l.n++
}

// depth returns the prefetch depth (pages in flight) for the latencies observed: 0 before
// any.
func (l *latencies) depth() int {
	var worst time.Duration
	for _, d := range l.last {
		worst = max(worst, d)
	}
	if l.n == 0 {
		return 0
	}
	n := int(math.Ceil(autoMargin * worst.Seconds() * BankRate))
	return min(max(n, 0), MaxAutoPrefetch)
}

// depth returns the prefetch depth of it: Config.Prefetch, or with Config.AutoPrefetch the
// one the latencies observed call for.
func (it *Iterator[T]) depth() int {
	if it.cfg.AutoPrefetch {
		return it.lat.depth()
	}
	return it.cfg.Prefetch
}
