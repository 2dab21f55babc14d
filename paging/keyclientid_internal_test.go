package paging

import (
	"slices"
	"testing"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestKeyClientIDOnEveryOperationThatRequiresIt: WithKeyClientID reaches every operation of the
// table whose spec requires the KeyClientId header, and no other: the list of those
// operations is the spec's (ops.Operation.RequiredHeaders), not a hand list beside it.
func TestKeyClientIDOnEveryOperationThatRequiresIt(t *testing.T) {
	c, err := New("https://bank.example", core.WithStaticToken("t"), WithKeyClientID("0123456789abcdef0123456789abcdef"))
	require.NoError(t, err)
	n := 0
	for op := range operations.All() {
		requires := slices.Contains(op.RequiredHeaders, "KeyClientId")
		got := c.core.OpHeaders[op.ID].Get("KeyClientId")
		if requires {
			n++
			assert.Equal(t, "0123456789abcdef0123456789abcdef", got, "%s requires KeyClientId", op.ID)
		} else {
			assert.Empty(t, got, "%s does not take KeyClientId", op.ID)
		}
	}
	assert.Positive(t, n, "the spec has operations that require KeyClientId")
}
