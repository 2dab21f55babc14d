package journaltest

import (
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
)

func testInsert(t *testing.T, s journal.Store) {
	in := newEntry("pay-1", "scope-a")
	in.Worker, in.Fence = "someone", 7 // the lease is the Store's: never taken from the caller
	got := mustInsert(t, s, in)
	if got.CreatedAt.IsZero() || !got.UpdatedAt.Equal(got.CreatedAt) {
		t.Fatalf("Insert: CreatedAt %v, UpdatedAt %v; want both set, equal", got.CreatedAt, got.UpdatedAt)
	}
	want := newEntry("pay-1", "scope-a")
	want.CreatedAt, want.UpdatedAt = got.CreatedAt, got.UpdatedAt
	wantEntry(t, "Insert's entry", got, want)

	// The caller's slices are not kept: changing them after Insert changes nothing stored.
	in.Request[0] = 'X'
	wantEntry(t, "Get after Insert", mustGet(t, s, "pay-1"), want)

	// The same key again, with another request: the stored entry, unchanged, inserted false.
	again := newEntry("pay-1", "scope-b")
	again.RequestHash, again.Request = "another-hash", []byte(`{"other":true}`)
	stored, inserted, err := s.Insert(t.Context(), again)
	if err != nil || inserted {
		t.Fatalf("second Insert of pay-1 = inserted %v, %v; want the stored entry, inserted false", inserted, err)
	}
	wantEntry(t, "second Insert's entry", stored, want)
	wantEntry(t, "Get after the second Insert", mustGet(t, s, "pay-1"), want)

	// A key already leased and settled: Insert returns it as it stands.
	done := settle(t, s, "pay-1", "w1", journal.StateCommitted)
	stored, inserted, err = s.Insert(t.Context(), newEntry("pay-1", "scope-a"))
	if err != nil || inserted {
		t.Fatalf("Insert of a committed key = inserted %v, %v", inserted, err)
	}
	wantEntry(t, "Insert of a committed key", stored, done)
}

func testGet(t *testing.T, s journal.Store) {
	_, err := s.Get(t.Context(), "absent")
	wantErr(t, "Get of an absent key", err, journal.ErrNotFound)
	mustInsert(t, s, newEntry("present", "scope"))
	_, err = s.Get(t.Context(), "presen")
	wantErr(t, "Get of a prefix of a key", err, journal.ErrNotFound)
	if got := mustGet(t, s, "present"); got.Key != "present" {
		t.Fatalf("Get(present).Key = %q", got.Key)
	}
	_, err = s.Lease(t.Context(), "absent", "w1", 1e9)
	wantErr(t, "Lease of an absent key", err, journal.ErrNotFound)
	e := newEntry("absent", "scope")
	e.Worker, e.Fence = "w1", 1
	_, err = s.Update(t.Context(), e, true)
	wantErr(t, "Update of an absent key", err, journal.ErrNotFound)
}
