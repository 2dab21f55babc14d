package core

// The bank's budget, shared by its clients (paging, validation): 5 requests a second per
// client credential across its APIs, and the lock-out a 429 starts. How the clients share it
// is in the package doc ("The bank's rate limit"); these are the names a Limiter and a Lockout
// of one's own implement, as the module github.com/issuerkit/issuerkit-go/paging/redisfleet
// does for a fleet of processes.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"time"
)

// BudgetKey identifies the budget of one credential at one bank origin, the key a [Limiter]
// and a [Lockout] are asked with: the hex SHA-256 of a domain-separation label, the origin and
// the credential's identity. It never holds the credential itself, so it may be used in key
// names, logs and metrics.
type BudgetKey string

// NewBudgetKey returns the BudgetKey of credential at origin (scheme://host[:port]). credential is any
// text that identifies the bank's client credential (the SDK uses the BankTokenSource's
// credentials, or the static token); "" stands for every client at origin whose credential is
// not known, which then share one budget.
func NewBudgetKey(origin, credential string) BudgetKey {
	h := sha256.New()
	// The label names the package that first defined the key (paging/banklimit, removed in
	// 0.3.0): kept, so that a key, and a fleet's Redis keys made from it, stay the same.
	h.Write([]byte("issuerkit-go/paging/banklimit/v1\x00"))
	h.Write([]byte(origin))
	h.Write([]byte{0})
	h.Write([]byte(credential))
	return BudgetKey(hex.EncodeToString(h.Sum(nil)))
}

// Limiter grants permits to send a request under a BudgetKey's budget. The bank clients take
// one with their option WithLimiter (and a [Lockout] with WithLockout), so that the replicas
// of a service share the budget of their credential; by default each process keeps its own.
// The SDK asks it before every attempt, with the call's context and the key of the client's
// credential. An error from it means the request is not sent: the call fails with an error
// that matches [ErrRateLimited] and the error returned (never [ErrOutcomeUnknown]), and it is
// not retried. The Limiter sets the rate: the client's WithRateLimit beside it is refused.
type Limiter interface {
	// Wait returns nil when one request under key may be sent now, having counted it against
	// key's budget. It waits for the turn at most as long as ctx lasts; it returns an error
	// instead of a permit when ctx ends first, when the turn would come after ctx's deadline,
	// or when the limiter cannot grant permits (a shared store that is down). With an error
	// the request is not sent.
	//
	// After Wait returns, the SDK checks the Lockout again before sending, unless the Limiter
	// and the Lockout are the same value: then Wait itself must refuse a turn that falls in a
	// lock-out started while it waited, with a *LockoutError (redisfleet does, checking
	// shortly before the turn so that the check does not delay the request).
	Wait(ctx context.Context, key BudgetKey) error
}

// TurnLimiter is a Limiter that counts a request when it was seen written, not when its turn
// came, so that it can space the next turn from that write: whatever delays a request between
// its turn and its write (the scheduler, a connection being dialled or taken from the pool,
// net/http's write goroutine) then cannot bring two requests closer together at the bank. The
// SDK calls Take instead of Wait when its Limiter has it (the in-process limiter, and
// redisfleet within each replica).
type TurnLimiter interface {
	Limiter
	// Take is Wait, except that the turn lasts until done is called: the SDK calls done exactly
	// once, with true when net/http reported the request written (httptrace WroteRequest) or
	// the round trip ended without that report, and with false when the request was not sent
	// (a lock-out seen after the turn). done must not block.
	Take(ctx context.Context, key BudgetKey) (done func(sent bool), err error)
}

// Lockout keeps the lock-out that a 429 starts for a BudgetKey (the bank clients' option
// WithLockout). The SDK asks it before every attempt; an error from it refuses the request as
// a [Limiter]'s does.
type Lockout interface {
	// Remaining returns how long requests under key stay locked out from now; 0 when they are
	// not. With an error the request is not sent.
	Remaining(ctx context.Context, key BudgetKey) (time.Duration, error)
	// Lock locks key out for d from now, unless it already is for longer. The SDK calls it
	// after a 429, with d from the Retry-After (or the bank's two minutes), capped by the
	// client's maximum lock-out.
	Lock(ctx context.Context, key BudgetKey, d time.Duration) error
}
