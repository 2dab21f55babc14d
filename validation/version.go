package validation

import (
	"fmt"
	"log/slog"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// Versions of the service, for WithAPIVersion. The Inquiry and Result types are the same for
// both; only the paths and the envelope names differ.
const (
	// V1 is /accounts/validations/v1/... with the envelopes accountValidationRequest and
	// accountValidationResponse, the service's first version. The bank has announced it
	// deprecated and obsolete after Q1 2025; its published files no longer hold it.
	V1 = "v1"
	// V2 is /accounts/validations/v2/... with the envelopes accountValidationV2Request and
	// accountValidationV2Response, whose errorResponse sits beside AOAResponse: the bank's
	// published API.
	V2 = "v2"
)

// DefaultAPIVersion is the version a Client speaks unless WithAPIVersion says otherwise: V2.
//
// Why v2: the bank announced v1 as deprecated, replaced by v2, and obsolete after Q1 2025,
// advising clients to upgrade; the bank's published files hold only v2 paths, and v1 answers
// 404 there. A Client that spoke v1 by default would fail against the bank as it is today.
// A service still served v1 chooses it with WithAPIVersion(V1).
const DefaultAPIVersion = V2

// WithPublishedAPI selects the bank's API as it publishes itself today: version 2, with the
// errorResponse read beside AOAResponse (VerifyAccount also reads it inside, whatever the
// version). It is the default; the option states the choice and keeps it if the default ever
// changes. The same option exists for the sandbox (validationtest.WithPublishedAPI) and for
// the bank's list endpoints (paging.WithPublishedAPI). Version 1 stays one option away:
// WithDocumentedAPI (or WithAPIVersion(V1)); the last of the options given wins.
func WithPublishedAPI() Option { return WithAPIVersion(V2) }

// WithDocumentedAPI selects the form of the bank's design documents instead of the bank as it
// publishes itself (the default): version 1 of the service, WithAPIVersion(V1). The
// operations that differ are VerifyAccount (POST /accounts/validations/v1/verifyAccount, the
// envelopes accountValidationRequest and accountValidationResponse) and HealthCheck (GET
// /accounts/validations/v1/healthCheck); the Inquiry and Result types are the same. The bank
// has announced v1 obsolete; its published files hold only v2. The last of WithPublishedAPI,
// WithDocumentedAPI and WithAPIVersion given wins. validationtest.WithDocumentedAPI is the
// sandbox's switch, paging.WithDocumentedAPI the list endpoints'.
func WithDocumentedAPI() Option { return WithAPIVersion(V1) }

// WithAPIVersion2 selects version 2 of the service; it is WithAPIVersion(V2).
func WithAPIVersion2() Option { return WithAPIVersion(V2) }

// checkVersion reports an error for a version other than V1 and V2.
func checkVersion(v string) error {
	if v != V1 && v != V2 {
		return &UnsupportedVersionError{Version: v}
	}
	return nil
}

// UnsupportedVersionError reports a Client configured with WithAPIVersion for a version the SDK
// does not speak (only V1 and V2 exist). No request is sent.
type UnsupportedVersionError struct {
	// Version is the configured version.
	Version string
}

// Error implements error.
func (e UnsupportedVersionError) Error() string { return redact.Sanitize(nil, e.errorText()) }

// errorText is the text of Error before redact.Sanitize.
func (e UnsupportedVersionError) errorText() string {
	return "validation: unsupported API version " + e.Version + " (want v1 or v2)"
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (e UnsupportedVersionError) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, e) }

// LogValue implements slog.LogValuer: the sanitized Error text.
func (e UnsupportedVersionError) LogValue() slog.Value { return redact.ErrorLogValue(e) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (e UnsupportedVersionError) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(e) }
