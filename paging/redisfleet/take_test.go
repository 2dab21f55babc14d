package redisfleet

import (
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTakeSpacedFromTheWrite: within a replica, Take hands out one turn at a time, and the
// turn after a request written late comes one interval after the write, not one interval
// after the turn before (Redis's clock follows the real one here; the sleeps are real).
// Delays only widen the gaps: the bounds asserted are lower bounds, which load cannot break.
func TestTakeSpacedFromTheWrite(t *testing.T) {
	m := miniredis.RunT(t)
	f, _ := newFleet(t, m.Addr(), Options{Rate: 5}) // interval 200 ms
	f.sleep = sleepCtx
	done, err := f.Take(t.Context(), keyA) // the budget's first turn: one Window from now
	require.NoError(t, err)

	second := make(chan time.Time)
	go func() {
		done2, err := f.Take(t.Context(), keyA)
		assert.NoError(t, err)
		second <- time.Now()
		if err == nil {
			done2(false)
		}
	}()
	// The request is written 150 ms after its turn; the next turn, 200 ms after its turn in
	// Redis, must wait for the write and come 200 ms after it.
	select {
	case <-second:
		t.Fatal("a second turn while the replica's first is outstanding")
	case <-time.After(150 * time.Millisecond):
	}
	wrote := time.Now()
	done(true)
	assert.GreaterOrEqual(t, (<-second).Sub(wrote), f.interval, "one interval after the write")

	// A turn given back unused does not move the schedule, and done is idempotent.
	done(true)
	done3, err := f.Take(t.Context(), keyA)
	require.NoError(t, err)
	done3(false)
	done3(true)
}
