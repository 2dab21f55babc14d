package ratelimit

import (
	"context"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestBudgetsStrictestWins: one Limiter per Key whatever the rates asked, running at the lowest
// rate asked, in either order; another Key, or another Budgets, is another budget.
func TestBudgetsStrictestWins(t *testing.T) {
	k1, k2 := core.NewBudgetKey("https://bank", "a"), core.NewBudgetKey("https://bank", "b")
	for _, rates := range [][]float64{{4.5, 2.25}, {2.25, 4.5}, {2.25, 2.25}} {
		b := NewBudgets()
		l1, err := b.Limiter(k1, rates[0])
		if err != nil {
			t.Fatal(err)
		}
		l2, err := b.Limiter(k1, rates[1])
		if err != nil {
			t.Fatal(err)
		}
		if l1 != l2 {
			t.Errorf("%v: two limiters for one key", rates)
		}
		if got := b.Rate(k1); got != 2.25 {
			t.Errorf("%v: rate %v, want the strictest, 2.25", rates, got)
		}
		if _, err := b.Limiter(k2, 4.5); err != nil || b.Rate(k2) != 4.5 {
			t.Errorf("%v: another key: rate %v, err %v, want 4.5 of its own", rates, b.Rate(k2), err)
		}
		if NewBudgets().Rate(k1) != 0 {
			t.Errorf("a new Budgets knows key 1")
		}
	}
	if _, err := NewBudgets().Limiter(k1, 0); err == nil {
		t.Error("rate 0: no error")
	}
}

// TestBudgetsShareOneBucket: two clients' limiters of one key take turns from one bucket: the
// second Wait right after the first waits for the turn.
func TestBudgetsShareOneBucket(t *testing.T) {
	b := NewBudgets()
	k := core.NewBudgetKey("https://bank", "a")
	l1, _ := b.Limiter(k, 4.5)
	l2, _ := b.Limiter(k, 10) // looser: the key keeps 4.5
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if err := l1.Wait(ctx, k); err != nil {
		t.Fatal(err)
	}
	// The next turn is 222 ms away: past the 100 ms deadline, so it fails at once.
	if err := l2.Wait(ctx, k); err == nil {
		t.Error("the second client got a turn at once: not one bucket")
	}
	b.Lockout().Lock(ctx, k, time.Minute)
	if d, _ := Process().Lockout().Remaining(ctx, k); d != 0 {
		t.Errorf("a private Budgets' lock-out reached the process's: %v", d)
	}
}

// TestBudgetsForget: Forget drops the limiters and lock-outs of the keys tracked at an origin,
// and only those.
func TestBudgetsForget(t *testing.T) {
	b := NewBudgets()
	ctx := context.Background()
	k1, k2 := core.NewBudgetKey("http://127.0.0.1:1", "t"), core.NewBudgetKey("http://127.0.0.1:2", "t")
	for _, k := range []core.BudgetKey{k1, k2} {
		if _, err := b.Limiter(k, 1); err != nil {
			t.Fatal(err)
		}
		_ = b.Lockout().Lock(ctx, k, time.Minute)
	}
	b.Track("http://127.0.0.1:1", k1)
	b.Track("http://127.0.0.1:2", k2)
	b.Forget("http://127.0.0.1:1")
	if d, _ := b.Lockout().Remaining(ctx, k1); d != 0 || b.Rate(k1) != 0 {
		t.Errorf("forgotten origin: lock-out %v, rate %v", d, b.Rate(k1))
	}
	if d, _ := b.Lockout().Remaining(ctx, k2); d == 0 || b.Rate(k2) != 1 {
		t.Errorf("other origin: lock-out %v, rate %v, want kept", d, b.Rate(k2))
	}
}
