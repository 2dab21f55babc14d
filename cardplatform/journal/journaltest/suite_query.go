package journaltest

import (
	"cmp"
	"slices"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
)

// oldestFirst sorts es as Due and List order them: CreatedAt, then Key.
func oldestFirst(es []journal.Entry) []string {
	es = slices.Clone(es)
	slices.SortFunc(es, func(a, b journal.Entry) int {
		return cmp.Or(a.CreatedAt.Compare(b.CreatedAt), cmp.Compare(a.Key, b.Key))
	})
	return keysOf(es)
}

// insertSpaced inserts keys in order, each one created after the one before by the Store's
// clock (a few milliseconds apart), and returns the stored entries.
func insertSpaced(t *testing.T, s journal.Store, keys ...string) []journal.Entry {
	t.Helper()
	var out []journal.Entry
	for i, k := range keys {
		if i > 0 {
			time.Sleep(3 * time.Millisecond)
		}
		e := mustInsert(t, s, newEntry(k, "scope-"+k))
		if i > 0 && !e.CreatedAt.After(out[i-1].CreatedAt) {
			t.Fatalf("Insert(%q) CreatedAt %v, not after %q's %v", k, e.CreatedAt, out[i-1].Key, out[i-1].CreatedAt)
		}
		out = append(out, e)
	}
	return out
}

func testDue(t *testing.T, s journal.Store) {
	ctx := t.Context()
	if got, err := s.Due(ctx, 10); err != nil || len(got) != 0 {
		t.Fatalf("Due of an empty journal = %v, %v", keysOf(got), err)
	}
	// Created in this order: z before a, so CreatedAt orders them, not the key.
	insertSpaced(t, s, "z-pending", "a-pending", "sending-past", "sending-future", "leased",
		"lease-ended", "pending-future", "committed", "refused", "review")
	now := mustGet(t, s, "review").CreatedAt

	mark := func(key string, state journal.State, due time.Time) {
		e := mustLease(t, s, key, "w1", time.Hour)
		e.State, e.DueAt = state, due
		if state == journal.StateSending {
			e.Attempts = 1
		}
		mustUpdate(t, s, e, true)
	}
	mark("sending-past", journal.StateSending, now.Add(-time.Minute))
	mark("sending-future", journal.StateSending, now.Add(time.Hour))
	mark("pending-future", journal.StatePending, now.Add(time.Hour))
	mark("committed", journal.StateCommitted, time.Time{})
	mark("refused", journal.StateRefused, time.Time{})
	mark("review", journal.StateReview, time.Time{})
	mustLease(t, s, "leased", "w1", time.Hour)
	ended := mustLease(t, s, "lease-ended", "w1", 5*time.Millisecond)
	sleepPast(ended.LeaseUntil)

	want := []string{"z-pending", "a-pending", "sending-past", "lease-ended"}
	got, err := s.Due(ctx, 10)
	if err != nil || !slices.Equal(keysOf(got), want) {
		t.Fatalf("Due(10) = %v, %v; want %v", keysOf(got), err, want)
	}
	for _, e := range got {
		wantEntry(t, "Due's entry "+e.Key, e, mustGet(t, s, e.Key))
	}
	if got, err = s.Due(ctx, 2); err != nil || !slices.Equal(keysOf(got), want[:2]) {
		t.Fatalf("Due(2) = %v, %v; want %v", keysOf(got), err, want[:2])
	}

	// Entries created within one tick of the clock: Key breaks the tie, and the order is
	// always (CreatedAt, Key).
	for _, k := range []string{"t3", "t1", "t2"} {
		mustInsert(t, s, newEntry(k, "scope-"+k))
	}
	all, err := s.List(ctx, journal.StatePending, "", 100)
	if err != nil {
		t.Fatal(err)
	}
	var due []journal.Entry
	for _, e := range all {
		if e.Key != "leased" && e.Key != "pending-future" {
			due = append(due, e)
		}
	}
	due = append(due, mustGet(t, s, "sending-past"))
	if got, err = s.Due(ctx, 100); err != nil || !slices.Equal(keysOf(got), oldestFirst(due)) {
		t.Fatalf("Due(100) = %v, %v; want %v", keysOf(got), err, oldestFirst(due))
	}
}

