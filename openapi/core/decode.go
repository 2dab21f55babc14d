package core

import (
	"errors"
	"fmt"
	"log/slog"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// DecodeError reports a 2xx response whose body is not the JSON the spec describes.
type DecodeError struct {
	// StatusCode is the HTTP status of the response.
	StatusCode int
	// CorrelationID is the X-CorrelationId of the call.
	CorrelationID string
	// Err is the decoding error.
	Err error
}

// Error implements error.
func (e DecodeError) Error() string { return redact.Sanitize(nil, e.errorText()) }

// errorText is the text of Error before redact.Sanitize.
func (e DecodeError) errorText() string {
	return fmt.Sprintf("issuerkit: decoding the %d response (correlation id %s): %v", e.StatusCode, e.CorrelationID, e.Err)
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (e DecodeError) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, e) }

// LogValue implements slog.LogValuer: the sanitized Error text.
func (e DecodeError) LogValue() slog.Value { return redact.ErrorLogValue(e) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (e DecodeError) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(e) }

// Unwrap returns the JSON error.
func (e *DecodeError) Unwrap() error { return e.Err }

// ErrTooManyItems is the cause (errors.Is) of the *DecodeError of a page or list answer that
// holds more items than the request asked for (its page size or row window), or than the
// operation's documented maximum for a call that names no size. The decoder counts the items
// as it goes and stops at the first one beyond the bound, before building it, so such an
// answer costs no more than the items asked for.
var ErrTooManyItems = errors.New("issuerkit: more items than the request asked for")
