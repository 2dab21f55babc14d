package journaltest

import (
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
)

func testUpdateFenced(t *testing.T, s journal.Store) {
	mustInsert(t, s, newEntry("k", "scope"))
	l := mustLease(t, s, "k", "w1", time.Hour)
	before := mustGet(t, s, "k")

	for name, e := range map[string]journal.Entry{
		"another worker":  func() journal.Entry { e := l; e.Worker = "w2"; return e }(),
		"an older fence":  func() journal.Entry { e := l; e.Fence--; return e }(),
		"a later fence":   func() journal.Entry { e := l; e.Fence++; return e }(),
		"no worker":       func() journal.Entry { e := l; e.Worker = ""; return e }(),
		"no worker, zero": func() journal.Entry { e := l; e.Worker, e.Fence = "", 0; return e }(),
	} {
		e.State, e.Result = journal.StateCommitted, []byte(`{"by":"intruder"}`)
		_, err := s.Update(t.Context(), e, true)
		wantErr(t, "Update by "+name, err, journal.ErrFenced)
	}
	wantEntry(t, "Get after the fenced Updates", mustGet(t, s, "k"), before)

	// Released: the old holder's lease is gone; it can write nothing more.
	mustUpdate(t, s, l, true)
	released := mustGet(t, s, "k")
	late := l
	late.State = journal.StateCommitted
	_, err := s.Update(t.Context(), late, false)
	wantErr(t, "Update by the holder after its release", err, journal.ErrFenced)
	late.Worker = ""
	_, err = s.Update(t.Context(), late, false)
	wantErr(t, "Update with the released entry's Worker (\"\") and Fence", err, journal.ErrFenced)
	wantEntry(t, "Get after the late Updates", mustGet(t, s, "k"), released)

	// Taken over after expiry: the first holder is fenced, even moving to a final state, and
	// the new holder writes.
	w1 := mustLease(t, s, "k", "w1", 5*time.Millisecond)
	sleepPast(w1.LeaseUntil)
	w2 := mustLease(t, s, "k", "w2", time.Hour)
	w1.State = journal.StateCommitted
	_, err = s.Update(t.Context(), w1, true)
	wantErr(t, "Update by the holder whose lease was taken over", err, journal.ErrFenced)
	w1.Worker = "w2" // the same name, an older Fence: still fenced
	_, err = s.Update(t.Context(), w1, true)
	wantErr(t, "Update with the new holder's name and the old Fence", err, journal.ErrFenced)
	w2.State = journal.StateRefused
	if got := mustUpdate(t, s, w2, true); got.State != journal.StateRefused {
		t.Fatalf("Update by the new holder: State %s", got.State)
	}
}

func testUpdateFields(t *testing.T, s journal.Store) {
	in := mustInsert(t, s, newEntry("k", "scope"))
	l := mustLease(t, s, "k", "w1", time.Hour)
	due := in.CreatedAt.Add(90 * time.Second)
	sendBy := in.CreatedAt.Add(-time.Minute)
	e := l
	e.Operation, e.Scope, e.RequestHash = "ignored", "ignored", "ignored" // not Update's fields
	e.CreatedAt, e.LeaseUntil = time.Time{}, time.Time{}
	e.State, e.Attempts = journal.StatePending, 2
	e.Snapshot, e.SendBy = []byte(`{"snapshot":1}`), sendBy
	e.Result, e.Verdict = []byte(`{"result":1}`), []byte(`{"verdict":1}`)
	e.DueAt, e.Request = due, []byte(`sealed`)
	got := mustUpdate(t, s, e, false)

	want := l
	want.Attempts, want.Snapshot, want.SendBy = 2, []byte(`{"snapshot":1}`), sendBy
	want.Result, want.Verdict, want.DueAt, want.Request = []byte(`{"result":1}`), []byte(`{"verdict":1}`), due, []byte(`sealed`)
	if got.UpdatedAt.Before(l.UpdatedAt) {
		t.Fatalf("Update: UpdatedAt %v before the lease's %v", got.UpdatedAt, l.UpdatedAt)
	}
	want.UpdatedAt = got.UpdatedAt
	wantEntry(t, "Update's entry (lease kept)", got, want)
	wantEntry(t, "Get after Update", mustGet(t, s, "k"), want)

	// The caller's slices are not kept.
	e.Snapshot[0] = 'X'
	wantEntry(t, "Get after changing the caller's Snapshot", mustGet(t, s, "k"), want)

	// The lease was kept: the holder updates again, clearing fields, and releases.
	e = got
	e.Snapshot, e.Result, e.Verdict, e.DueAt, e.SendBy = nil, nil, nil, time.Time{}, time.Time{}
	got = mustUpdate(t, s, e, true)
	want.Snapshot, want.Result, want.Verdict, want.DueAt, want.SendBy = nil, nil, nil, time.Time{}, time.Time{}
	want.Worker, want.LeaseUntil, want.UpdatedAt = "", time.Time{}, got.UpdatedAt
	wantEntry(t, "second Update's entry (released)", got, want)
	wantEntry(t, "Get after the second Update", mustGet(t, s, "k"), want)
}

