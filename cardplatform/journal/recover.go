package journal

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// recoverBatch is how many due entries a recovery pass asks the Store for at a time.
const recoverBatch = 256

// RecoverReport counts what one recovery pass did.
type RecoverReport struct {
	// Looked is how many due entries the pass looked at.
	Looked int
	// Committed, Refused and Review count the entries the pass settled or sent to review.
	Committed, Refused, Review int
	// Sent counts the attempts the pass sent: entries that were pending, and Resent those
	// sent again after a read-back proved the previous attempt not committed.
	Sent, Resent int
	// Waiting counts entries still not settled (a read-back too early or failed, an outcome
	// unknown), Busy those another worker or a write of their scope held.
	Waiting, Busy int
	// Unknown counts entries of an operation this version of the package does not journal
	// (written by a newer one): left as they are.
	Unknown int
	// Failed counts entries the pass could not work on (the Store failed); Err is the last
	// such failure.
	Failed int
	Err    error
}

// Recover runs one recovery pass: it settles every due entry (Store.Due: pending, or sending
// with its DueAt reached, not leased) that it can lease. A pending entry is sent; a sending
// one is read back and committed, sent once more when a read-back proved it not committed
// (while attempts remain; review after), left sending when the read-back says to wait, or
// sent to review. Entries whose scope is busy are tried again in the same pass once another
// entry has settled. It returns an error only when the Store cannot list the due entries;
// an entry's own failure is counted in the report.
func (j *Journal) Recover(ctx context.Context) (rep RecoverReport, err error) {
	ctx, end := j.tel.startRecover(ctx)
	defer func() { end(rep) }()
	done, busyKeys, seen := map[string]bool{}, map[string]bool{}, map[string]bool{}
	defer func() { rep.Busy, rep.Looked = len(busyKeys), len(seen) }()
	for {
		// The entries this pass finished may still be due (a read-back to repeat later), and
		// busy ones are tried again: ask for as many more, so that they never hide the others.
		limit := recoverBatch + len(done) + len(busyKeys)
		due, err := j.s.Due(ctx, limit)
		if err != nil {
			rep.Err = err
			return rep, fmt.Errorf("journal: listing the due entries: %w", err)
		}
		progress, unseen := false, 0
		for _, e := range due {
			if done[e.Key] {
				continue
			}
			if ctx.Err() != nil {
				return rep, ctx.Err()
			}
			if !seen[e.Key] {
				seen[e.Key] = true
				unseen++
			}
			worked, busy := j.recoverEntry(ctx, e, &rep)
			progress = progress || worked
			busyKeys[e.Key] = busy
			if !busy {
				done[e.Key] = true
				delete(busyKeys, e.Key)
			}
		}
		// Another round when something was worked on (a scope may have freed), or when a full
		// listing showed entries not seen before (more may follow them).
		if !progress && (unseen == 0 || len(due) < limit) {
			return rep, nil
		}
	}
}

// recoverEntry works on one due entry, reporting whether the engine worked on it (settled,
// sent, sent to review, or put off) and whether its lease was refused (busy).
func (j *Journal) recoverEntry(ctx context.Context, e Entry, rep *RecoverReport) (worked, busy bool) {
	w, ok := writesByOp[e.Operation]
	if !ok {
		rep.Unknown++
		return false, false
	}
	start := time.Now()
	leased, err := j.s.Lease(ctx, e.Key, j.worker, j.lease)
	switch {
	case errors.Is(err, ErrBusy):
		return false, true
	case err != nil:
		rep.Failed++
		rep.Err = err
		return false, false
	}
	ctx, end := j.tel.startSettle(ctx, e.Operation)
	st := j.drive(ctx, w, leased, start)
	end(st)
	if st.sent {
		rep.Sent++
		if st.resent {
			rep.Resent++
		}
	}
	switch {
	case st.e.State == StateCommitted:
		rep.Committed++
	case st.e.State == StateRefused:
		rep.Refused++
	case st.e.State == StateReview:
		rep.Review++
	case st.err != nil && st.reason == "":
		rep.Failed++
		rep.Err = st.err
		return false, false
	default:
		rep.Waiting++
	}
	return true, false
}

// Run runs Recover at once, then every interval, until ctx ends; it returns ctx's error.
// A pass that fails (the Store unreachable) is reported by the journal's telemetry and the
// next one runs on time.
func (j *Journal) Run(ctx context.Context, every time.Duration) error {
	if every <= 0 {
		return errors.New("journal: Run needs a positive interval")
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		_, _ = j.Recover(ctx)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
}
