package core

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// TimeoutError reports a call that the SDK's own time limit ended: the whole-call ceiling
// (WithTimeout, or the call's own option) or, for a streamed download, the idle timeout. It
// matches ErrTimeout and context.DeadlineExceeded with errors.Is. For an operation
// that is not retry-safe it sits inside an *OutcomeUnknownError whenever the request
// may have reached the server.
type TimeoutError struct {
	// Limit is the limit that ran out.
	Limit time.Duration
	// Idle is set when no byte of a streamed download arrived for Limit; unset for the
	// whole-call ceiling.
	Idle bool
	// Err is the failure the limit caused (a transport or read error).
	Err error
}

// Error says which limit ran out.
func (e TimeoutError) Error() string { return redact.Sanitize(nil, e.errorText()) }

// errorText is the text of Error before redact.Sanitize.
func (e TimeoutError) errorText() string {
	what := fmt.Sprintf("issuerkit: the call exceeded its %s time limit", e.Limit)
	if e.Idle {
		what = fmt.Sprintf("issuerkit: no byte of the download arrived for %s (idle timeout)", e.Limit)
	}
	if e.Err == nil {
		return what
	}
	return what + ": " + e.Err.Error()
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (e TimeoutError) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, e) }

// LogValue implements slog.LogValuer: the sanitized Error text.
func (e TimeoutError) LogValue() slog.Value { return redact.ErrorLogValue(e) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (e TimeoutError) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(e) }

// Unwrap returns the failure the limit caused.
func (e *TimeoutError) Unwrap() error { return e.Err }

// Is reports whether target is ErrTimeout or context.DeadlineExceeded.
func (e *TimeoutError) Is(target error) bool {
	return target == ErrTimeout || target == context.DeadlineExceeded
}

// Timeout reports true, as net.Error does for timeouts.
func (e *TimeoutError) Timeout() bool { return true }

// DefaultTimeout is the whole-call ceiling of a call whose answer is decoded (every call but a
// streamed download), when neither WithTimeout nor the call's own option sets one. A call
// ends at this ceiling or at its context's deadline, whichever comes first, so a server that
// trickles its answer a byte at a time cannot hold a caller whose context has no deadline.
const DefaultTimeout = 60 * time.Second

// DefaultIdleTimeout is how long a streamed download may go without receiving a byte, when
// WithIdleTimeout does not say. A download has no whole-call ceiling: a large file is never
// cut off while bytes flow.
const DefaultIdleTimeout = 60 * time.Second
