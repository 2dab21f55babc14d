package apierror

import (
	"github.com/issuerkit/issuerkit-go/internal/corelink"
	"github.com/issuerkit/issuerkit-go/internal/redact"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// ErrOutcomeUnknown matches an *OutcomeUnknownError with errors.Is (core.ErrOutcomeUnknown).
var ErrOutcomeUnknown = core.ErrOutcomeUnknown

// OutcomeUnknownError reports that a request which must not be repeated failed after it may
// have reached the server: core.OutcomeUnknownError.
type OutcomeUnknownError = core.OutcomeUnknownError

// NewOutcomeUnknown returns the *OutcomeUnknownError of a call, whose texts are masked again
// with red, the call's redactor, when rendered (so that the call's identifiers stay readable:
// redact.Redactor.WithPlain). url must already be redacted.
func NewOutcomeUnknown(method, url, correlationID string, attempts int, err error, red *redact.Redactor) *OutcomeUnknownError {
	var m corelink.Masker
	if red != nil {
		m = red
	}
	return corelink.NewOutcomeUnknown(method, url, correlationID, attempts, err, m).(*OutcomeUnknownError)
}
