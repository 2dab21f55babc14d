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
// The in-process budget starts as if the last second's budget were spent: no request of a
// process leaves before one second after it started. The bank counts the credential, not the
// process, and a process cannot see what the one it replaces (after a crash, kill -9 or a
// deploy) sent in its last second; without the wait, a worker restarted in a loop added its
// first request to its predecessor's five. Only a bank call made in the process's first second
// waits; later clients, and later calls, do not. Turns are given in the order they were asked
// for, one at a time: each comes one interval (1/rate) after the request before it was seen
// written (httptrace), so requests leave at least one interval apart however the goroutines
// and net/http's connections are scheduled (see TurnLimiter). The clients use 92% of the rate
// given: any six requests are written at least 1,087 ms apart at the bank's 5; what happens
// after the write (net/http's flush right after its hook, the kernel, the network, the bank's
// own accept) cannot be observed by a client, and is assumed to delay the first of six by
// less than 87 ms more than the sixth. The answers back that assumption up: the bank counts a
// request before it answers it, so a request is not sent earlier than one second after the
// answer to the fifth request before it, less the fastest recent round trip (a request
// counted late holds back the next ones; a steady latency costs nothing).
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

import "github.com/issuerkit/issuerkit-go/openapi/core"

// Key identifies the budget of one credential at one bank origin: the hex SHA-256 of a
// domain-separation label, the origin and the credential's identity. It never holds the
// credential itself, so it may be used in key names, logs and metrics. Defined in
// github.com/issuerkit/issuerkit-go/openapi/core (BudgetKey), which the SDK's clients share.
type Key = core.BudgetKey

// NewKey returns the Key of credential at origin (scheme://host[:port]). credential is any
// text that identifies the bank's client credential (the SDK uses the BankTokenSource's
// credentials, or the static token); "" stands for every client at origin whose credential is
// not known, which then share one budget.
func NewKey(origin, credential string) Key { return core.NewBudgetKey(origin, credential) }

// Limiter grants permits to send a request under a Key's budget: its one method,
//
//	Wait(ctx context.Context, key Key) error
//
// returns nil when one request under key may be sent now, having counted it against key's
// budget, and an error (the request is not sent) when ctx ends first, when the turn would
// come after ctx's deadline, or when it cannot grant permits. The full contract is in the go
// doc of github.com/issuerkit/issuerkit-go/openapi/core.Limiter.
type Limiter = core.Limiter

// TurnLimiter is a Limiter that counts a request when it was seen written, not when its turn
// came: its method Take(ctx, key) (done func(sent bool), err error) is Wait whose turn lasts
// until the SDK calls done, so that the next turn can be spaced from the write. The SDK uses
// Take when a Limiter has it: see
// github.com/issuerkit/issuerkit-go/openapi/core.TurnLimiter.
type TurnLimiter = core.TurnLimiter

// Lockout keeps the lock-out that a 429 starts for a Key: its methods,
//
//	Remaining(ctx context.Context, key Key) (time.Duration, error)
//	Lock(ctx context.Context, key Key, d time.Duration) error
//
// say how long requests under key stay locked out (0: not), and lock key out for d unless
// it already is for longer. The full contract is in the go doc of
// github.com/issuerkit/issuerkit-go/openapi/core.Lockout.
type Lockout = core.Lockout
