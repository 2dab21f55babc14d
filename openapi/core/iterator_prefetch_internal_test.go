package core

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestAutoPrefetchDepth: the depth follows the latency observed (the largest of the latest
// samples), so that the budget, not the latency, sets the pace.
func TestAutoPrefetchDepth(t *testing.T) {
	var l latencies
	assert.Equal(t, 0, l.depth(), "nothing observed: the first page goes alone")
	for _, tt := range []struct {
		lat  time.Duration
		want int
	}{{time.Millisecond, 1}, {50 * time.Millisecond, 1}, {100 * time.Millisecond, 1}, {300 * time.Millisecond, 3},
		{time.Second, 8}, {time.Hour, MaxAutoPrefetch}} {
		var l latencies
		l.observe(tt.lat)
		assert.Equal(t, tt.want, l.depth(), "%v", tt.lat)
	}
	for range latencySamples - 1 { // a slow page counts until latencySamples faster ones follow
		l.observe(time.Second)
	}
	l.observe(10 * time.Millisecond)
	assert.Equal(t, 8, l.depth())
	l.observe(10 * time.Millisecond)
	l.observe(10 * time.Millisecond)
	l.observe(10 * time.Millisecond)
	assert.Equal(t, 1, l.depth())
}
