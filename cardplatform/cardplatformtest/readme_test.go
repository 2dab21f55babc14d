package cardplatformtest_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestYourCodeAgainstTheSandbox is the README's "Testing your code" snippet: a user's test
// against the in-process sandbox, with a fault injected.
func TestYourCodeAgainstTheSandbox(t *testing.T) {
	srv := cardplatformtest.NewServer(t) // in-process platform; every request checked against the spec
	// The next three GetCard calls answer 503: the client's three attempts, then your error path.
	require.NoError(t, srv.FailNext("GetCard", 3, cardplatformtest.Fault{Status: 503}))
	_, err := srv.Client().GetCard(t.Context(), "1000000000001")
	assert.ErrorIs(t, err, core.ErrServerError)
	assert.Len(t, srv.RequestsFor("GetCard"), 3)
}
