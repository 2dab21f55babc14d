package transport

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
)

// AttemptTimeoutError reports an attempt that RetryOptions.AttemptTimeout ended while the
// call's own context was still live. It matches context.DeadlineExceeded and
// apierror.ErrTimeout with errors.Is. A safe request is tried again after it; an unsafe one
// that may have been sent is reported inside an *apierror.OutcomeUnknownError, never re-sent.
type AttemptTimeoutError struct {
	// Attempt is the 1-based number of the attempt that timed out.
	Attempt int
	// After is the per-attempt timeout in force.
	After time.Duration
	// Err is the transport's error.
	Err error
}

// Error names the attempt, the timeout and the transport's error.
func (e *AttemptTimeoutError) Error() string {
	return fmt.Sprintf("issuerkit: attempt %d timed out after %s: %v", e.Attempt, e.After, e.Err)
}

// Unwrap returns the transport's error.
func (e *AttemptTimeoutError) Unwrap() error { return e.Err }

// Is matches context.DeadlineExceeded and apierror.ErrTimeout.
func (e *AttemptTimeoutError) Is(target error) bool {
	return target == context.DeadlineExceeded || target == apierror.ErrTimeout
}

// Timeout reports true, as net.Error does for a timeout.
func (e *AttemptTimeoutError) Timeout() bool { return true }

// attemptRequest returns r bounded by the attempt timeout d (0: r itself) and the function
// that releases the timer (nil when there is none); release must be called once the attempt is over, or handed to the
// success body (releaseOnClose).
func attemptRequest(r *http.Request, d time.Duration) (*http.Request, context.CancelFunc) {
	if d <= 0 {
		return r, nil
	}
	ctx, cancel := context.WithTimeout(r.Context(), d)
	return r.WithContext(ctx), cancel
}

// attemptTimedOut wraps err when the attempt's own timeout ended it while the call's context
// is live.
func attemptTimedOut(err error, call context.Context, r *http.Request, attempt int, d time.Duration) error {
	if err == nil || d <= 0 || call.Err() != nil || r.Context().Err() != context.DeadlineExceeded {
		return err
	}
	return &AttemptTimeoutError{Attempt: attempt, After: d, Err: err}
}

// releaseOnClose makes the body of a successful attempt release the attempt's timer when it
// is closed: the attempt timeout covers reading the body too.
func releaseOnClose(resp *http.Response, release context.CancelFunc) {
	if release == nil {
		return
	}
	resp.Body = &releasingBody{ReadCloser: resp.Body, release: release}
}

type releasingBody struct {
	io.ReadCloser
	release context.CancelFunc
	once    sync.Once
}

func (b *releasingBody) Close() error {
	err := b.ReadCloser.Close()
	b.once.Do(b.release)
	return err
}

// DefaultRetryStatusCodes are the statuses after which a safe request is sent again when
// RetryOptions.StatusCodes is nil.
var DefaultRetryStatusCodes = []int{
	http.StatusRequestTimeout, http.StatusTooManyRequests, http.StatusInternalServerError,
	http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout,
}

// retryableFor reports whether status is retryable for a safe request under codes (nil: the
// defaults).
func retryableFor(codes []int, status int) bool {
	if codes == nil {
		return retryableStatus(status)
	}
	return slices.Contains(codes, status)
}
