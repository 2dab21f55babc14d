package journal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// The engine: what Do and Recover run on an entry they hold the lease on. Every path ends by
// giving the lease up (an Update with release), or by losing it (ErrFenced: another worker
// took over, and this one sends nothing more).

// step is what the engine did with an entry.
type step struct {
	e      Entry  // the entry as last stored (or as this worker last knew it)
	reason string // why it is not settled, when it is not
	err    error  // the cause (the send's or the read-back's error), or the Store's failure
	resent bool   // an attempt after a read-back proved the previous one not committed
	sent   bool   // an attempt was marked and sent
}

// drive works on e, leased by this worker at local time start (before the Lease call, so
// that start+Lease is never later than the Store's end of the lease), until it settles, goes
// to review, or must wait.
func (j *Journal) drive(ctx context.Context, w write, e Entry, start time.Time) step {
	deadline := start.Add(j.lease)
	switch e.State {
	case StatePending:
		return j.attempt(ctx, w, e, deadline, false)
	case StateSending:
		st := j.settleEntry(ctx, w, e)
		if st.e.State == StateSending && st.reason == "" {
			// A read-back proved the attempt not committed: send once more, under this lease.
			return j.attempt(ctx, w, st.e, deadline, true)
		}
		return st
	}
	// Settled, or in review (leased only by Resolve): nothing to send.
	return j.release(ctx, e, "", nil)
}

// release gives the lease on e up, storing e as it is.
func (j *Journal) release(ctx context.Context, e Entry, reason string, cause error) step {
	stored, err := j.s.Update(ctx, e, true)
	if err != nil {
		return step{e: e, reason: reason, err: errors.Join(cause, fmt.Errorf("journal: store: %w", err))}
	}
	return step{e: stored, reason: reason, err: cause}
}

// attempt takes a snapshot, marks the attempt sending (the Store checks the lease and sets
// SendBy), and sends once, with the lease's end as the deadline: no byte of it leaves later.
func (j *Journal) attempt(ctx context.Context, w write, e Entry, deadline time.Time, resend bool) step {
	plain, err := j.open(e, "request", e.Request)
	if err != nil {
		// Another Sealer (a key rotated away, a worker configured without it): nothing is
		// sent, the entry is left as it is for a worker that can open it.
		return j.release(ctx, e, "the stored request does not open", err)
	}
	snap, err := w.snapshotWire(ctx, j.c, plain)
	switch {
	case err != nil && errors.Is(err, core.ErrInvalidArgument) && !resend:
		// The SDK refuses the request before anything is sent (no read-back for it, an
		// argument it never sends): refused, proved never sent.
		e.State, e.Result = StateRefused, marshal(recorded{Refusal: &Refusal{Detail: err.Error()}})
		return j.release(ctx, e, "", err)
	case err != nil && errors.Is(err, core.ErrInvalidArgument):
		// A resend whose snapshot the SDK now refuses (the record it reads is gone): without
		// a snapshot it cannot be settled if sent, so a person decides.
		e.State = StateReview
		v, _ := readVerdict(e)
		v.Error = "no snapshot for another attempt: " + err.Error()
		e.Verdict = marshal(v)
		return j.release(ctx, e, "", err)
	case err != nil:
		// Nothing of this attempt was sent: the entry stays as it was (pending, or sending
		// with a read-back that proved the last attempt not committed), due again at once.
		e.DueAt = time.Time{}
		return j.release(ctx, e, "snapshot failed", err)
	}
	prev := e
	e.State, e.Attempts, e.Snapshot, e.DueAt = StateSending, e.Attempts+1, marshal(snap), time.Time{}
	marked, err := j.s.Update(ctx, e, false)
	if err != nil {
		// Not marked (or not known to be): nothing is sent. If the Update did land, a
		// read-back settles the attempt that never left.
		return step{e: prev, reason: "lease lost before sending", err: fmt.Errorf("journal: marking the attempt: %w", err)}
	}
	sendCtx, cancel := context.WithDeadline(ctx, deadline)
	answer, err := w.sendWire(sendCtx, j.c, plain)
	cancel()
	ended := time.Now()
	if resend {
		j.tel.resend(ctx, w.operation())
	}
	st := step{resent: resend, sent: true}
	e = marked
	switch {
	case err == nil:
		if e.Result, err = j.recordResponse(e, answer); err != nil {
			e.Result = nil // the answer cannot rest sealed: a read-back will prove the write
			return j.release(ctx, e, "outcome unknown", err)
		}
		e.State = StateCommitted
		st2 := j.release(ctx, e, "", nil)
		st2.e.State, st2.e.Result = StateCommitted, e.Result // the platform answered, whatever the Store said
		st2.resent, st2.sent = st.resent, true
		return st2
	case errors.Is(err, core.ErrOutcomeUnknown) || !provedUnsent(err) && !isRefusal(err):
		// Outcome unknown, or an error that does not prove nothing left (a caller's call
		// middleware may return any error after the request was sent): a read-back decides.
		// The call has returned: nothing of this attempt leaves after now, so a read-back may
		// prove it not committed from now plus Settle rather than the lease's end.
		if ended.Before(e.SendBy) {
			e.SendBy = ended
		}
		e.DueAt = e.SendBy.Add(j.settle)
		st2 := j.release(ctx, e, "outcome unknown", err)
		st2.resent, st2.sent = st.resent, true
		return st2
	case provedUnsent(err) && errors.Is(err, core.ErrInvalidArgument):
		// Refused by the SDK before anything left: it would be refused again. Refused,
		// proved never sent.
		prev.Worker, prev.Fence, prev.LeaseUntil = marked.Worker, marked.Fence, marked.LeaseUntil
		prev.State, prev.Result = StateRefused, marshal(recorded{Refusal: &Refusal{Detail: err.Error()}})
		return j.release(ctx, prev, "", err)
	case isRefusal(err) && retryLater(err) > 0:
		// 429: the platform did nothing and asks to be asked again later. Not a verdict on
		// the write: the entry is as it was, due after the wait, the attempt not counted.
		prev.Worker, prev.Fence, prev.LeaseUntil = marked.Worker, marked.Fence, marked.LeaseUntil
		prev.DueAt = ended.Add(retryLater(err))
		st2 := j.release(ctx, prev, "rate limited", err)
		st2.sent = true
		return st2
	case isRefusal(err):
		e.State, e.Result = StateRefused, marshal(recorded{Refusal: refusalOf(err)})
		st2 := j.release(ctx, e, "", nil)
		st2.resent, st2.sent = st.resent, true
		return st2
	}
	// The SDK proved that nothing of this attempt was sent (a token that could not be had): the
	// attempt does not count.
	prev.Worker, prev.Fence, prev.LeaseUntil = marked.Worker, marked.Fence, marked.LeaseUntil
	prev.DueAt = time.Time{}
	return j.release(ctx, prev, "not sent", err)
}

