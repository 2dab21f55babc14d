package journaltest

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
)

// NewStore returns an in-memory journal.Store for tests: every rule of the Store contract
// (leases on its own clock, fencing, one sender per scope), behind one mutex. It is not
// durable and lives in one process: never use it in production, where a crash loses what it
// held and a second process sees none of it; use sqlitejournal or pgjournal there.
func NewStore() journal.Store {
	return &memStore{entries: map[string]*journal.Entry{}}
}

type memStore struct {
	mu      sync.Mutex
	entries map[string]*journal.Entry
}

// now is the store's clock, rounded to the microsecond as the databases keep it, so that
// tests see the same times from every Store.
func (s *memStore) now() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }

// copyEntry returns e with its byte slices copied: the store never shares memory with a caller.
func copyEntry(e journal.Entry) journal.Entry {
	e.Request = bytes.Clone(e.Request)
	e.Snapshot = bytes.Clone(e.Snapshot)
	e.Result = bytes.Clone(e.Result)
	e.Verdict = bytes.Clone(e.Verdict)
	return e
}

func (s *memStore) Insert(ctx context.Context, e journal.Entry) (journal.Entry, bool, error) {
	if err := ctx.Err(); err != nil {
		return journal.Entry{}, false, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.entries[e.Key]; ok {
		return copyEntry(*old), false, nil
	}
	e = copyEntry(e)
	e.State = journal.StatePending
	e.Worker, e.Fence, e.LeaseUntil = "", 0, time.Time{}
	e.CreatedAt = s.now()
	e.UpdatedAt = e.CreatedAt
	s.entries[e.Key] = &e
	return copyEntry(e), true, nil
}

func (s *memStore) Get(ctx context.Context, key string) (journal.Entry, error) {
	if err := ctx.Err(); err != nil {
		return journal.Entry{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.entries[key]
	if !ok {
		return journal.Entry{}, fmt.Errorf("%w: %q", journal.ErrNotFound, key)
	}
	return copyEntry(*e), nil
}

// leased reports whether e's lease has not ended at now.
func leased(e *journal.Entry, now time.Time) bool {
	return e.Worker != "" && now.Before(e.LeaseUntil)
}

func (s *memStore) Lease(ctx context.Context, key, worker string, ttl time.Duration) (journal.Entry, error) {
	if err := ctx.Err(); err != nil {
		return journal.Entry{}, err
	}
	if err := journal.CheckLeaseArgs(worker, ttl); err != nil {
		return journal.Entry{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.entries[key]
	if !ok {
		return journal.Entry{}, fmt.Errorf("%w: %q", journal.ErrNotFound, key)
	}
	now := s.now()
	n, err := journal.GrantLease(*e, worker, ttl, now, func() (bool, error) {
		for _, o := range s.entries {
			if o.Key != key && o.Scope == e.Scope && journal.ScopeBlocks(*o, now) {
				return true, nil
			}
		}
		return false, nil
	})
	if err != nil {
		return journal.Entry{}, err
	}
	*e = n
	return copyEntry(n), nil
}

func (s *memStore) Update(ctx context.Context, e journal.Entry, release bool) (journal.Entry, error) {
	if err := ctx.Err(); err != nil {
		return journal.Entry{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	old, ok := s.entries[e.Key]
	if !ok {
		return journal.Entry{}, fmt.Errorf("%w: %q", journal.ErrNotFound, e.Key)
	}
	n, err := journal.ApplyUpdate(*old, e, release, s.now())
	if err != nil {
		return journal.Entry{}, err
	}
	*old = copyEntry(n)
	return copyEntry(n), nil
}

// sorted returns copies of the entries keep accepts, oldest first (CreatedAt, then Key).
func (s *memStore) sorted(keep func(*journal.Entry) bool) []journal.Entry {
	var out []journal.Entry
	for _, e := range s.entries {
		if keep(e) {
			out = append(out, copyEntry(*e))
		}
	}
	slices.SortFunc(out, func(a, b journal.Entry) int {
		return cmp.Or(a.CreatedAt.Compare(b.CreatedAt), cmp.Compare(a.Key, b.Key))
	})
	return out
}

func (s *memStore) Due(ctx context.Context, limit int) ([]journal.Entry, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	out := s.sorted(func(e *journal.Entry) bool {
		return (e.State == journal.StatePending || e.State == journal.StateSending) &&
			!leased(e, now) && !e.DueAt.After(now)
	})
	return out[:min(len(out), max(limit, 0))], nil
}

func (s *memStore) List(ctx context.Context, state journal.State, after string, limit int) ([]journal.Entry, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var from *journal.Entry
	if after != "" {
		if from = s.entries[after]; from == nil {
			return nil, fmt.Errorf("%w: the cursor %q", journal.ErrNotFound, after)
		}
	}
	out := s.sorted(func(e *journal.Entry) bool {
		if state != "" && e.State != state {
			return false
		}
		return from == nil || cmp.Or(e.CreatedAt.Compare(from.CreatedAt), cmp.Compare(e.Key, from.Key)) > 0
	})
	return out[:min(len(out), max(limit, 0))], nil
}

func (s *memStore) Stats(ctx context.Context) (journal.Stats, error) {
	if err := ctx.Err(); err != nil {
		return journal.Stats{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	st := journal.Stats{ByState: map[journal.State]int64{}}
	for _, e := range s.entries {
		st.ByState[e.State]++
		if !e.State.Settled() && (st.OldestUnsettled.IsZero() || e.CreatedAt.Before(st.OldestUnsettled)) {
			st.OldestUnsettled = e.CreatedAt
		}
	}
	return st, nil
}
