package ratelimit

import (
	"math"
	"time"
)

// The answers, the second rule beside the spacing (see Limiter): the bank counts a request
// between its write and its answer, so a turn comes no earlier than one Window after the
// answer to the request K turns back (K, the requests of one Window), less the fastest recent
// round trip (the part of an answer's delay that is not a late count). At a steady latency it
// asks nothing more than the spacing. An answer not come is waited for at most one Window
// after its write.

// latencies is how many of the latest round trips (write to answer) the fastest is taken from.
const latencies = 16

// sentRecord is a request seen written, for the rule of the answers.
type sentRecord struct {
	wrote    time.Time
	answered time.Time     // zero until the answer (or the end of the round trip) was seen
	ch       chan struct{} // closed when answered
}

// perWindow returns K, how many requests the rate allows in one Window: ⌈perSecond⌉, at
// least 1. Called with l.mu held.
func (l *Limiter) perWindow() int {
	return max(1, int(math.Ceil(l.perSecond*Window.Seconds())))
}

// noteSent records a request written at now. Called with l.mu held.
func (l *Limiter) noteSent(now time.Time) *sentRecord {
	r := &sentRecord{wrote: now, ch: make(chan struct{})}
	l.recent = append(l.recent, r)
	if k := l.perWindow(); len(l.recent) > k {
		l.recent = append(l.recent[:0], l.recent[len(l.recent)-k:]...)
	}
	return r
}

// noteAnswered records r answered at now (once), and its round trip among the latest.
// Called with l.mu held.
func (l *Limiter) noteAnswered(r *sentRecord, now time.Time, measured bool) {
	if !r.answered.IsZero() {
		return
	}
	r.answered = later(now, r.wrote)
	close(r.ch)
	if measured {
		l.rtts[l.nrtt%latencies] = r.answered.Sub(r.wrote)
		l.nrtt++
	}
}

// fastest returns the fastest round trip among the latest, 0 when none was measured. Called
// with l.mu held.
func (l *Limiter) fastest() time.Duration {
	n := min(l.nrtt, latencies)
	if n == 0 {
		return 0
	}
	f := l.rtts[0]
	for _, d := range l.rtts[1:n] {
		f = min(f, d)
	}
	return f
}

// answersAllow returns the earliest turn the rule of the answers allows at now, and, when the
// request K turns back has not been answered yet, a channel closed when it is (the turn
// returned then assumes it counted one Window after its write). Called with l.mu held.
func (l *Limiter) answersAllow(now time.Time) (time.Time, <-chan struct{}) {
	k := l.perWindow()
	if len(l.recent) < k {
		return time.Time{}, nil
	}
	r := l.recent[len(l.recent)-k]
	counted, latest := r.answered, r.wrote.Add(Window)
	var wake <-chan struct{}
	if counted.IsZero() || counted.After(latest) {
		counted = latest
		if r.answered.IsZero() && now.Before(latest) {
			wake = r.ch
		}
	}
	return counted.Add(Window - l.fastest()), wake
}