func testList(t *testing.T, s journal.Store) {
	ctx := t.Context()
	es := insertSpaced(t, s, "r3", "p1", "r1", "c1", "r2")
	for _, k := range []string{"r3", "r1", "r2"} {
		settle(t, s, k, "w1", journal.StateReview)
	}
	settle(t, s, "c1", "w1", journal.StateCommitted)

	got, err := s.List(ctx, journal.StateReview, "", 10)
	if want := []string{"r3", "r1", "r2"}; err != nil || !slices.Equal(keysOf(got), want) {
		t.Fatalf("List(review) = %v, %v; want %v", keysOf(got), err, want)
	}
	wantEntry(t, "List's entry r1", got[1], mustGet(t, s, "r1"))
	// Pages of one, each after the last key of the page before.
	var paged []string
	for after := ""; ; {
		page, err := s.List(ctx, journal.StateReview, after, 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			break
		}
		if len(page) != 1 || len(paged) > 3 {
			t.Fatalf("List(review, after %q, 1) = %v (pages so far %v)", after, keysOf(page), paged)
		}
		paged = append(paged, page[0].Key)
		after = page[0].Key
	}
	if want := []string{"r3", "r1", "r2"}; !slices.Equal(paged, want) {
		t.Fatalf("List(review) in pages of one = %v, want %v", paged, want)
	}
	// The cursor need not be in the state listed: its place in the order is what counts.
	if got, err = s.List(ctx, journal.StateReview, "p1", 10); err != nil || !slices.Equal(keysOf(got), []string{"r1", "r2"}) {
		t.Fatalf("List(review, after p1) = %v, %v; want [r1 r2]", keysOf(got), err)
	}
	if got, err = s.List(ctx, journal.StatePending, "", 10); err != nil || !slices.Equal(keysOf(got), []string{"p1"}) {
		t.Fatalf("List(pending) = %v, %v; want [p1]", keysOf(got), err)
	}
	if got, err = s.List(ctx, journal.StateSending, "", 10); err != nil || len(got) != 0 {
		t.Fatalf("List(sending) = %v, %v; want none", keysOf(got), err)
	}
	// An empty state lists every state.
	if got, err = s.List(ctx, "", "", 10); err != nil || !slices.Equal(keysOf(got), keysOf(es)) {
		t.Fatalf("List(\"\") = %v, %v; want %v", keysOf(got), err, keysOf(es))
	}
	if got, err = s.List(ctx, "", "r1", 2); err != nil || !slices.Equal(keysOf(got), []string{"c1", "r2"}) {
		t.Fatalf("List(\"\", after r1, 2) = %v, %v; want [c1 r2]", keysOf(got), err)
	}
	_, err = s.List(ctx, journal.StateReview, "no-such-key", 10)
	wantErr(t, "List after a key the journal does not hold", err, journal.ErrNotFound)
}

func testStats(t *testing.T, s journal.Store) {
	ctx := t.Context()
	st, err := s.Stats(ctx)
	if err != nil || !st.OldestUnsettled.IsZero() || sumStates(st) != 0 {
		t.Fatalf("Stats of an empty journal = %+v, %v", st, err)
	}
	es := insertSpaced(t, s, "c1", "p1", "s1", "r1", "f1", "c2", "p2")
	settle(t, s, "c1", "w1", journal.StateCommitted)
	settle(t, s, "c2", "w1", journal.StateCommitted)
	settle(t, s, "f1", "w1", journal.StateRefused)
	settle(t, s, "r1", "w1", journal.StateReview)
	settle(t, s, "s1", "w1", journal.StateSending)
	mustLease(t, s, "p2", "w1", time.Hour) // a lease changes no count

	if st, err = s.Stats(ctx); err != nil {
		t.Fatal(err)
	}
	want := map[journal.State]int64{journal.StatePending: 2, journal.StateSending: 1,
		journal.StateCommitted: 2, journal.StateRefused: 1, journal.StateReview: 1}
	for state, n := range want {
		if st.ByState[state] != n {
			t.Fatalf("Stats.ByState[%s] = %d, want %d (all: %v)", state, st.ByState[state], n, st.ByState)
		}
	}
	if sumStates(st) != 7 {
		t.Fatalf("Stats.ByState = %v, want 7 entries", st.ByState)
	}
	// c1 is the oldest but committed: the oldest unsettled is p1.
	if !st.OldestUnsettled.Equal(es[1].CreatedAt) {
		t.Fatalf("Stats.OldestUnsettled = %v, want p1's CreatedAt %v", st.OldestUnsettled, es[1].CreatedAt)
	}
	settle(t, s, "p1", "w1", journal.StateRefused)
	if st, err = s.Stats(ctx); err != nil || !st.OldestUnsettled.Equal(es[2].CreatedAt) {
		t.Fatalf("Stats.OldestUnsettled after p1 refused = %v, %v; want s1's %v", st.OldestUnsettled, err, es[2].CreatedAt)
	}
	// Review is not settled: with only it left unsettled, it is the oldest.
	settle(t, s, "s1", "w1", journal.StateCommitted)
	p2 := mustGet(t, s, "p2")
	p2.State = journal.StateCommitted
	mustUpdate(t, s, p2, true)
	if st, err = s.Stats(ctx); err != nil || !st.OldestUnsettled.Equal(es[3].CreatedAt) {
		t.Fatalf("Stats.OldestUnsettled with only r1 unsettled = %v, %v; want %v", st.OldestUnsettled, err, es[3].CreatedAt)
	}
	settle(t, s, "r1", "w1", journal.StateCommitted) // a person's verdict
	if st, err = s.Stats(ctx); err != nil || !st.OldestUnsettled.IsZero() || st.ByState[journal.StateCommitted] != 5 {
		t.Fatalf("Stats with every entry settled = %+v, %v; want OldestUnsettled zero, 5 committed", st, err)
	}
}

func sumStates(st journal.Stats) int64 {
	var n int64
	for _, c := range st.ByState {
		n += c
	}
	return n
}
