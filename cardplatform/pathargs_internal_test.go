package cardplatform

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/ops/opstest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestHostilePathArgumentsNeverSent calls every method of the card platform with each of
// opstest.HostilePathArguments ("." and "..", encoded forms, separators, control characters)
// in each string path argument: every call fails with ErrInvalidArgument and no request
// reaches the server.
func TestHostilePathArgumentsNeverSent(t *testing.T) {
	n := opstest.RefuseHostilePathArguments(t, operations, core.ErrInvalidArgument, func(base string) any {
		c, err := New(base, core.WithStaticToken("tok"))
		require.NoError(t, err)
		return c
	})
	assert.Positive(t, n, "the card platform has string path arguments (card proxies)")
}
