package redisfleet

import (
	"context"
	"fmt"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/issuerkit/issuerkit-go/paging/banklimit"
)

// localLockouts are the lock-outs this process recorded itself.
type localLockouts struct {
	mu    sync.Mutex
	until map[banklimit.Key]time.Time
}

func (l *localLockouts) lock(key banklimit.Key, d time.Duration) {
	until := time.Now().Add(d)
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.until == nil {
		l.until = map[banklimit.Key]time.Time{}
	}
	if until.After(l.until[key]) {
		l.until[key] = until
	}
}

func (l *localLockouts) remaining(key banklimit.Key) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	return max(time.Until(l.until[key]), 0)
}

// fallbackLimiter is the in-process limiter a replica uses while Redis fails
// (Options.FallbackReplicas): one token bucket per key, holding one token.
type fallbackLimiter struct {
	perSecond rate.Limit
	mu        sync.Mutex
	m         map[banklimit.Key]*rate.Limiter
}

func (l *fallbackLimiter) wait(ctx context.Context, key banklimit.Key) error {
	l.mu.Lock()
	if l.m == nil {
		l.m = map[banklimit.Key]*rate.Limiter{}
	}
	lim := l.m[key]
	if lim == nil {
		lim = rate.NewLimiter(l.perSecond, 1)
		l.m[key] = lim
	}
	l.mu.Unlock()
	if err := lim.Wait(ctx); err != nil {
		return fmt.Errorf("redisfleet: local fallback: %w", err)
	}
	return nil
}
