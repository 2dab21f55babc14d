package core

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// AttemptTimeoutError reports an attempt that RetryOptions.AttemptTimeout ended while the
// call's own context was still live. It matches context.DeadlineExceeded and
// ErrTimeout with errors.Is. A safe request is tried again after it; an unsafe one
// that may have been sent is reported inside an *OutcomeUnknownError, never re-sent.
type AttemptTimeoutError struct {
	// Attempt is the 1-based number of the attempt that timed out.
	Attempt int
	// After is the per-attempt timeout in force.
	After time.Duration
	// Err is the transport's error.
	Err error
}

// Error names the attempt, the timeout and the transport's error.
func (e AttemptTimeoutError) Error() string { return redact.Sanitize(nil, e.errorText()) }

// errorText is the text of Error before redact.Sanitize.
func (e AttemptTimeoutError) errorText() string {
	return fmt.Sprintf("issuerkit: attempt %d timed out after %s: %v", e.Attempt, e.After, e.Err)
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (e AttemptTimeoutError) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, e) }

// LogValue implements slog.LogValuer: the sanitized Error text.
func (e AttemptTimeoutError) LogValue() slog.Value { return redact.ErrorLogValue(e) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (e AttemptTimeoutError) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(e) }

// Unwrap returns the transport's error.
func (e *AttemptTimeoutError) Unwrap() error { return e.Err }

// Is matches context.DeadlineExceeded and ErrTimeout.
func (e *AttemptTimeoutError) Is(target error) bool {
	return target == context.DeadlineExceeded || target == ErrTimeout
}

// Timeout reports true, as net.Error does for a timeout.
func (e *AttemptTimeoutError) Timeout() bool { return true }
