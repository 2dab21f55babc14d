package validation

import (
	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// The versions of the service. The Inquiry and Result types are the same for both; only the
// paths and the envelope names differ.
const (
	// v1 is /accounts/validations/v1/... with the envelopes accountValidationRequest and
	// accountValidationResponse, the service's first version and the form of the bank's design
	// documents (WithDocumentedAPI). The bank has announced it deprecated and obsolete after Q1
	// 2025; its published files no longer hold it.
	v1 = "v1"
	// v2 is /accounts/validations/v2/... with the envelopes accountValidationV2Request and
	// accountValidationV2Response, whose errorResponse sits beside AOAResponse: the bank's
	// published API, the default.
	v2 = "v2"
)

// defaultAPIVersion is the version a Client speaks without WithDocumentedAPI: v2, the bank's
// published API. The bank announced v1 as deprecated, replaced by v2, and obsolete after Q1
// 2025; its published files hold only v2 paths, and v1 answers 404 there.
const defaultAPIVersion = v2

// WithDocumentedAPI selects the form of the bank's design documents instead of the bank as it
// publishes itself (the default): version 1 of the service. The operations that differ are
// VerifyAccount (POST /accounts/validations/v1/verifyAccount, the envelopes
// accountValidationRequest and accountValidationResponse) and HealthCheck (GET
// /accounts/validations/v1/healthCheck); the Inquiry and Result types are the same. The bank
// has announced v1 obsolete; its published files hold only v2. validationtest.WithDocumentedAPI
// is the sandbox's switch, paging.WithDocumentedAPI the list endpoints'.
func WithDocumentedAPI() core.Option {
	return sdkclient.Own("validation", "WithDocumentedAPI", sdkclient.WithAPIVersion(v1))
}