// provedUnsent reports whether err is one the SDK returns only for a call that sent nothing:
// an argument refused before sending, or a token that could not be had. An allowlist: any
// other error, a bare context error included (a call middleware may return one after the
// request left), leaves the attempt to a read-back.
func provedUnsent(err error) bool {
	return !errors.Is(err, core.ErrOutcomeUnknown) &&
		(errors.Is(err, core.ErrInvalidArgument) || errors.Is(err, core.ErrTokenSource))
}

// isRefusal reports whether err is the platform's answer refusing the write: a status that
// proves it did nothing (a 4xx; every status that proves nothing, 408, 5xx, a redirect, is an
// outcome unknown).
func isRefusal(err error) bool {
	var ae *core.Error
	return !errors.Is(err, core.ErrOutcomeUnknown) && errors.As(err, &ae) && ae.StatusCode >= 400 && ae.StatusCode < 500
}

// retryLater returns how long to wait before sending again when err is the platform's 429
// (its Retry-After, at least a second), or 0 for any other error.
func retryLater(err error) time.Duration {
	var ae *core.Error
	if !errors.As(err, &ae) || ae.StatusCode != http.StatusTooManyRequests {
		return 0
	}
	return max(ae.RetryAfter, time.Second)
}

// settleEntry reads back a sending entry. It returns the entry still sending with no reason
// when the read-back proved the attempt not committed and attempts remain (the caller sends
// again, under the same lease); every other outcome is stored and the lease released.
func (j *Journal) settleEntry(ctx context.Context, w write, e Entry) step {
	var snap cardplatform.Snapshot
	if err := json.Unmarshal(e.Snapshot, &snap); err != nil || snap.Taken.IsZero() {
		e.State = StateReview
		e.Verdict = marshal(verdict{Reason: cardplatform.ReasonNoReadBack, Words: "the stored snapshot does not decode"})
		return j.release(ctx, e, "", err)
	}
	// Not committed is proved only after SendBy (no byte of the attempt leaves later) plus
	// Settle (the platform may still run what it received).
	extra := e.SendBy.Sub(snap.Taken)
	switch {
	case e.SendBy.IsZero():
		// A Store that kept no SendBy (against its contract): the attempt may have been sent
		// until a whole lease after its snapshot.
		extra = j.lease
	case extra < 0:
		extra = 0
	}
	rec, err := w.settleSnap(ctx, j.c, snap, cardplatform.SettleOptions{Settle: j.settle + extra})
	e.Verdict = marshal(newVerdict(rec, err))
	j.tel.verdict(ctx, rec)
	switch {
	case rec.Outcome == cardplatform.Committed:
		e.State = StateCommitted
		return j.release(ctx, e, "", nil)
	case rec.Outcome == cardplatform.NotCommitted && e.Attempts < j.maxAttempts:
		return step{e: e}
	case rec.Outcome == cardplatform.NotCommitted:
		e.State = StateReview
		return j.release(ctx, e, "", nil)
	case rec.Reason.Wait():
		e.DueAt = rec.SettleAt
		if now := time.Now(); e.DueAt.Before(now) {
			e.DueAt = now
		}
		return j.release(ctx, e, rec.Reason.String(), err)
	}
	e.State = StateReview
	return j.release(ctx, e, "", err)
}
