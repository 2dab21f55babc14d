package redisfleet

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestSlowReplyShowsAsLate: the local time of Redis's clock comes from the fastest recent
// round trip, so a reply read 200 ms after Redis sent it (a busy machine) does not move the
// turn's due time 100 ms or more later: Wait judges the turn late by the delay and takes a
// new one, instead of sending a request up to the delay after its turn on the fleet's
// schedule. (The turn was the reply's arrival plus the wait: a request of one replica landed
// about 200 ms after its turn, beside the next replica's, six in one second at the bank.)
func TestSlowReplyShowsAsLate(t *testing.T) {
	var c redisClock
	t0 := time.Now()
	const skew = 3 * time.Second // Redis's clock is 3 s ahead of the local one
	ms := float64(time.Millisecond)
	// A round trip of 1 ms: Redis read its clock in the middle.
	got := c.local(t0, t0.Add(time.Millisecond), t0.Add(500*time.Microsecond).Add(skew))
	assert.InDelta(t, 0, float64(got.Sub(t0.Add(500*time.Microsecond))), ms)
	// A round trip of 200 ms: Redis answered at once, the reply waited 200 ms to be read.
	b := t0.Add(time.Second)
	got = c.local(b, b.Add(200*time.Millisecond), b.Add(skew))
	assert.InDelta(t, 0, float64(got.Sub(b)), ms, "Redis's read placed at the sending, not at the middle (100 ms later) or the reading (200 ms)")
	// After offsetMemory without a faster round trip, the estimate is measured again.
	c2 := b.Add(offsetMemory + time.Second)
	got = c.local(c2, c2.Add(10*time.Millisecond), c2.Add(5*time.Millisecond).Add(skew+time.Second)) // Redis's clock stepped 1 s
	assert.InDelta(t, 0, float64(got.Sub(c2.Add(5*time.Millisecond))), ms)
}
