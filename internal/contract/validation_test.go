package contract_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/openapi"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/issuerkit/issuerkit-go/validation/validationtest"
)

// TestValidationContract calls every operation of validation.yaml (v1 and v2).
func TestValidationContract(t *testing.T) {
	base := baseURL(t, envValidation)
	t.Parallel()
	mode, n := settings(t, "VALIDATION")
	hc, rec := httpClient()
	ops := validationOps(t, base, hc)
	coverage(t, openapi.Validation, ops, nil)
	run(t, rec, ops, n, func(err error) bool {
		// A 200 with another errorCode, or with a fault, is a decoded answer.
		var re *validation.ResultError
		var fe *validation.FaultError
		var ae *core.Error
		return errors.As(err, &re) || errors.As(err, &fe) || (mode == "proxy" && errors.As(err, &ae))
	})
}

// validationOps returns the calls of every operation of validation.yaml, v1 and v2, through
// clients of base that send with hc.
func validationOps(t *testing.T, base string, hc *http.Client) []op {
	opts := []core.Option{core.WithStaticToken(validationtest.Token), core.WithHTTPClient(hc), validation.WithRateLimit(0)}
	v1, err := validation.New(base, append(opts, validation.WithDocumentedAPI())...)
	require.NoError(t, err)
	v2, err := validation.New(base, opts...)
	require.NoError(t, err)
	inq := validation.Inquiry{SecondaryID: validationtest.SecondaryID, RoutingNumber: validationtest.RoutingNumber,
		AccountNumber: core.NewSecret(validationtest.AccountPerson), Amount: "125.50",
		AcctOwner: validation.AcctOwner{FirstName: "Pat", LastName: "Lee", City: "Springfield", ZipCode: "45501-1234", DOB: core.NewSecret("19800131")},
		Client:    validation.ClientRecord{ClientDate: "2024-05-01", ClientTime: "10:20:30", UserDefined: "contract"}}
	return []op{
		{"checkHealth", func(ctx context.Context) error { _, err := v1.HealthCheck(ctx); return err }},
		{"verifyAccount", func(ctx context.Context) error { _, err := v1.VerifyAccount(ctx, inq); return err }},
		{"checkHealthV2", func(ctx context.Context) error { _, err := v2.HealthCheck(ctx); return err }},
		{"verifyAccountV2", func(ctx context.Context) error { _, err := v2.VerifyAccount(ctx, inq); return err }},
	}
}
