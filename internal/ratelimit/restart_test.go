package ratelimit

import (
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// worstWindow returns the most times in any one Window.
func worstWindow(at []time.Time) int {
	at = slices.Clone(at)
	slices.SortFunc(at, time.Time.Compare)
	worst := 0
	for i := range at {
		n := 0
		for _, t2 := range at[i:] {
			if t2.Sub(at[i]) < Window {
				n++
			}
		}
		worst = max(worst, n)
	}
	return worst
}

// TestFirstTurnOneWindowAfterStart: a Limiter's first turn comes one Window after its
// process started, then one interval apart; a Limiter built when that has passed grants at
// once.
func TestFirstTurnOneWindowAfterStart(t *testing.T) {
	clk := &fakeClock{now: time.Date(2025, 1, 10, 8, 0, 0, 0, time.UTC)}
	start := clk.Now()
	l := newStarting(BankRate, start, clk.Now, clk.Sleep)
	require.NoError(t, l.Wait(t.Context()))
	assert.Equal(t, Window, clk.Now().Sub(start), "the first turn")
	require.NoError(t, l.Wait(t.Context()))
	assert.Equal(t, Window+200*time.Millisecond, clk.Now().Sub(start), "the second")

	clk.now = clk.now.Add(time.Minute)
	late := newStarting(BankRate, start, clk.Now, clk.Sleep)
	before := clk.Now()
	require.NoError(t, late.Wait(t.Context()))
	assert.Equal(t, before, clk.Now(), "built a minute after the process started: at once")
}

// TestRestartsNeverAddToThePredecessor: a worker that crashes and restarts 30 times (each
// process a new Limiter, started the moment the one before it died, sending a random number
// of requests as fast as it is let) never brings a sixth request into a second, even at the
// bank's full rate and with a predecessor that sent its last request at the instant it died.
// With the first turn at once (x/time/rate's full bucket), the crash test saw 16 429s
// in 30 restarts.
func TestRestartsNeverAddToThePredecessor(t *testing.T) {
	rnd := rand.New(rand.NewPCG(34, 4))
	clk := &fakeClock{now: time.Date(2025, 1, 10, 8, 0, 0, 0, time.UTC)}
	var sent []time.Time
	for range 31 {
		l := newStarting(BankRate, clk.Now(), clk.Now, clk.Sleep)
		for range rnd.IntN(12) {
			require.NoError(t, l.Wait(t.Context()))
			sent = append(sent, clk.Now())
		}
	}
	require.Greater(t, len(sent), 100)
	assert.LessOrEqual(t, worstWindow(sent), BankRate)
}

// TestTurnsSpacedWhateverTheScheduling: callers that are delayed at any point (here inside
// the clock read, where the scheduler may stop a goroutine) still get turns one interval
// apart, sorted by time. (golang.org/x/time/rate, used before, did not: a caller delayed
// between reading the clock and reserving moved its bucket back in time, and its turn and the
// next came early by the delay.)
func TestTurnsSpacedWhateverTheScheduling(t *testing.T) {
	now := func() time.Time {
		time.Sleep(time.Duration(rand.IntN(200)) * time.Microsecond)
		return time.Now()
	}
	l := newStarting(1000, time.Now().Add(-Window), now, sleepCtx)
	var mu sync.Mutex
	var turns []time.Time
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 25 {
				turn, _, _, ok := l.reserve(time.Time{})
				assert.True(t, ok)
				mu.Lock()
				turns = append(turns, turn)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	slices.SortFunc(turns, time.Time.Compare)
	for i := 1; i < len(turns); i++ {
		assert.GreaterOrEqual(t, turns[i].Sub(turns[i-1]), time.Millisecond, "turn %d", i)
	}
}

// TestCancelGivesTheLastTurnBack: a caller whose context ends while it waits gives its turn
// back when no later turn was handed out; otherwise the later turns keep their places.
func TestCancelGivesTheLastTurnBack(t *testing.T) {
	clk := &fakeClock{now: time.Date(2025, 1, 10, 8, 0, 0, 0, time.UTC)}
	l := newWithClock(BankRate, clk.Now, clk.Sleep)
	t0, p0, _, _ := l.reserve(time.Time{})
	t1, p1, _, _ := l.reserve(time.Time{})
	l.cancel(t1, p1)
	t1b, _, _, _ := l.reserve(time.Time{})
	assert.Equal(t, t1, t1b, "the turn given back is handed out again")
	l.cancel(t0, p0) // not the last: lost
	t2, _, _, _ := l.reserve(time.Time{})
	assert.Equal(t, t1.Add(200*time.Millisecond), t2)
}
