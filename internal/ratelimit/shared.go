package ratelimit

import (
	"context"
	"sync"
	"time"

	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// Budgets keeps the bank budgets of credentials, one per core.BudgetKey: a Limiter at the
// lowest rate any client of the Key was given (one per rate once sent 5 + 2.5 a second to a
// bank that allows 5), and the lock-out a 429 starts. Safe for concurrent use; build one with
// NewBudgets, or use Process's.
type Budgets struct {
	mu      sync.Mutex
	m       map[core.BudgetKey]*Limiter
	origins map[string]map[core.BudgetKey]bool // the keys used at each origin (Track)
	lock    MemoryLockout
}

// NewBudgets returns an empty set of budgets: clients given it share budgets with each other
// only.
func NewBudgets() *Budgets {
	return &Budgets{m: map[core.BudgetKey]*Limiter{}, origins: map[string]map[core.BudgetKey]bool{}}
}

// Track records that key is a budget at origin (scheme://host[:port], as the key was built
// with), for Forget.
func (b *Budgets) Track(origin string, key core.BudgetKey) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.origins[origin] == nil {
		b.origins[origin] = map[core.BudgetKey]bool{}
	}
	b.origins[origin][key] = true
}

// Forget drops the budgets of every key tracked at origin (a sandbox that closes, whose port
// may go to a later one); clients holding a limiter keep it.
func (b *Budgets) Forget(origin string) {
	b.mu.Lock()
	keys := b.origins[origin]
	delete(b.origins, origin)
	for k := range keys {
		delete(b.m, k)
	}
	b.mu.Unlock()
	b.lock.forget(keys)
}

// Limiter returns the limiter of key's budget, its rate lowered to perSecond when stricter
// (perSecond <= 0 fails).
func (b *Budgets) Limiter(key core.BudgetKey, perSecond float64) (core.Limiter, error) {
	if _, err := NewRate(perSecond); err != nil {
		return nil, err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	lim := b.m[key]
	if lim == nil {
		lim, _ = NewRate(perSecond) // checked above
		b.m[key] = lim
	} else {
		lim.lower(perSecond)
	}
	return keyLimiter{lim}, nil
}

// Rate returns the rate key's budget runs at, 0 when no client asked for it.
func (b *Budgets) Rate(key core.BudgetKey) float64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	if lim := b.m[key]; lim != nil {
		return lim.rate()
	}
	return 0
}

// Lockout returns the lock-outs of the budgets.
func (b *Budgets) Lockout() *MemoryLockout { return &b.lock }

// keyLimiter is the core.Limiter of one Key's budget; the SDK's transport takes its turns
// with TakeTurn.
type keyLimiter struct{ lim *Limiter }

// Wait is Limiter.Wait.
func (k keyLimiter) Wait(ctx context.Context, _ core.BudgetKey) error { return k.lim.Wait(ctx) }

// TakeTurn is Limiter.Take, whose Turn also hears the answer.
func (k keyLimiter) TakeTurn(ctx context.Context, _ core.BudgetKey) (*Turn, error) {
	return k.lim.Take(ctx)
}

// process is the budgets every client of the process shares unless told otherwise.
var process = NewBudgets()

// Process returns the process-wide budgets: clients built with the same credential at the same
// bank origin share them (see the bank's rate limit in package core's doc).
func Process() *Budgets { return process }

// MemoryLockout is an in-process core.Lockout. The zero value is ready; it is safe for
// concurrent use.
type MemoryLockout struct {
	mu    sync.Mutex
	until map[core.BudgetKey]time.Time
	now   func() time.Time // nil: time.Now
}

func (m *MemoryLockout) clock() time.Time {
	if m.now != nil {
		return m.now()
	}
	return time.Now()
}

// Remaining returns how long key stays locked out; it never fails.
func (m *MemoryLockout) Remaining(_ context.Context, key core.BudgetKey) (time.Duration, error) {
	m.mu.Lock()
	until := m.until[key]
	m.mu.Unlock()
	return max(until.Sub(m.clock()), 0), nil
}

// forget drops the lock-outs of keys.
func (m *MemoryLockout) forget(keys map[core.BudgetKey]bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for k := range keys {
		delete(m.until, k)
	}
}

// Lock locks key out for d from now, unless it already is for longer; it never fails.
func (m *MemoryLockout) Lock(_ context.Context, key core.BudgetKey, d time.Duration) error {
	until := m.clock().Add(d)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.until == nil {
		m.until = map[core.BudgetKey]time.Time{}
	}
	if until.After(m.until[key]) {
		m.until[key] = until
	}
	return nil
}
