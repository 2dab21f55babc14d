package ratelimit

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLateAnswerHoldsTheWindow: a request answered 300 ms after its write (the bank, or a
// sandbox on a busy machine, may have counted it that late) holds back the request K turns
// later (K = 5 at the bank's rate) until one Window after that answer, less the fastest round
// trip seen (2 ms): spacing the writes alone would let it go at 1.1 s, 800 ms after the answer,
// and the bank could count six requests in one second.
func TestLateAnswerHoldsTheWindow(t *testing.T) {
	clk := &fakeClock{now: time.Date(2025, 1, 10, 8, 0, 0, 0, time.UTC)}
	l := newWithClock(BankRate, clk.Now, clk.Sleep)
	t0 := clk.Now()
	var turns []time.Duration
	for i := range 6 {
		turn, err := l.Take(t.Context())
		require.NoError(t, err)
		turns = append(turns, clk.Now().Sub(t0))
		turn.Sent()
		if i == 0 {
			clk.now = clk.now.Add(300 * time.Millisecond)
		} else {
			clk.now = clk.now.Add(2 * time.Millisecond)
		}
		turn.Answered()
		turn.Answered() // once
	}
	ms := time.Millisecond
	assert.Equal(t, []time.Duration{0, 300 * ms, 500 * ms, 700 * ms, 900 * ms, 1298 * ms}, turns)
}

// TestUnansweredHoldsTheWindow: while the request K turns back has no answer, the next turn
// waits for it (at most one Window after its write); it then comes one Window after the answer,
// less the fastest round trip. Without an answer by then, the request counts as counted one
// Window after its write. Real clock: the bounds are lower bounds, which load cannot break.
func TestUnansweredHoldsTheWindow(t *testing.T) {
	l := newStarting(BankRate, time.Now().Add(-Window), time.Now, sleepCtx)
	first, err := l.Take(t.Context())
	require.NoError(t, err)
	wrote := time.Now() // before the limiter's record of the write
	first.Sent()
	for range 4 {
		turn, err := l.Take(t.Context())
		require.NoError(t, err)
		turn.Sent()
		turn.Answered()
	}
	answered := make(chan time.Time, 1)
	// Answered 900 ms after its write, while the sixth waits (its spacing allows it at 1 s).
	time.AfterFunc(time.Until(wrote.Add(900*time.Millisecond)), func() { answered <- time.Now(); first.Answered() })
	sixth, err := l.Take(t.Context())
	require.NoError(t, err)
	got := time.Now()
	sixth.Unused()
	l.mu.Lock()
	fastest := l.fastest()
	l.mu.Unlock()
	// Answered by its cap (one Window after its write) if a loaded machine fired the answer later.
	counted := <-answered
	if cap := wrote.Add(Window); cap.Before(counted) {
		counted = cap
	}
	assert.GreaterOrEqual(t, got.Sub(counted), Window-fastest, "one Window after the answer, less the fastest round trip")

	// Unanswered for good: it counts one Window after its write, and the turn K later comes a
	// Window after that.
	l = newStarting(1, time.Now().Add(-Window), time.Now, sleepCtx) // K = 1
	lost, err := l.Take(t.Context())
	require.NoError(t, err)
	wrote = time.Now() // before the limiter's record of the write
	lost.Sent()
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	next, err := l.Take(ctx)
	require.NoError(t, err)
	next.Unused()
	assert.GreaterOrEqual(t, time.Since(wrote), 2*Window)
}
