package journal

import (
	"fmt"
	"time"
)

// The rules of the Store contract that are not storage: every Store (journaltest's, the SQLite
// and the Postgres drivers) applies these functions inside its one atomic step, so that the
// lease, fence and scope rules are written once. A driver's own part is atomicity and the
// query that finds the entries of a scope (ScopeBlocks says which of them block).

// CheckLeaseArgs returns an error unless Lease was given a worker and a positive ttl.
func CheckLeaseArgs(worker string, ttl time.Duration) error {
	if worker == "" || ttl <= 0 {
		return fmt.Errorf("journal: Lease needs a worker and a positive ttl (got %q, %v)", worker, ttl)
	}
	return nil
}

// ScopeBlocks reports whether o, another entry of the same Scope, blocks a lease at now: o is
// leased (its lease has not ended), or in StateSending or StateReview. A driver that finds the
// scope's entries by a query writes this predicate in it.
func ScopeBlocks(o Entry, now time.Time) bool {
	return o.Worker != "" && now.Before(o.LeaseUntil) || o.State == StateSending || o.State == StateReview
}

// GrantLease returns e leased to worker for ttl from now (Worker set, Fence incremented,
// LeaseUntil and UpdatedAt set), or an error matching ErrBusy when the lease is refused: e is
// settled, another worker's lease on e has not ended, or scopeBlocked (which the driver
// computes in the same atomic step, with ScopeBlocks) reports that another entry of e's Scope
// blocks it. scopeBlocked is called only when e itself allows the lease.
func GrantLease(e Entry, worker string, ttl time.Duration, now time.Time, scopeBlocked func() (bool, error)) (Entry, error) {
	switch {
	case e.State.Settled():
		return Entry{}, fmt.Errorf("%w: %q is %s", ErrBusy, e.Key, e.State)
	case e.Worker != "" && e.Worker != worker && now.Before(e.LeaseUntil):
		return Entry{}, fmt.Errorf("%w: %q is leased by another worker", ErrBusy, e.Key)
	}
	blocked, err := scopeBlocked()
	if err != nil {
		return Entry{}, err
	}
	if blocked {
		return Entry{}, fmt.Errorf("%w: another entry of the scope of %q is leased, sending or in review", ErrBusy, e.Key)
	}
	e.Worker, e.Fence = worker, e.Fence+1
	e.LeaseUntil, e.UpdatedAt = now.Add(ttl).Truncate(time.Microsecond), now
	return e, nil
}

// ApplyUpdate returns the entry Store.Update(e, release) stores over old at now, or an error
// matching ErrFenced: old holds no lease, or another Worker or Fence than e's; or e marks a new
// attempt (MarksAttempt) after old's lease ended. A new attempt's SendBy is the lease's end.
// The result is old with e's State, Attempts, Snapshot, SendBy, Result, Verdict, DueAt and
// Request (its byte slices are e's: a Store that keeps them in memory copies them), the lease
// given up with release, and UpdatedAt now.
func ApplyUpdate(old, e Entry, release bool, now time.Time) (Entry, error) {
	if old.Worker == "" || old.Worker != e.Worker || old.Fence != e.Fence {
		return Entry{}, fmt.Errorf("%w: %q", ErrFenced, e.Key)
	}
	sendBy := e.SendBy
	if MarksAttempt(old, e) {
		if !now.Before(old.LeaseUntil) {
			return Entry{}, fmt.Errorf("%w: the lease on %q ended before the attempt was marked", ErrFenced, e.Key)
		}
		sendBy = old.LeaseUntil
	}
	n := old
	n.State, n.Attempts, n.Snapshot, n.SendBy = e.State, e.Attempts, e.Snapshot, sendBy
	n.Result, n.Verdict, n.DueAt, n.Request = e.Result, e.Verdict, e.DueAt, e.Request
	if release {
		n.Worker, n.LeaseUntil = "", time.Time{}
	}
	n.UpdatedAt = now
	return n, nil
}
