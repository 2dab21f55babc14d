package redisfleet

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// localLockouts are the lock-outs this process recorded itself.
type localLockouts struct {
	mu    sync.Mutex
	until map[core.BudgetKey]time.Time
}

func (l *localLockouts) lock(key core.BudgetKey, d time.Duration) {
	until := time.Now().Add(d)
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.until == nil {
		l.until = map[core.BudgetKey]time.Time{}
	}
	if until.After(l.until[key]) {
		l.until[key] = until
	}
}

func (l *localLockouts) remaining(key core.BudgetKey) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	return max(time.Until(l.until[key]), 0)
}

// fallbackLimiter is the in-process limiter a replica uses while Redis fails
// (Options.FallbackReplicas): one GCRA bucket per key, turns one interval apart. The fleet's
// requests of the last second are not known to it: its first turn, and its first after a
// Window without one (the replica used Redis meanwhile), comes one Window later. The clock is
// read under the lock, so a caller delayed before it cannot move a turn earlier.
type fallbackLimiter struct {
	interval time.Duration
	mu       sync.Mutex
	last     map[core.BudgetKey]time.Time // the last turn handed out per key
}

// wait sleeps until the next turn of key, at least one interval after the local time after
// (the replica's last request seen written; zero: none).
func (l *fallbackLimiter) wait(ctx context.Context, key core.BudgetKey, after time.Time) error {
	l.mu.Lock()
	now := time.Now()
	if l.last == nil {
		l.last = map[core.BudgetKey]time.Time{}
	}
	last, ok := l.last[key]
	if !ok || now.Sub(last) > Window {
		last = now.Add(Window - l.interval) // the first turn one Window from now
	}
	turn := last.Add(l.interval)
	if next := after.Add(l.interval); !after.IsZero() && next.After(turn) {
		turn = next
	}
	if turn.Before(now) {
		turn = now
	}
	if dl, ok := ctx.Deadline(); ok && dl.Before(turn) {
		l.mu.Unlock()
		return fmt.Errorf("redisfleet: local fallback: the next turn, in %v, would pass the deadline: %w", turn.Sub(now).Round(time.Millisecond), context.DeadlineExceeded)
	}
	l.last[key] = turn
	l.mu.Unlock()
	if err := sleepCtx(ctx, time.Until(turn)); err != nil {
		return fmt.Errorf("redisfleet: local fallback: %w", err)
	}
	return nil
}

// replicaGates hold, per key, the one turn this replica may have outstanding (Take) and when
// its last request was seen written.
type replicaGates struct {
	mu sync.Mutex
	m  map[core.BudgetKey]*replicaGate
}

type replicaGate struct {
	slot  chan struct{} // holds a token while no turn of the replica is outstanding
	mu    sync.Mutex
	wrote time.Time // the replica's last request seen written
}

func (g *replicaGates) of(key core.BudgetKey) *replicaGate {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.m == nil {
		g.m = map[core.BudgetKey]*replicaGate{}
	}
	r := g.m[key]
	if r == nil {
		r = &replicaGate{slot: make(chan struct{}, 1)}
		r.slot <- struct{}{}
		g.m[key] = r
	}
	return r
}
