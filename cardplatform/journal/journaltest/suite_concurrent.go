package journaltest

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
)

// parallel runs f(0..n-1) on n goroutines released at once, and waits for them.
func parallel(n int, f func(i int)) {
	var start, done sync.WaitGroup
	start.Add(1)
	for i := range n {
		done.Go(func() {
			start.Wait()
			f(i)
		})
	}
	start.Done()
	done.Wait()
}

const racers = 16

func testConcurrentInsert(t *testing.T, s journal.Store) {
	var mu sync.Mutex
	inserted, hashes := 0, map[string]int{}
	var errs []error
	parallel(racers, func(i int) {
		e := newEntry("same-key", "scope")
		e.RequestHash = fmt.Sprintf("hash-%d", i)
		got, ins, err := s.Insert(t.Context(), e)
		mu.Lock()
		defer mu.Unlock()
		if err != nil {
			errs = append(errs, err)
			return
		}
		if ins {
			inserted++
		}
		hashes[got.RequestHash]++
	})
	if len(errs) > 0 || inserted != 1 || len(hashes) != 1 {
		t.Fatalf("%d concurrent Inserts of one key: %d inserted, stored hashes seen %v, errors %v; want 1 inserted, one hash", racers, inserted, hashes, errs)
	}
	stored := mustGet(t, s, "same-key")
	if hashes[stored.RequestHash] != racers {
		t.Fatalf("every Insert returned hash %v, stored %q", hashes, stored.RequestHash)
	}
}

// leaseRace has n workers lease keys[i] at once and returns the winners' entries; any error
// but ErrBusy fails the test.
func leaseRace(t *testing.T, s journal.Store, keys []string, workerPrefix string) []journal.Entry {
	t.Helper()
	var mu sync.Mutex
	var won []journal.Entry
	var errs []error
	parallel(len(keys), func(i int) {
		e, err := s.Lease(t.Context(), keys[i], fmt.Sprintf("%s-%d", workerPrefix, i), time.Hour)
		mu.Lock()
		defer mu.Unlock()
		switch {
		case err == nil:
			won = append(won, e)
		case !errors.Is(err, journal.ErrBusy):
			errs = append(errs, err)
		}
	})
	if len(errs) > 0 {
		t.Fatalf("concurrent Leases: errors other than ErrBusy: %v", errs)
	}
	return won
}

func testConcurrentLeaseScope(t *testing.T, s journal.Store) {
	keys := make([]string, racers)
	for i := range keys {
		keys[i] = fmt.Sprintf("payout-%02d", i)
		mustInsert(t, s, newEntry(keys[i], "person-1"))
	}
	// Round after round, 16 workers lease the 16 entries of one scope at once: exactly one
	// wins; it marks an attempt, commits and releases, and the next round starts.
	for round := range 4 {
		won := leaseRace(t, s, keys, fmt.Sprintf("r%d", round))
		if len(won) != 1 {
			t.Fatalf("round %d: %d of %d concurrent Leases in one scope granted (%v), want exactly 1", round, len(won), racers, keysOf(won))
		}
		e := won[0]
		e.State, e.Attempts = journal.StateSending, 1
		e = mustUpdate(t, s, e, false)
		e.State = journal.StateCommitted
		mustUpdate(t, s, e, true)
	}
}

func testConcurrentLeaseEntry(t *testing.T, s journal.Store) {
	mustInsert(t, s, newEntry("one", "scope"))
	keys := make([]string, racers)
	for i := range keys {
		keys[i] = "one"
	}
	won := leaseRace(t, s, keys, "w")
	if len(won) != 1 {
		t.Fatalf("%d of %d concurrent Leases of one entry granted, want exactly 1", len(won), racers)
	}
	if got := mustGet(t, s, "one"); got.Worker != won[0].Worker || got.Fence != won[0].Fence {
		t.Fatalf("stored lease %q/%d, the winner's %q/%d", got.Worker, got.Fence, won[0].Worker, won[0].Fence)
	}
}

