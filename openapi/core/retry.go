package core

import (
	"net/http"
	"time"
)

// RetryOptions tunes retries (WithRetry, WithCallRetry of each client). The zero value means
// the defaults below. Requests that move money or change state are never re-sent once they
// may have reached the server, whatever this says.
type RetryOptions struct {
	// MaxAttempts is the number of attempts including the first. 0 means 3; 1 disables retries.
	MaxAttempts int
	// BaseDelay is the first backoff ceiling (full jitter: the wait is random in [0, ceiling]).
	// 0 means 250ms.
	BaseDelay time.Duration
	// MaxDelay caps every wait. A Retry-After longer than MaxDelay is not waited for: the error
	// is returned at once, carrying the wait. 0 means 30s.
	MaxDelay time.Duration
	// AttemptTimeout bounds each attempt (token, sending, response headers and reading the
	// body of a success), apart from the call's context. 0 means none. A safe request is sent
	// again after an attempt timed out (an AttemptTimeoutError of the client package); one
	// that moves money or changes state and may have been sent is an *OutcomeUnknownError,
	// never re-sent.
	AttemptTimeout time.Duration
	// StatusCodes are the statuses after which a safe request is sent again; nil means the
	// client package's DefaultRetryStatusCodes (408, 429, 500, 502, 503, 504), an empty
	// non-nil slice none. They never apply to a request that moves money or changes state,
	// and a 429 stays final on an API that locks clients out.
	StatusCodes []int
}

// DefaultRetryStatusCodes are the statuses after which a safe request is sent again when
// RetryOptions.StatusCodes is nil: 408, 429, 500, 502, 503, 504.
var DefaultRetryStatusCodes = []int{
	http.StatusRequestTimeout, http.StatusTooManyRequests, http.StatusInternalServerError,
	http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout,
}
