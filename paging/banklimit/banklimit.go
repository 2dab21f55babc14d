// Package banklimit is how the clients of the bank's APIs (paging, validation) share the
// bank's budget: 5 requests a second per client credential across all its APIs, and the
// lock-out (two minutes, or the Retry-After) that follows a 429.
//
// By default every client built with the same credential for the same bank origin, in one
// process, shares one in-process limiter and one lock-out: a validation client and a paging
// client of one service together stay under 5 requests a second, and a 429 seen by either
// locks both out. The shared limiter runs at the lowest rate any of these clients was given
// (WithRateLimit): the strictest wins, so a paging client at 2.5 a second slows the validation
// client of its credential to it too, instead of adding its 2.5 to the validation client's 5.
//
// Tests get budgets of their own: the clients of a fake (pagingfake, validationfake) share
// their fake's budget only, so a 429 one fake answers never locks out another; a test that
// wants two fakes to share one gives their clients the same WithCredentialID. Package
// github.com/issuerkit/issuerkit-go/paging/banktest serves validation and the lists on one
// origin behind the bank's per-credential limit and lock-out, to test the shared budget. Where a service runs as several processes (replicas) with one credential,
// give its clients a Limiter and a Lockout that the processes share: the module
// github.com/issuerkit/issuerkit-go/paging/redisfleet implements both on Redis.
//
//	f, err := redisfleet.New(rdb, redisfleet.Options{})
//	v, _ := validation.New(base, validation.WithLimiter(f), validation.WithLockout(f), ...)
//	b, _ := paging.New(base, paging.WithLimiter(f), paging.WithLockout(f), ...)
//
// A Limiter or Lockout is called before every attempt, with the call's context and the Key
// of the client's credential. An error from either means the request is not sent: the call
// fails with an error that matches the client package's ErrRateLimited and the error
// returned (never an "outcome unknown"), and it is not retried.
package banklimit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// Key identifies the budget of one credential at one bank origin: the hex SHA-256 of a
// domain-separation label, the origin and the credential's identity. It never holds the
// credential itself, so it may be used in key names, logs and metrics.
type Key string

// NewKey returns the Key of credential at origin (scheme://host[:port]). credential is any
// text that identifies the bank's client credential (the SDK uses the BankTokenSource's
// credentials, or the static token); "" stands for every client at origin whose credential is
// not known, which then share one budget.
func NewKey(origin, credential string) Key {
	h := sha256.New()
	h.Write([]byte("issuerkit-go/paging/banklimit/v1\x00"))
	h.Write([]byte(origin))
	h.Write([]byte{0})
	h.Write([]byte(credential))
	return Key(hex.EncodeToString(h.Sum(nil)))
}

// Limiter grants permits to send a request under a Key's budget.
type Limiter interface {
	// Wait returns nil when one request under key may be sent now, having counted it against
	// key's budget. It waits for the turn at most as long as ctx lasts; it returns an error
	// instead of a permit when ctx ends first, when the turn would come after ctx's deadline,
	// or when the limiter cannot grant permits (a shared store that is down). With an error
	// the request is not sent.
	//
	// After Wait returns, the SDK checks the Lockout again before sending, unless the Limiter
	// and the Lockout are the same value: then Wait itself must refuse a turn that falls in a
	// lock-out started while it waited, with a *LockedOutError (redisfleet does, checking
	// shortly before the turn so that the check does not delay the request).
	Wait(ctx context.Context, key Key) error
}

// LockedOutError is what a Limiter's Wait returns when a lock-out started while the caller
// waited for its turn: the turn is given up, the request is not sent, and the SDK reports the
// client package's *LockoutError with Wait.
type LockedOutError struct {
	// Wait is the time left before requests may be sent again.
	Wait time.Duration
}

// Error describes the wait left.
func (e *LockedOutError) Error() string { return redact.Sanitize(nil, e.errorText()) }

// errorText is the text of Error before redact.Sanitize.
func (e *LockedOutError) errorText() string {
	return fmt.Sprintf("banklimit: locked out while waiting for the turn: retry after %v", e.Wait.Round(time.Millisecond))
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (e *LockedOutError) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, e) }

// LogValue implements slog.LogValuer: the sanitized Error text.
func (e *LockedOutError) LogValue() slog.Value { return redact.ErrorLogValue(e) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (e *LockedOutError) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(e) }

// Lockout keeps the lock-out that a 429 starts for a Key.
type Lockout interface {
	// Remaining returns how long requests under key stay locked out from now; 0 when they are
	// not. With an error the request is not sent.
	Remaining(ctx context.Context, key Key) (time.Duration, error)
	// Lock locks key out for d from now, unless it already is for longer. The SDK calls it
	// after a 429, with d from the Retry-After (or the bank's two minutes), capped by the
	// client's maximum lock-out.
	Lock(ctx context.Context, key Key, d time.Duration) error
}
