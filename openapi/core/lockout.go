package core

import (
	"fmt"
	"time"
)

// LockoutError is returned, without sending anything, for a request made while the client is
// locked out after a 429: the server asked for Wait more before the next request (until
// Until). It matches ErrRateLimited with errors.Is.
type LockoutError struct {
	// Wait is the time left before requests may be sent again.
	Wait time.Duration
	// Until is the end of the lock-out.
	Until time.Time
}

// Error describes the wait left.
func (e *LockoutError) Error() string {
	return fmt.Sprintf("issuerkit: locked out after a 429: retry after %v", e.Wait.Round(time.Millisecond))
}

// Is reports whether target is ErrRateLimited.
func (e *LockoutError) Is(target error) bool { return target == ErrRateLimited }
