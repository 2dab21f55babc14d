package journaltest

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
)

// RoundRobin returns a Store that sends each call to the next of stores in turn: given
// Stores opened on one database (two pools, two handles on one file), RunStoreTests run on it
// checks what several processes on that database see of each other's writes.
func RoundRobin(stores ...journal.Store) journal.Store {
	if len(stores) == 0 {
		panic("journaltest.RoundRobin: no stores")
	}
	return &roundRobin{stores: stores}
}

type roundRobin struct {
	stores []journal.Store
	n      atomic.Uint64
}

func (r *roundRobin) next() journal.Store {
	return r.stores[(r.n.Add(1)-1)%uint64(len(r.stores))]
}

func (r *roundRobin) Insert(ctx context.Context, e journal.Entry) (journal.Entry, bool, error) {
	return r.next().Insert(ctx, e)
}

func (r *roundRobin) Get(ctx context.Context, key string) (journal.Entry, error) {
	return r.next().Get(ctx, key)
}

func (r *roundRobin) Lease(ctx context.Context, key, worker string, ttl time.Duration) (journal.Entry, error) {
	return r.next().Lease(ctx, key, worker, ttl)
}

func (r *roundRobin) Update(ctx context.Context, e journal.Entry, release bool) (journal.Entry, error) {
	return r.next().Update(ctx, e, release)
}

func (r *roundRobin) Due(ctx context.Context, limit int) ([]journal.Entry, error) {
	return r.next().Due(ctx, limit)
}

func (r *roundRobin) List(ctx context.Context, state journal.State, after string, limit int) ([]journal.Entry, error) {
	return r.next().List(ctx, state, after, limit)
}

func (r *roundRobin) Stats(ctx context.Context) (journal.Stats, error) { return r.next().Stats(ctx) }
