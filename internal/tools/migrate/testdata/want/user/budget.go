package user

import (
	"context"
	"time"

	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// Store is a shared core.Limiter and [core.Lockout] of 0.2.0 (a
// [core.TurnLimiter] too).
type Store struct{ until map[core.BudgetKey]time.Time }

var (
	_ core.Limiter     = (*Store)(nil)
	_ core.TurnLimiter = (*Store)(nil)
	_ core.Lockout     = (*Store)(nil)
)

// Key is the budget of the service's credential.
var Key = core.NewBudgetKey("https://bank.example", "credential")

func (s *Store) Wait(ctx context.Context, key core.BudgetKey) error { return nil }

func (s *Store) Take(ctx context.Context, key core.BudgetKey) (func(bool), error) {
	return func(bool) {}, nil
}

func (s *Store) Remaining(ctx context.Context, key core.BudgetKey) (time.Duration, error) {
	return time.Until(s.until[key]), nil
}

func (s *Store) Lock(ctx context.Context, key core.BudgetKey, d time.Duration) error {
	return &core.LockoutError{Wait: d}
}
