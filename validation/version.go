package validation

// Versions of the service, for WithAPIVersion. The Inquiry and Result types are the same for
// both; only the paths and the envelope names differ.
const (
	// V1 is /accounts/validations/v1/... with the envelopes accountValidationRequest and
	// accountValidationResponse. The bank has announced it as deprecated.
	V1 = "v1"
	// V2 is /accounts/validations/v2/... with the envelopes accountValidationV2Request and
	// accountValidationV2Response.
	V2 = "v2"
)

// DefaultAPIVersion is the version a Client speaks unless WithAPIVersion says otherwise. It
// stays V1 until the next major release of the SDK; switch with WithAPIVersion(V2).
const DefaultAPIVersion = V1

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
func (e *UnsupportedVersionError) Error() string {
	return "validation: unsupported API version " + e.Version + " (want v1 or v2)"
}
