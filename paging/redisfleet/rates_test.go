package redisfleet

import (
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStrictestRateWins: replicas given different Rates for one credential share one budget
// at the strictest of them: after a replica at 2.5/s took a turn, every turn is 400 ms after
// the previous, whichever replica asks (each replica used to space its own turns by its own
// rate: a 5/s replica took a turn 200 ms after the 2.5/s one, 7.5 a second between them). A
// stricter rate not asserted for RateMemory lapses: the others' rate applies again.
func TestStrictestRateWins(t *testing.T) {
	m := miniredis.RunT(t)
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	m.SetTime(now)
	fast, sleptFast := newFleet(t, m.Addr(), Options{Rate: 5})
	slow, sleptSlow := newFleet(t, m.Addr(), Options{Rate: 2.5})
	for i := range 6 {
		f := slow
		if i%2 == 1 {
			f = fast
		}
		require.NoError(t, f.Wait(t.Context(), keyA))
	}
	ms := time.Millisecond
	// The first turn one Window after the budget's state was created (issue 34).
	assert.Equal(t, []time.Duration{1000 * ms, 1800 * ms, 2600 * ms}, *sleptSlow)
	assert.Equal(t, []time.Duration{1400 * ms, 2200 * ms, 3000 * ms}, *sleptFast)

	// Later than RateMemory after the slow replica's last turn, the fast one runs at its own
	// rate.
	now = now.Add(RateMemory + 3*time.Second)
	m.SetTime(now)
	m.FastForward(RateMemory + 3*time.Second)
	*sleptFast = nil
	for range 3 {
		require.NoError(t, fast.Wait(t.Context(), keyA))
	}
	assert.Equal(t, []time.Duration{0, 200 * ms, 400 * ms}, *sleptFast)
}
