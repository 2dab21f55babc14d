package journal

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Do runs the write w with req exactly once under key, the caller's reference for it (a
// payout id): however often it is called with that key, from however many processes, the
// platform receives the write at most once unless a read-back proved an attempt not
// committed, and every call returns the same recorded Result once it is settled.
//
// The first call records the intent durably (Store.Insert: the request's wire encoding, its
// SHA-256, the write's scope), leases the entry, takes the read-back snapshot, marks the
// attempt sending, and sends once with the lease's end as its deadline. Then:
//
//   - an answer: StateCommitted, with Response;
//   - the platform's refusal (a 4xx): StateRefused, with Refusal; but a 429 (the platform did
//     nothing and asks to be asked later) leaves the entry pending, the attempt not counted,
//     due after its Retry-After;
//   - an outcome unknown: the entry stays sending; Do returns a *SettlingError with its DueAt,
//     when a read-back can prove the outcome (call Do again then, or let Recover do it);
//   - an argument the SDK refuses before sending ([core.ErrInvalidArgument]): StateRefused, nothing
//     sent; a token that could not be had ([core.ErrTokenSource]): the entry stays pending, the attempt not counted; a *SettlingError wraps the error, and a
//     recovery pass sends it later (the intent is recorded: it will be sent).
//
// A later call with the key returns the recorded Result (settled), ErrReview with the Result
// (in review), or settles the entry: a sending entry is read back (Committed, or NotCommitted:
// sent once more while attempts remain, else review), a pending one is sent. When another
// worker holds the entry, or another write of its scope is in flight or in review, the entry
// waits (a *SettlingError, reason "busy"). The same key with another operation or request is
// ErrKeyReused.
func Do[Req, Res any](ctx context.Context, j *Journal, w Write[Req, Res], key string, req Req) (r Result[Res], err error) {
	if j == nil || w.send == nil {
		return Result[Res]{}, errors.New("journal: Do needs a Journal and one of the package's Writes")
	}
	if key == "" {
		return Result[Res]{}, errors.New("journal: Do needs a key")
	}
	ctx, end := j.tel.startDo(ctx, w.op)
	defer func() { end(r.State, err) }()
	r.Key = key
	if w.apart != nil {
		if err := w.apart(req); err != nil {
			return r, err
		}
	}
	wire, err := encodeRequest(req)
	if err != nil {
		return r, fmt.Errorf("journal: encoding the request: %w", err)
	}
	e := Entry{Key: key, Operation: w.op, RequestHash: hashRequest(wire), State: StatePending}
	var stored Entry
	scope, serr := w.scope(ctx, j.c, req) // ReplaceCard's reads the card
	if serr != nil {
		// Without a scope no intent can be recorded; a key already recorded has its own.
		var gerr error
		if stored, gerr = j.s.Get(ctx, key); gerr != nil {
			return r, fmt.Errorf("journal: the write's scope: %w", serr)
		}
	} else {
		e.Scope = scope
		if e.Request, err = j.seal(e, "request", wire); err != nil {
			return r, err
		}
		if stored, _, err = j.s.Insert(ctx, e); err != nil {
			return r, fmt.Errorf("journal: recording the intent: %w", err)
		}
	}
	if stored.Operation != e.Operation || stored.RequestHash != e.RequestHash {
		return r, fmt.Errorf("%w (operation %s)", ErrKeyReused, stored.Operation)
	}
	if stored.State.Settled() || stored.State == StateReview {
		return finish[Res](j, step{e: stored})
	}
	start := time.Now()
	leased, err := j.s.Lease(ctx, key, j.worker, j.lease)
	if errors.Is(err, ErrBusy) {
		now, gerr := j.s.Get(ctx, key)
		if gerr != nil {
			now = stored
		}
		if now.State.Settled() || now.State == StateReview {
			return finish[Res](j, step{e: now})
		}
		r, _ = resultOf[Res](j, now)
		return r, busy(now)
	}
	if err != nil {
		return r, fmt.Errorf("journal: leasing the entry: %w", err)
	}
	return finish[Res](j, j.drive(ctx, w, leased, start))
}

// busy is the SettlingError of an entry Do could not lease.
func busy(e Entry) error {
	return &SettlingError{State: e.State, Reason: "busy: another worker holds it, or another write of its scope is in flight or in review", DueAt: e.DueAt}
}

// finish turns what the engine did into Do's Result and error.
func finish[Res any](j *Journal, st step) (Result[Res], error) {
	r, err := resultOf[Res](j, st.e)
	switch {
	case err != nil:
		return r, err
	case st.e.State.Settled():
		return r, nil
	case st.e.State == StateReview:
		why := "no read-back proved the outcome"
		if v, ok := readVerdict(st.e); ok && v.Evidence != "" {
			why = v.Evidence
		}
		return r, fmt.Errorf("%w: %s", ErrReview, why)
	}
	reason := st.reason
	if reason == "" {
		reason = "not settled"
	}
	return r, &SettlingError{State: st.e.State, Reason: reason, DueAt: st.e.DueAt, Err: st.err}
}
