package user

import (
	"context"
	"time"

	"github.com/issuerkit/issuerkit-go/paging/banklimit"
)

// Store is a shared banklimit.Limiter and [banklimit.Lockout] of 0.2.0 (a
// [banklimit.TurnLimiter] too).
type Store struct{ until map[banklimit.Key]time.Time }

var (
	_ banklimit.Limiter     = (*Store)(nil)
	_ banklimit.TurnLimiter = (*Store)(nil)
	_ banklimit.Lockout     = (*Store)(nil)
)

// Key is the budget of the service's credential.
var Key = banklimit.NewKey("https://bank.example", "credential")

func (s *Store) Wait(ctx context.Context, key banklimit.Key) error { return nil }

func (s *Store) Take(ctx context.Context, key banklimit.Key) (func(bool), error) {
	return func(bool) {}, nil
}

func (s *Store) Remaining(ctx context.Context, key banklimit.Key) (time.Duration, error) {
	return time.Until(s.until[key]), nil
}

func (s *Store) Lock(ctx context.Context, key banklimit.Key, d time.Duration) error {
	return &banklimit.LockedOutError{Wait: d}
}
