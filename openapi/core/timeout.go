package core

import (
	"context"
	"fmt"
	"time"
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
func (e *TimeoutError) Error() string {
	what := fmt.Sprintf("issuerkit: the call exceeded its %s time limit", e.Limit)
	if e.Idle {
		what = fmt.Sprintf("issuerkit: no byte of the download arrived for %s (idle timeout)", e.Limit)
	}
	if e.Err == nil {
		return what
	}
	return what + ": " + e.Err.Error()
}

// Unwrap returns the failure the limit caused.
func (e *TimeoutError) Unwrap() error { return e.Err }

// Is reports whether target is ErrTimeout or context.DeadlineExceeded.
func (e *TimeoutError) Is(target error) bool {
	return target == ErrTimeout || target == context.DeadlineExceeded
}

// Timeout reports true, as net.Error does for timeouts.
func (e *TimeoutError) Timeout() bool { return true }
