package core

import "time"

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
}
