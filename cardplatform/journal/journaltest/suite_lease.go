package journaltest

import (
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
)

func testLeaseGrant(t *testing.T, s journal.Store) {
	in := mustInsert(t, s, newEntry("k", "scope"))
	got := mustLease(t, s, "k", "w1", time.Hour)
	if got.Worker != "w1" || got.Fence <= in.Fence {
		t.Fatalf("Lease: Worker %q, Fence %d; want w1 and a Fence above %d", got.Worker, got.Fence, in.Fence)
	}
	// LeaseUntil is the Store's now plus ttl: not before the entry was created plus ttl, and
	// not far beyond (the test's own run time is well under the hour of slack).
	if lo := in.CreatedAt.Add(time.Hour); got.LeaseUntil.Before(lo) || got.LeaseUntil.After(lo.Add(time.Hour)) {
		t.Fatalf("Lease: LeaseUntil %v; want the Store's now + 1h (created %v)", got.LeaseUntil, in.CreatedAt)
	}
	want := in
	want.Worker, want.Fence, want.LeaseUntil, want.UpdatedAt = got.Worker, got.Fence, got.LeaseUntil, got.UpdatedAt
	wantEntry(t, "Lease's entry (only the lease and UpdatedAt change)", got, want)
	wantEntry(t, "Get after Lease", mustGet(t, s, "k"), got)

	// The holder may lease again: a new grant, a new Fence.
	again := mustLease(t, s, "k", "w1", time.Hour)
	if again.Fence <= got.Fence {
		t.Fatalf("second Lease by the holder: Fence %d, want above %d", again.Fence, got.Fence)
	}
	// Another worker may not while the lease lasts.
	_, err := s.Lease(t.Context(), "k", "w2", time.Hour)
	wantErr(t, "Lease by w2 of w1's live lease", err, journal.ErrBusy)
	wantEntry(t, "Get after the refused Lease", mustGet(t, s, "k"), again)

	// Released (Fence kept), another worker may, and its Fence is higher still.
	rel := mustUpdate(t, s, again, true)
	if rel.Worker != "" || !rel.LeaseUntil.IsZero() || rel.Fence != again.Fence {
		t.Fatalf("Update release: Worker %q, LeaseUntil %v, Fence %d; want \"\", zero, %d", rel.Worker, rel.LeaseUntil, rel.Fence, again.Fence)
	}
	w2 := mustLease(t, s, "k", "w2", time.Hour)
	if w2.Worker != "w2" || w2.Fence <= again.Fence {
		t.Fatalf("Lease by w2 after release: Worker %q, Fence %d, want w2 above %d", w2.Worker, w2.Fence, again.Fence)
	}
}

func testLeaseRefusesFinal(t *testing.T, s journal.Store) {
	for _, state := range []journal.State{journal.StateCommitted, journal.StateRefused} {
		key := "k-" + string(state)
		mustInsert(t, s, newEntry(key, "scope-"+string(state)))
		done := settle(t, s, key, "w1", state)
		for _, w := range []string{"w1", "w2"} {
			_, err := s.Lease(t.Context(), key, w, time.Hour)
			wantErr(t, "Lease of a "+string(state)+" entry by "+w, err, journal.ErrBusy)
		}
		wantEntry(t, "Get after the refused Leases", mustGet(t, s, key), done)
	}
	// An entry in review is leased (how a person's verdict is written), by one worker at a
	// time, and its verdict makes it final.
	mustInsert(t, s, newEntry("k-review", "scope-review"))
	settle(t, s, "k-review", "w1", journal.StateReview)
	l := mustLease(t, s, "k-review", "resolver", time.Hour)
	if l.State != journal.StateReview {
		t.Fatalf("Lease of a review entry: State %s", l.State)
	}
	_, err := s.Lease(t.Context(), "k-review", "w2", time.Hour)
	wantErr(t, "Lease by w2 of a review entry leased by resolver", err, journal.ErrBusy)
	l.State, l.Verdict = journal.StateRefused, []byte(`{"note":"not paid: bank statement"}`)
	mustUpdate(t, s, l, true)
	_, err = s.Lease(t.Context(), "k-review", "w2", time.Hour)
	wantErr(t, "Lease of the resolved entry", err, journal.ErrBusy)
}

