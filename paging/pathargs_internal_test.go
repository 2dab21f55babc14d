package paging

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/ops/opstest"
)

// TestHostilePathArgumentsNeverSent calls every method of the bank list client with each of
// opstest.HostilePathArguments ("." and "..", encoded forms, separators, control characters)
// in each string path argument: every call fails with ErrInvalidArgument and no request
// reaches the server.
func TestHostilePathArgumentsNeverSent(t *testing.T) {
	n := opstest.RefuseHostilePathArguments(t, operations, ErrInvalidArgument, func(base string) any {
		c, err := New(base, WithStaticToken("tok"))
		require.NoError(t, err)
		return c
	})
	assert.Equal(t, 3, n, "the accountId of the commercial account reporting reads (list has none): one added to the spec is tried here")
}
