package validationtest_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/issuerkit/issuerkit-go/validation/validationtest"
)

// TestFailNextByMethodName: validationtest had no fault injection a test could aim at one call
// (only accounts seeded to fail). FailNext takes the client method (VerifyAccount, whichever
// version it speaks; HealthCheck), as the other sandboxes' does, with the same Fault; an
// unknown name is ErrUnknownOperation.
func TestFailNextByMethodName(t *testing.T) {
	srv := validationtest.NewServer(t, validationtest.WithRateLimit(0), validationtest.WithDocumentedAPI())
	inq := validation.Inquiry{SecondaryID: validationtest.SecondaryID, RoutingNumber: validationtest.RoutingNumber,
		AccountNumber: core.NewSecret(validationtest.AccountPerson)}

	require.NoError(t, srv.FailNext("VerifyAccount", 1, validationtest.Fault{Status: 400}))
	_, err := srv.Client().VerifyAccount(t.Context(), inq)
	require.ErrorIs(t, err, core.ErrBadRequest)
	_, err = srv.Client().VerifyAccount(t.Context(), inq)
	require.NoError(t, err, "the fault applied to one call only")
	assert.Len(t, srv.RequestsFor("VerifyAccount"), 2)

	require.NoError(t, srv.FailNext("HealthCheck", 1, validationtest.Fault{Status: 403}))
	_, err = srv.Client().HealthCheck(t.Context())
	require.ErrorIs(t, err, core.ErrForbidden)

	require.ErrorIs(t, srv.FailNext("verify", 1, validationtest.Fault{Status: 500}), validationtest.ErrUnknownOperation)
}