func testLeaseScope(t *testing.T, s journal.Store) {
	for _, k := range []string{"a", "b", "c", "d"} {
		mustInsert(t, s, newEntry(k, "person-1"))
	}
	mustInsert(t, s, newEntry("other", "person-2"))

	// a leased: no other entry of its scope may be leased, by any worker; other scopes may.
	a := mustLease(t, s, "a", "w1", time.Hour)
	for _, w := range []string{"w1", "w2"} {
		_, err := s.Lease(t.Context(), "b", w, time.Hour)
		wantErr(t, "Lease of b by "+w+" while a (same scope) is leased", err, journal.ErrBusy)
	}
	o := mustLease(t, s, "other", "w2", time.Hour)
	mustUpdate(t, s, o, true)

	// a released while pending: b may be leased.
	mustUpdate(t, s, a, true)
	b := mustLease(t, s, "b", "w2", time.Hour)
	mustUpdate(t, s, b, true)

	// a sending, lease released: b may not be leased, a may (to settle it).
	a = mustLease(t, s, "a", "w1", time.Hour)
	a.State, a.Attempts = journal.StateSending, 1
	a = mustUpdate(t, s, a, true)
	_, err := s.Lease(t.Context(), "b", "w2", time.Hour)
	wantErr(t, "Lease of b while a (same scope) is sending", err, journal.ErrBusy)
	a = mustLease(t, s, "a", "w2", time.Hour)
	if a.State != journal.StateSending {
		t.Fatalf("Lease of the sending entry a: State %s", a.State)
	}
	a.State = journal.StateCommitted
	mustUpdate(t, s, a, true)

	// a committed: b may be leased; b in review closes the scope to c and d.
	settle(t, s, "b", "w1", journal.StateReview)
	for _, k := range []string{"c", "d"} {
		_, err := s.Lease(t.Context(), k, "w1", time.Hour)
		wantErr(t, "Lease of "+k+" while b (same scope) is in review", err, journal.ErrBusy)
	}
	if o = mustLease(t, s, "other", "w1", time.Hour); o.Worker != "w1" {
		t.Fatalf("Lease of another scope's entry: Worker %q", o.Worker)
	}
}

func testLeaseExpiry(t *testing.T, s journal.Store) {
	mustInsert(t, s, newEntry("k", "scope-1"))
	mustInsert(t, s, newEntry("sibling", "scope-1"))
	first := mustLease(t, s, "k", "w1", 5*time.Millisecond)
	sleepPast(first.LeaseUntil)

	// w1's lease ended: w2 is granted it, with a higher Fence; the ended lease does not hold
	// the scope either.
	second := mustLease(t, s, "k", "w2", time.Hour)
	if second.Worker != "w2" || second.Fence <= first.Fence {
		t.Fatalf("Lease after expiry: Worker %q, Fence %d; want w2 above %d", second.Worker, second.Fence, first.Fence)
	}
	mustUpdate(t, s, second, true)
	short := mustLease(t, s, "k", "w3", 5*time.Millisecond)
	sleepPast(short.LeaseUntil)
	if sib := mustLease(t, s, "sibling", "w4", time.Hour); sib.Worker != "w4" {
		t.Fatalf("Lease of a sibling after the scope's lease ended: Worker %q", sib.Worker)
	}
}

// testLeaseArguments: a lease with no worker would look released, and one of no time would
// have ended when granted: both are refused, and nothing changes.
func testLeaseArguments(t *testing.T, s journal.Store) {
	in := mustInsert(t, s, newEntry("k", "scope"))
	for _, tc := range []struct {
		worker string
		ttl    time.Duration
	}{{"", time.Hour}, {"w1", 0}, {"w1", -time.Second}} {
		if e, err := s.Lease(t.Context(), "k", tc.worker, tc.ttl); err == nil {
			t.Fatalf("Lease(worker %q, ttl %v) granted: Worker %q, Fence %d", tc.worker, tc.ttl, e.Worker, e.Fence)
		}
	}
	wantEntry(t, "Get after the refused Leases", mustGet(t, s, "k"), in)
}
