package sqlitejournal_test

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal/journaltest"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal/sqlitejournal"
)

func open(t *testing.T, path string) *sqlitejournal.Store {
	t.Helper()
	s, err := sqlitejournal.Open(t.Context(), path)
	if err != nil {
		t.Fatalf("Open(%q): %v", path, err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}

func TestStore(t *testing.T) {
	journaltest.RunStoreTests(t, func(t *testing.T) journal.Store {
		return open(t, filepath.Join(t.TempDir(), "journal.db"))
	})
}

// TestStoreTwoHandles runs the suite with every call going to one of two Stores opened on
// one file, in turn: what two processes on the file see of each other's writes.
func TestStoreTwoHandles(t *testing.T) {
	journaltest.RunStoreTests(t, func(t *testing.T) journal.Store {
		path := filepath.Join(t.TempDir(), "journal.db")
		return &alternate{stores: [2]journal.Store{open(t, path), open(t, path)}}
	})
}

// alternate sends each call to the next of its stores.
type alternate struct {
	stores [2]journal.Store
	n      atomic.Uint64
}

func (a *alternate) next() journal.Store { return a.stores[a.n.Add(1)%2] }

func (a *alternate) Insert(ctx context.Context, e journal.Entry) (journal.Entry, bool, error) {
	return a.next().Insert(ctx, e)
}
func (a *alternate) Get(ctx context.Context, key string) (journal.Entry, error) {
	return a.next().Get(ctx, key)
}
func (a *alternate) Lease(ctx context.Context, key, worker string, ttl time.Duration) (journal.Entry, error) {
	return a.next().Lease(ctx, key, worker, ttl)
}
func (a *alternate) Update(ctx context.Context, e journal.Entry, release bool) (journal.Entry, error) {
	return a.next().Update(ctx, e, release)
}
func (a *alternate) Due(ctx context.Context, limit int) ([]journal.Entry, error) {
	return a.next().Due(ctx, limit)
}
func (a *alternate) List(ctx context.Context, state journal.State, after string, limit int) ([]journal.Entry, error) {
	return a.next().List(ctx, state, after, limit)
}
func (a *alternate) Stats(ctx context.Context) (journal.Stats, error) { return a.next().Stats(ctx) }

func newEntry(key string) journal.Entry {
	return journal.Entry{Key: key, Operation: "createDisbursement", Scope: "s", RequestHash: "h", State: journal.StatePending}
}