func testUpdateSending(t *testing.T, s journal.Store) {
	mustInsert(t, s, newEntry("k", "scope"))
	l := mustLease(t, s, "k", "w1", time.Hour)

	// Into sending: SendBy is the lease's end, whatever the caller wrote.
	e := l
	e.State, e.Attempts, e.SendBy = journal.StateSending, 1, l.LeaseUntil.Add(time.Hour)
	got := mustUpdate(t, s, e, false)
	if !got.SendBy.Equal(l.LeaseUntil) || got.State != journal.StateSending {
		t.Fatalf("Update into sending: State %s, SendBy %v; want sending, the lease's end %v", got.State, got.SendBy, l.LeaseUntil)
	}
	// Staying sending with the same Attempts marks nothing: the caller's SendBy is kept.
	kept := got
	kept.DueAt = got.SendBy.Add(time.Minute)
	if got = mustUpdate(t, s, kept, true); !got.SendBy.Equal(l.LeaseUntil) || !got.DueAt.Equal(kept.DueAt) {
		t.Fatalf("Update staying sending: SendBy %v, DueAt %v; want %v, %v", got.SendBy, got.DueAt, l.LeaseUntil, kept.DueAt)
	}

	// A resend (Attempts+1 while sending) is a new attempt: a new lease's end is its SendBy.
	l2 := mustLease(t, s, "k", "w2", 2*time.Hour)
	e = l2
	e.Attempts = 2
	if got = mustUpdate(t, s, e, false); !got.SendBy.Equal(l2.LeaseUntil) || got.Attempts != 2 {
		t.Fatalf("resend: SendBy %v, Attempts %d; want %v, 2", got.SendBy, got.Attempts, l2.LeaseUntil)
	}
	e = got
	e.State = journal.StateCommitted
	mustUpdate(t, s, e, true)

	// The lease ended (not taken over): no attempt may be marked, into sending or a resend;
	// other Updates by the holder still land (an answer that came in at the deadline).
	mustInsert(t, s, newEntry("late", "scope-late"))
	short := mustLease(t, s, "late", "w1", 5*time.Millisecond)
	sleepPast(short.LeaseUntil)
	e = short
	e.State, e.Attempts = journal.StateSending, 1
	_, err := s.Update(t.Context(), e, false)
	wantErr(t, "Update into sending after the lease ended", err, journal.ErrFenced)
	if got = mustGet(t, s, "late"); got.State != journal.StatePending || got.Attempts != 0 || !got.SendBy.IsZero() {
		t.Fatalf("after the refused move into sending: State %s, Attempts %d, SendBy %v", got.State, got.Attempts, got.SendBy)
	}

	live := mustLease(t, s, "late", "w1", time.Hour)
	e = live
	e.State, e.Attempts = journal.StateSending, 1
	mustUpdate(t, s, e, true)
	short = mustLease(t, s, "late", "w1", 5*time.Millisecond)
	sleepPast(short.LeaseUntil)
	e = short
	e.Attempts = 2
	_, err = s.Update(t.Context(), e, false)
	wantErr(t, "resend after the lease ended", err, journal.ErrFenced)
	e = short
	e.State, e.Result = journal.StateCommitted, []byte(`{"id":"d-1"}`)
	if got = mustUpdate(t, s, e, true); got.State != journal.StateCommitted || got.Attempts != 1 {
		t.Fatalf("commit after the lease ended: State %s, Attempts %d", got.State, got.Attempts)
	}
}
