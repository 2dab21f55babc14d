package sdkclient

import (
	"errors"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"net/http"
)

// with429 sets whether a 429 is final (Options.No429Retry) and returns p.
func (p *retryPolicy) with429(final bool) *retryPolicy {
	p.no429 = final
	return p
}

// retryableResponse reports whether a safe request answered with status may be sent again.
// codes is RetryOptions.StatusCodes (nil: DefaultRetryStatusCodes).
func (p *retryPolicy) retryableResponse(status int, codes []int) bool {
	if status == http.StatusTooManyRequests && p.no429 {
		return false
	}
	return retryableFor(codes, status)
}

// refusedLocally reports a transport error that matches core.ErrRateLimited: a
// RoundTripper (the SDK's client-side limiter during a lock-out) refused to send the request.
// Nothing was sent, and a new attempt within the lock-out would only be refused again.
func refusedLocally(err error) bool {
	return errors.Is(err, core.ErrRateLimited)
}
