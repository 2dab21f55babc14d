package sendgate

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestCloseOrPass: a Gate either lets requests pass (then Close fails: they are on their way)
// or is closed (then nothing passes), never both, however the two race.
func TestCloseOrPass(t *testing.T) {
	assert.True(t, Pass(context.Background()), "no gate: sent")

	var g Gate
	ctx := With(context.Background(), &g)
	assert.True(t, Pass(ctx))
	assert.True(t, Pass(ctx), "a retry of a request that passed passes")
	assert.False(t, g.Close())

	var h Gate
	ctx = With(context.Background(), &h)
	assert.True(t, h.Close())
	assert.True(t, h.Close())
	assert.False(t, Pass(ctx))

	for range 1000 {
		var g Gate
		ctx := With(context.Background(), &g)
		var passed, closed bool
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); passed = Pass(ctx) }()
		go func() { defer wg.Done(); closed = g.Close() }()
		wg.Wait()
		assert.NotEqual(t, passed, closed, "exactly one of them wins")
	}
}
