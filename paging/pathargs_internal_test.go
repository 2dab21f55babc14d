package paging

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/ops/opstest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestHostilePathArgumentsNeverSent calls every method of the bank list client with each of
// opstest.HostilePathArguments ("." and "..", encoded forms, separators, control characters)
// in each string path argument: every call fails with ErrInvalidArgument and no request
// reaches the server.
func TestHostilePathArgumentsNeverSent(t *testing.T) {
	n := opstest.RefuseHostilePathArguments(t, operations, core.ErrInvalidArgument, func(base string) any {
		c, err := New(base, core.WithStaticToken("tok"))
		require.NoError(t, err)
		return c
	})
	// Every path parameter of the bank's lists is a string: each one of the spec is tried (the
	// count comes from the table, not from prose; a typed one would be left out of n).
	params := 0
	for op := range operations.All() {
		params += strings.Count(op.Path, "{") - strings.Count(op.Path, "{version}")
	}
	assert.Positive(t, params, "the commercial account reporting reads take an accountId")
	assert.Equal(t, params, n, "every string path argument of the spec is tried")
}
