package core

import (
	"fmt"
	"log/slog"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// LockoutError is returned, without sending anything, for a request made while the client is
// locked out after a 429: the server asked for Wait more before the next request (until
// Until). It matches ErrRateLimited with errors.Is. A Limiter's Wait returns one too (a
// *LockoutError) when a lock-out started while the caller waited for its turn: the turn is
// given up, the request is not sent, and the SDK reports the wait left.
type LockoutError struct {
	// Wait is the time left before requests may be sent again.
	Wait time.Duration
	// Until is the end of the lock-out.
	Until time.Time
}

// Error describes the wait left.
func (e LockoutError) Error() string { return redact.Sanitize(nil, e.errorText()) }

// errorText is the text of Error before redact.Sanitize.
func (e LockoutError) errorText() string {
	return fmt.Sprintf("issuerkit: locked out after a 429: retry after %v", e.Wait.Round(time.Millisecond))
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (e LockoutError) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, e) }

// LogValue implements slog.LogValuer: the sanitized Error text.
func (e LockoutError) LogValue() slog.Value { return redact.ErrorLogValue(e) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (e LockoutError) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(e) }

// Is reports whether target is ErrRateLimited.
func (e *LockoutError) Is(target error) bool { return target == ErrRateLimited }

// DefaultMaxLockout is the longest lock-out a 429 starts unless the client says otherwise
// (WithMaxLockout): five times the bank's documented two minutes. A longer Retry-After (ten
// years, or a value past the largest time.Duration) is cut to it, so that a faulty or hostile
// answer cannot lock a client out for good.
const DefaultMaxLockout = 10 * time.Minute
