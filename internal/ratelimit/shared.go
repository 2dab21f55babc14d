package ratelimit

import (
	"context"
	"sync"
	"time"

	"github.com/issuerkit/issuerkit-go/paging/banklimit"
)

// Local is an in-process banklimit.Limiter: one Limiter at the same rate for each Key. It is
// safe for concurrent use.
type Local struct {
	perSecond float64
	mu        sync.Mutex
	m         map[banklimit.Key]*Limiter
}

// NewLocal returns a Local allowing perSecond requests per second for each Key (fractions
// allowed); perSecond <= 0 fails.
func NewLocal(perSecond float64) (*Local, error) {
	if _, err := NewRate(perSecond); err != nil {
		return nil, err
	}
	return &Local{perSecond: perSecond, m: map[banklimit.Key]*Limiter{}}, nil
}

// Wait blocks until a request under key may be sent, or until ctx is done (see Limiter.Wait).
func (l *Local) Wait(ctx context.Context, key banklimit.Key) error {
	l.mu.Lock()
	lim := l.m[key]
	if lim == nil {
		lim, _ = NewRate(l.perSecond) // perSecond was checked by NewLocal
		l.m[key] = lim
	}
	l.mu.Unlock()
	return lim.Wait(ctx)
}

// MemoryLockout is an in-process banklimit.Lockout. The zero value is ready; it is safe for
// concurrent use.
type MemoryLockout struct {
	mu    sync.Mutex
	until map[banklimit.Key]time.Time
	now   func() time.Time // nil: time.Now
}

func (m *MemoryLockout) clock() time.Time {
	if m.now != nil {
		return m.now()
	}
	return time.Now()
}

// Remaining returns how long key stays locked out; it never fails.
func (m *MemoryLockout) Remaining(_ context.Context, key banklimit.Key) (time.Duration, error) {
	m.mu.Lock()
	until := m.until[key]
	m.mu.Unlock()
	return max(until.Sub(m.clock()), 0), nil
}

// Lock locks key out for d from now, unless it already is for longer; it never fails.
func (m *MemoryLockout) Lock(_ context.Context, key banklimit.Key, d time.Duration) error {
	until := m.clock().Add(d)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.until == nil {
		m.until = map[banklimit.Key]time.Time{}
	}
	if until.After(m.until[key]) {
		m.until[key] = until
	}
	return nil
}

// The process-wide budgets: clients built with the same credential at the same origin share
// them (see banklimit), one Local per rate and one MemoryLockout.
var (
	sharedMu      sync.Mutex
	sharedLocals  = map[float64]*Local{}
	sharedLockout MemoryLockout
)

// SharedLocal returns the process-wide Local at perSecond requests per second: every client
// using it shares the budget of its Key with the others at that rate.
func SharedLocal(perSecond float64) (*Local, error) {
	sharedMu.Lock()
	defer sharedMu.Unlock()
	if l := sharedLocals[perSecond]; l != nil {
		return l, nil
	}
	l, err := NewLocal(perSecond)
	if err != nil {
		return nil, err
	}
	sharedLocals[perSecond] = l
	return l, nil
}

// SharedLockout returns the process-wide MemoryLockout.
func SharedLockout() *MemoryLockout { return &sharedLockout }
