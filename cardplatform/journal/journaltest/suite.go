package journaltest

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
)

// RunStoreTests checks that the Stores open returns keep every rule of the journal.Store
// contract: Insert's idempotence, Get, Lease (settled entries, review, another worker's
// lease, scope exclusivity, expiry, fencing tokens), Update (fencing, the live lease and
// SendBy at the moment an attempt is marked, release), Due and List (filters, order, pages),
// Stats, and the same rules under concurrent callers (many workers leasing one scope at once,
// two workers racing to take over expiring leases, an attempt marked at the moment its lease
// ends racing a Lease of its scope). Each subtest calls open for a Store of its own and
// starts from an empty journal; a driver's open may return a Store whose calls go to several
// handles on one database (RoundRobin), so that the suite also checks what two processes see.
//
// Where the contract is silent, the suite fixes the behaviour: Lease and Update of a key no
// entry holds fail with ErrNotFound, List with an empty state lists every state, and List's
// cursor after is a key of the journal (ErrNotFound otherwise). Leases in the suite end after
// a few milliseconds where expiry is tested, and the suite sleeps past their end by this
// machine's clock (plus 20 ms): the Store's clock (a database server's) must agree with it
// that closely. No assertion depends on how fast the Store answers.
func RunStoreTests(t *testing.T, open func(t *testing.T) journal.Store) {
	t.Helper()
	for _, tc := range []struct {
		name string
		run  func(t *testing.T, s journal.Store)
	}{
		{"Insert", testInsert},
		{"Get", testGet},
		{"LeaseGrant", testLeaseGrant},
		{"LeaseArguments", testLeaseArguments},
		{"LeaseRefusesFinal", testLeaseRefusesFinal},
		{"LeaseScope", testLeaseScope},
		{"LeaseExpiry", testLeaseExpiry},
		{"UpdateFenced", testUpdateFenced},
		{"UpdateFields", testUpdateFields},
		{"UpdateSending", testUpdateSending},
		{"Due", testDue},
		{"List", testList},
		{"Stats", testStats},
		{"ConcurrentInsert", testConcurrentInsert},
		{"ConcurrentLeaseScope", testConcurrentLeaseScope},
		{"ConcurrentLeaseEntry", testConcurrentLeaseEntry},
		{"TakeoverRace", testTakeoverRace},
		{"MarkVersusLease", testMarkVersusLease},
	} {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, open(t)) })
	}
}

// newEntry returns the entry the engine would insert for key in scope.
func newEntry(key, scope string) journal.Entry {
	return journal.Entry{
		Key:         key,
		Operation:   "createDisbursement",
		Scope:       scope,
		RequestHash: "hash-of-" + key,
		Request:     []byte(`{"ref":"` + key + `"}`),
		State:       journal.StatePending,
	}
}

func mustInsert(t *testing.T, s journal.Store, e journal.Entry) journal.Entry {
	t.Helper()
	got, inserted, err := s.Insert(t.Context(), e)
	if err != nil || !inserted {
		t.Fatalf("Insert(%q) = inserted %v, %v; want a new entry", e.Key, inserted, err)
	}
	return got
}

func mustGet(t *testing.T, s journal.Store, key string) journal.Entry {
	t.Helper()
	got, err := s.Get(t.Context(), key)
	if err != nil {
		t.Fatalf("Get(%q): %v", key, err)
	}
	return got
}

func mustLease(t *testing.T, s journal.Store, key, worker string, ttl time.Duration) journal.Entry {
	t.Helper()
	got, err := s.Lease(t.Context(), key, worker, ttl)
	if err != nil {
		t.Fatalf("Lease(%q, %q): %v", key, worker, err)
	}
	return got
}

func mustUpdate(t *testing.T, s journal.Store, e journal.Entry, release bool) journal.Entry {
	t.Helper()
	got, err := s.Update(t.Context(), e, release)
	if err != nil {
		t.Fatalf("Update(%q, state %s, release %v): %v", e.Key, e.State, release, err)
	}
	return got
}

// settle leases key for worker and moves it to state, releasing the lease.
func settle(t *testing.T, s journal.Store, key, worker string, state journal.State) journal.Entry {
	t.Helper()
	e := mustLease(t, s, key, worker, time.Hour)
	e.State = state
	return mustUpdate(t, s, e, true)
}

func wantErr(t *testing.T, what string, err, want error) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Fatalf("%s: error %v, want one matching %v", what, err, want)
	}
}

// sleepPast sleeps until the wall clock is past until, with a margin for the Store's clock
// (the same machine's).
func sleepPast(until time.Time) {
	time.Sleep(time.Until(until) + 20*time.Millisecond)
}

// diffEntry describes how got differs from want, field by field; "" when they are equal
// (times compared as instants, nil and empty bytes alike).
func diffEntry(got, want journal.Entry) string {
	var d string
	add := func(name string, g, w any) { d += fmt.Sprintf("\n\t%s = %v, want %v", name, g, w) }
	str := func(name, g, w string) {
		if g != w {
			add(name, g, w)
		}
	}
	byt := func(name string, g, w []byte) {
		if !bytes.Equal(g, w) {
			add(name, string(g), string(w))
		}
	}
	tim := func(name string, g, w time.Time) {
		if !g.Equal(w) {
			add(name, g, w)
		}
	}
	str("Key", got.Key, want.Key)
	str("Operation", got.Operation, want.Operation)
	str("Scope", got.Scope, want.Scope)
	str("RequestHash", got.RequestHash, want.RequestHash)
	byt("Request", got.Request, want.Request)
	str("State", string(got.State), string(want.State))
	if got.Attempts != want.Attempts {
		add("Attempts", got.Attempts, want.Attempts)
	}
	byt("Snapshot", got.Snapshot, want.Snapshot)
	tim("SendBy", got.SendBy, want.SendBy)
	byt("Result", got.Result, want.Result)
	byt("Verdict", got.Verdict, want.Verdict)
	tim("DueAt", got.DueAt, want.DueAt)
	str("Worker", got.Worker, want.Worker)
	if got.Fence != want.Fence {
		add("Fence", got.Fence, want.Fence)
	}
	tim("LeaseUntil", got.LeaseUntil, want.LeaseUntil)
	tim("CreatedAt", got.CreatedAt, want.CreatedAt)
	tim("UpdatedAt", got.UpdatedAt, want.UpdatedAt)
	return d
}

func wantEntry(t *testing.T, what string, got, want journal.Entry) {
	t.Helper()
	if d := diffEntry(got, want); d != "" {
		t.Fatalf("%s:%s", what, d)
	}
}

func keysOf(es []journal.Entry) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Key
	}
	return out
}