// testTakeoverRace has two workers take an entry over from each other again and again, on
// leases of a millisecond that end while the holder works: each grant is followed by an
// Update (every other time after the lease ended) that counts one more attempt from the entry the grant
// returned. Fencing makes each
// read-modify-write whole: the stored count equals the Updates that succeeded, whatever the
// interleaving (an Update after the other worker's grant must be refused, or a count is lost).
func testTakeoverRace(t *testing.T, s journal.Store) {
	mustInsert(t, s, newEntry("contested", "scope"))
	const rounds = 30 // grants per worker
	var mu sync.Mutex
	grants, updates, fenced := 0, 0, 0
	var errs []error
	parallel(2, func(i int) {
		worker := fmt.Sprintf("w%d", i)
		for mine, tries := 0, 0; mine < rounds && tries < 50*rounds; tries++ {
			e, err := s.Lease(t.Context(), "contested", worker, time.Millisecond)
			if errors.Is(err, journal.ErrBusy) {
				time.Sleep(300 * time.Microsecond) // the other's lease ends within a millisecond
				continue
			}
			mine++
			if err == nil {
				if mine%2 == 0 {
					time.Sleep(2 * time.Millisecond) // past the lease: the other worker may take over
				}
				e.Attempts++
				e.Result = []byte(worker)
				_, err = s.Update(t.Context(), e, false)
			}
			mu.Lock()
			switch {
			case err == nil:
				grants++
				updates++
			case errors.Is(err, journal.ErrFenced):
				grants++
				fenced++
			default:
				errs = append(errs, err)
			}
			mu.Unlock()
		}
	})
	if len(errs) > 0 {
		t.Fatalf("takeover race: errors other than ErrBusy and ErrFenced: %v", errs)
	}
	got := mustGet(t, s, "contested")
	if got.Attempts != updates || got.Fence < int64(grants) {
		t.Fatalf("takeover race: stored Attempts %d after %d successful Updates (%d fenced); Fence %d after %d grants", got.Attempts, updates, fenced, got.Fence, grants)
	}
	t.Logf("takeover race: %d grants, %d updates, %d fenced", grants, updates, fenced)
}

// testMarkVersusLease races, at the moment a's lease ends, its holder marking an attempt
// (Update into sending) against another worker leasing b of the same scope. Either order is
// allowed, but never both: if the Lease of b came first, a's lease had ended and the mark
// must be refused; if the mark came first, a is sending and the Lease must be refused.
func testMarkVersusLease(t *testing.T, s journal.Store) {
	const rounds = 30
	both := 0
	for r := range rounds {
		a, b, scope := fmt.Sprintf("a%d", r), fmt.Sprintf("b%d", r), fmt.Sprintf("person-%d", r)
		mustInsert(t, s, newEntry(a, scope))
		mustInsert(t, s, newEntry(b, scope))
		held := mustLease(t, s, a, "holder", 3*time.Millisecond)
		var marked, leased error
		// Both wait for about the lease's end, each a little before or after it.
		jitter := func(i int) time.Duration { return time.Duration((r*7+i*3)%5-2) * 500 * time.Microsecond }
		parallel(2, func(i int) {
			time.Sleep(time.Until(held.LeaseUntil) + jitter(i))
			if i == 0 {
				e := held
				e.State, e.Attempts = journal.StateSending, 1
				_, marked = s.Update(t.Context(), e, false)
			} else {
				_, leased = s.Lease(t.Context(), b, "other", time.Hour)
			}
		})
		if marked != nil && !errors.Is(marked, journal.ErrFenced) {
			t.Fatalf("round %d: mark: %v", r, marked)
		}
		if leased != nil && !errors.Is(leased, journal.ErrBusy) {
			t.Fatalf("round %d: lease: %v", r, leased)
		}
		if marked == nil && leased == nil {
			both++
		}
	}
	if both > 0 {
		t.Fatalf("%d of %d rounds: a marked sending and b of its scope leased, both", both, rounds)
	}
}
