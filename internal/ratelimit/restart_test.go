package ratelimit

import (
	"context"
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

// TestWritesSpacedWhateverTheScheduling: callers delayed at random between their turn and
// their write (a loaded machine: the scheduler, a connection being dialled, net/http's write
// goroutine) still write one interval apart at least, sorted by time: the next turn is
// spaced from the write seen, not from the turn before. No timing bound can fail under load
// here: delays only widen the gaps.
func TestWritesSpacedWhateverTheScheduling(t *testing.T) {
	l := newStarting(100, time.Now().Add(-Window), time.Now, sleepCtx) // interval 10 ms
	var mu sync.Mutex
	var writes []time.Time
	var wg sync.WaitGroup
	for g := range 4 {
		rnd := rand.New(rand.NewPCG(uint64(g), 34))
		wg.Go(func() {
			for range 10 {
				turn, err := l.Take(t.Context())
				if !assert.NoError(t, err) {
					return
				}
				time.Sleep(time.Duration(rnd.IntN(25)) * time.Millisecond) // delayed before the write
				mu.Lock()
				writes = append(writes, time.Now())
				mu.Unlock()
				turn.Sent()
			}
		})
	}
	wg.Wait()
	require.Len(t, writes, 40)
	slices.SortFunc(writes, time.Time.Compare)
	for i := 1; i < len(writes); i++ {
		assert.GreaterOrEqual(t, writes[i].Sub(writes[i-1]), 10*time.Millisecond, "write %d", i)
	}
}

// TestNextTurnFromTheWrite: the turn after a request written late comes one interval after
// the write, not after the turn; a turn given back unused goes to the next caller unchanged.
func TestNextTurnFromTheWrite(t *testing.T) {
	clk := &fakeClock{now: time.Date(2025, 1, 10, 8, 0, 0, 0, time.UTC)}
	l := newWithClock(BankRate, clk.Now, clk.Sleep)
	start := clk.Now()
	t1, err := l.Take(t.Context())
	require.NoError(t, err)
	assert.Equal(t, start, clk.Now(), "the first turn at once")
	clk.now = clk.now.Add(150 * time.Millisecond) // written 150 ms after its turn
	t1.Sent()
	t1.Sent() // a second end changes nothing
	t2, err := l.Take(t.Context())
	require.NoError(t, err)
	assert.Equal(t, 350*time.Millisecond, clk.Now().Sub(start), "one interval after the write")
	t2.Unused()
	t3, err := l.Take(t.Context())
	require.NoError(t, err)
	assert.Equal(t, 350*time.Millisecond, clk.Now().Sub(start), "the unused turn, again")
	t3.Sent()
	require.NoError(t, l.Wait(t.Context()))
	assert.Equal(t, 550*time.Millisecond, clk.Now().Sub(start))
}

// TestOneTurnOutstanding: while a turn is held (its request not yet seen written), the next
// caller waits, however long that takes; it gets its turn one interval after the write. A
// caller cancelled while it waits in line leaves it.
func TestOneTurnOutstanding(t *testing.T) {
	l := newStarting(1000, time.Now().Add(-Window), time.Now, sleepCtx)
	held, err := l.Take(t.Context())
	require.NoError(t, err)

	ctx, cancel := context.WithCancel(t.Context())
	cancelled := make(chan error)
	go func() { _, err := l.Take(ctx); cancelled <- err }()
	got := make(chan time.Time)
	go func() {
		turn, err := l.Take(t.Context())
		assert.NoError(t, err)
		got <- time.Now()
		turn.Sent()
	}()
	select {
	case <-got:
		t.Fatal("a second turn while the first is held")
	case <-time.After(100 * time.Millisecond): // far more than the 1 ms interval
	}
	cancel()
	assert.ErrorIs(t, <-cancelled, context.Canceled)
	wrote := time.Now()
	held.Sent()
	assert.GreaterOrEqual(t, (<-got).Sub(wrote), time.Millisecond)
}
