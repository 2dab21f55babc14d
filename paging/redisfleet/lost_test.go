package redisfleet

import (
	"context"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLostStateWaitsAWindow: when Redis loses the budget's keys (FLUSHALL, a restart, a
// failover) while a caller sleeps towards its turn, the turn is void: the caller sees the new
// epoch shortly before it and takes a turn of the new state, which comes one Window after the
// loss was seen, and so do the turns after it. The schedule used to restart at "now": the
// bank saw 6 requests in one second.
func TestLostStateWaitsAWindow(t *testing.T) {
	m := miniredis.RunT(t)
	m.SetTime(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	f, slept := newFleet(t, m.Addr(), Options{Rate: 5})
	for range 3 {
		require.NoError(t, f.Wait(t.Context(), keyA))
	}
	flushed := false
	f.sleep = func(ctx context.Context, _ time.Duration) error {
		if !flushed {
			flushed = true
			m.FlushAll()
		}
		return ctx.Err()
	}
	require.NoError(t, f.Wait(t.Context(), keyA))
	require.NoError(t, f.Wait(t.Context(), keyA))
	ms := time.Millisecond
	assert.Equal(t, []time.Duration{1000 * ms, 1200 * ms, 1400 * ms, 1600 * ms, Window, Window + 200*ms}, *slept,
		"the turn at 1.6 s, reserved before the loss, is void: the next comes one Window after it")

	// A turn of the old epoch is reported void; the new epoch's turns are valid.
	_, _, epoch, err := f.reserve(t.Context(), keyA, time.Time{})
	require.NoError(t, err)
	_, valid, err := f.check(t.Context(), keyA, epoch)
	require.NoError(t, err)
	assert.True(t, valid)
	m.FlushAll()
	_, valid, err = f.check(t.Context(), keyA, epoch)
	require.NoError(t, err)
	assert.False(t, valid, "after the loss")
}
