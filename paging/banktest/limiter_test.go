package banktest_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/issuerkit/issuerkit-go/validation/validationtest"
)

// store is a user's shared store of permits and lock-outs (a core.Limiter and a core.Lockout),
// as a Redis would be: it records the keys it is asked about, and can be down.
type store struct {
	mu      sync.Mutex
	keys    map[core.BudgetKey]int
	locked  map[core.BudgetKey]time.Duration
	down    error
	permits int
}

func (s *store) Wait(_ context.Context, key core.BudgetKey) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.down != nil {
		return s.down
	}
	if s.keys == nil {
		s.keys = map[core.BudgetKey]int{}
	}
	s.keys[key]++
	s.permits++
	return nil
}

func (s *store) Remaining(_ context.Context, key core.BudgetKey) (time.Duration, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.down != nil {
		return 0, s.down
	}
	return s.locked[key], nil
}

func (s *store) Lock(_ context.Context, key core.BudgetKey, d time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.locked == nil {
		s.locked = map[core.BudgetKey]time.Duration{}
	}
	s.locked[key] = max(s.locked[key], d)
	return nil
}

// TestExternalLimiterAndLockout: clients given a shared limiter and lock-out ask it before
// every attempt under the key of their credential (the same for both clients, and not the
// token); a 429 is recorded there and refuses the other client; a store that is down refuses
// the request as not sent (ErrRateLimited and the store's error), never an outcome unknown.
func TestExternalLimiterAndLockout(t *testing.T) {
	b := newBank(t)
	s := &store{}
	tok := validationtest.Token
	v, err := validation.New(b.URL, core.WithStaticToken(tok), validation.WithLimiter(s), validation.WithLockout(s))
	require.NoError(t, err)
	p, err := paging.New(b.URL, paging.WithDocumentedAPI(), core.WithStaticToken(tok), paging.WithLimiter(s), paging.WithLockout(s))
	require.NoError(t, err)

	_, err = v.VerifyAccount(t.Context(), inquiry)
	require.NoError(t, err)
	_, err = p.ListPreviousDayTransactions(t.Context(), paging.ListPreviousDayTransactionsRequest{Body: pdReq()})
	require.NoError(t, err)
	require.Len(t, s.keys, 1, "one key for both clients")
	for k, n := range s.keys {
		assert.Equal(t, 2, n)
		assert.Len(t, string(k), 64)
		assert.NotContains(t, string(k), tok)
		assert.Equal(t, core.NewBudgetKey(strings.ToLower(b.URL), "token:"+tok), k)
	}

	fail429(t, b, "VerifyAccount")
	_, err = v.VerifyAccount(t.Context(), inquiry)
	require.ErrorIs(t, err, core.ErrRateLimited)
	for _, d := range s.locked {
		assert.Equal(t, 2*time.Minute, d, "the bank's two minutes, recorded in the store")
	}
	_, err = p.ListPreviousDayTransactions(t.Context(), paging.ListPreviousDayTransactionsRequest{Body: pdReq()})
	var le *core.LockoutError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, 2*time.Minute, le.Wait)
	assert.Len(t, b.Arrivals(), 3)

	s.locked = nil
	s.down = errors.New("store: connection refused")
	_, err = p.ListPreviousDayTransactions(t.Context(), paging.ListPreviousDayTransactionsRequest{Body: pdReq()})
	require.ErrorIs(t, err, core.ErrRateLimited)
	assert.ErrorIs(t, err, s.down)
	assert.NotErrorIs(t, err, core.ErrOutcomeUnknown)
	assert.Len(t, b.Arrivals(), 3, "not sent without a permit")
}

// TestLimiterWithRateLimit: WithLimiter sets the rate; WithRateLimit beside it is refused.
func TestLimiterWithRateLimit(t *testing.T) {
	_, err := paging.New("https://bank.example", paging.WithLimiter(&store{}), paging.WithRateLimit(2))
	assert.Error(t, err)
	_, err = validation.New("https://bank.example", validation.WithLimiter(nil))
	assert.Error(t, err)
}
