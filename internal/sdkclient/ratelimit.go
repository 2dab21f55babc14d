package sdkclient

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/ratelimit"
	"github.com/issuerkit/issuerkit-go/internal/settings"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// WithRateLimit sets the client-side limit in requests per second (fractions allowed); 0 turns
// the limiter off (not the lock-out a 429 starts). Every attempt counts, retries included. The
// bank clients default to 5. Clients of one credential at one bank share one budget, at the
// lowest rate any of them was given: the strictest wins.
func WithRateLimit(perSecond float64) Setter {
	return func(c *settings.Client) error {
		if perSecond < 0 || perSecond != perSecond {
			return fmt.Errorf("issuerkit: WithRateLimit(%v): want 0 (off) or more", perSecond)
		}
		c.RateLimit, c.RateLimitSet = perSecond, true
		return nil
	}
}

// WithRateLimitWait makes a 429 wait out the lock-out (Retry-After, or two minutes when the
// server gives none) and send again, bounded by the call's context, instead of failing at once.
func WithRateLimitWait() Setter {
	return func(c *settings.Client) error { c.RateLimitWait = true; return nil }
}

// WithMaxLockout sets the longest lock-out a 429 starts (default ratelimit.DefaultMaxLockout,
// 10 minutes): a longer Retry-After is cut to it. Under a second fails.
func WithMaxLockout(d time.Duration) Setter {
	return func(c *settings.Client) error {
		if d < time.Second {
			return fmt.Errorf("issuerkit: WithMaxLockout(%v): want at least 1s", d)
		}
		c.MaxLockout = d
		return nil
	}
}

// WithLimiter makes the client wait for lim before every attempt instead of its in-process
// limiter: a limiter shared by several processes (see banklimit). lim sets the rate, so it
// does not combine with WithRateLimit.
func WithLimiter(lim core.Limiter) Setter {
	return func(c *settings.Client) error {
		if lim == nil {
			return errors.New("issuerkit: WithLimiter(nil)")
		}
		c.Limiter = lim
		return nil
	}
}

// WithLockout keeps the lock-out a 429 starts in lo instead of in the process: a lock-out
// shared by several processes (see banklimit).
func WithLockout(lo core.Lockout) Setter {
	return func(c *settings.Client) error {
		if lo == nil {
			return errors.New("issuerkit: WithLockout(nil)")
		}
		c.Lockout = lo
		return nil
	}
}

// WithPrivateBudget gives the client an in-process limiter and lock-out of its own, instead of
// those it shares with the process's other clients of the same credential and bank.
func WithPrivateBudget() Setter {
	return func(c *settings.Client) error { c.PrivateBudget = true; return nil }
}

// WithCredentialID names the client's credential for its rate-limit budget (only a hash of id
// is used): clients with the same id at the same bank origin share one budget. Without it the
// SDK identifies a BankTokenSource or a static token by itself; clients with another token
// source share the budget of their bank origin.
func WithCredentialID(id string) Setter {
	return func(c *settings.Client) error {
		if id == "" {
			return errors.New("issuerkit: WithCredentialID(\"\")")
		}
		c.CredentialID = id
		return nil
	}
}

// limitWaitError is a request the client-side limiter held back: its turn would come after
// the call's deadline, or the call ended while it waited. Nothing was sent, so the retry
// policy returns it as it is (never an outcome unknown, never retried: refused locally). It
// matches core.ErrRateLimited and the context's error.
type limitWaitError struct{ err error }

func (e *limitWaitError) Error() string {
	return "issuerkit: not sent: held back by the client-side rate limit: " + e.err.Error()
}

func (e *limitWaitError) Unwrap() []error { return []error{core.ErrRateLimited, e.err} }

// jitterGuard is the share of the configured rate the limiter actually allows: requests
// written at least 1/(0.92·rate) apart (217 ms at the bank's 5) put 5 gaps of 1,087 ms under
// any six, so that a server counting arrivals in one-second windows sees at most five as long
// as what the client cannot observe (the kernel, the network, the server's own accept, after
// the write) delays the first of six by less than 87 ms more than the sixth. The limiter
// spaces requests from their observed writes, so scheduling delays before the write do not
// count against this margin (see ratelimit.Limiter). A two-minute lock-out costs far more than
// the 8% of throughput given up.
const jitterGuard = 0.92

// rateLimit resolves the limiter and the lock-out for api and cfg, and makes 429s final for
// an API with a lock-out unless the caller opted in to waiting. For an API with a rate limit
// (the bank's), or when WithRateLimit or WithLimiter was given, it wraps the transport the
// pipeline sends with (after TLS is applied to it) in one that keeps the lock-out a 429
// starts and, unless the limit is 0, waits for the limiter before every attempt.
//
// Unless told otherwise (WithLimiter, WithLockout, WithPrivateBudget), the limiter and the
// lock-out are the process-wide ones (ratelimit.Process), under the Key of the credential at
// base's origin: every client of the process built with the same credential for the same bank
// shares them, and the limiter runs at the lowest rate any of those clients was given.
func rateLimit(api API, base string, cfg *Options) error {
	cfg.No429Retry = api.Lockout && !cfg.RateLimitWait
	if api.RateLimit == 0 && !cfg.RateLimitSet && cfg.limiter() == nil && cfg.lockout() == nil {
		return nil
	}
	if cfg.limiter() != nil && cfg.RateLimitSet {
		return errors.New("issuerkit: WithRateLimit and WithLimiter both given: the limiter sets the rate")
	}
	perSecond := api.RateLimit
	if cfg.RateLimitSet {
		perSecond = cfg.RateLimit
	}
	key := core.NewBudgetKey(Origin(base), credentialIdentity(cfg))
	budgets := ratelimit.Process()
	if cfg.PrivateBudget {
		budgets = ratelimit.NewBudgets()
	}
	lim := cfg.limiter()
	if lim == nil && perSecond > 0 {
		var err error
		if lim, err = budgets.Limiter(key, perSecond*jitterGuard); err != nil {
			return fmt.Errorf("issuerkit: %w", err)
		}
	}
	lock := cfg.lockout()
	if lock == nil {
		lock = budgets.Lockout()
	}
	budgets.Track(Origin(base), key)
	wait, maxLockout := cfg.RateLimitWait, cfg.MaxLockout
	cfg.WrapTransport = func(next http.RoundTripper) http.RoundTripper {
		return &limitedTransport{next: next, lim: lim, lock: lock, key: key, wait: wait, maxLockout: maxLockout, now: time.Now,
			selfChecking: lim != nil && sameValue(lim, lock)}
	}
	return nil
}

// sameValue reports whether a and b are the same value, without panicking on values that
// cannot be compared.
func sameValue(a, b any) bool {
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	if va.Type() != vb.Type() || !va.Comparable() || !vb.Comparable() {
		return false
	}
	return va.Equal(vb)
}

// Origin returns scheme://host[:port] of base, lower-cased: the origin a client's budget is
// kept under (the sandboxes forget theirs when they close: ratelimit.Budgets.Forget).
func Origin(base string) string {
	u, err := url.Parse(base)
	if err != nil {
		return base
	}
	return strings.ToLower(u.Scheme + "://" + u.Host)
}

// credentialIdentity returns what identifies the client's credential for its budget key
// (hashed by core.NewBudgetKey): the name given with WithCredentialID, else the token of
// WithStaticToken, else a BankTokenSource's consumer key and client id, else "" (a token
// source the SDK cannot see into: such clients share the budget of their bank origin).
func credentialIdentity(cfg *Options) string {
	if cfg.CredentialID != "" {
		return "id:" + cfg.CredentialID
	}
	ts := cfg.TokenSource
	if ts == nil {
		return ""
	}
	if cfg.StaticSet { // ts is StaticToken(cfg.StaticToken) (Apply)
		return "token:" + cfg.StaticToken
	}
	if s, ok := ts.(*SharedTokenSource); ok && len(s.creds) == 4 {
		return "bank:" + s.creds[0] + "\x00" + s.creds[2] // ConsumerKey, ClientID: see BankTokenSource
	}
	return ""
}

// limitedTransport spaces requests out with a limiter (nil: no limit) and keeps the lock-out
// a 429 starts, both under the client's credential key.
//
// After a 429 it sets the response's Retry-After to the lock-out (the header's value, or
// ratelimit.BankLockout when absent, at most maxLockout), so that the *core.Error the
// pipeline reports carries the wait (for an API with API.Lockout the retry policy treats every
// 429 as final), and it refuses further requests with a *LockoutError, which the retry policy
// never retries, until the lock-out ends. With wait (WithRateLimitWait) it leaves the header
// alone and holds every request until the lock-out ends instead.
//
// A limiter or lock-out that fails (a shared store that is down or slow) refuses the request:
// it is not sent, and the error matches core.ErrRateLimited and the failure.
type limitedTransport struct {
	next http.RoundTripper
	lim  core.Limiter
	lock core.Lockout
	key  core.BudgetKey
	// selfChecking is set when lim is also lock: its Wait refuses a turn inside a lock-out
	// (core.LockoutError), so the transport does not check again.
	selfChecking bool
	wait         bool
	// maxLockout caps the lock-out (0: ratelimit.DefaultMaxLockout).
	maxLockout time.Duration
	now        func() time.Time
}

// lockTimeout bounds the recording of a lock-out after a 429, which outlives the call's
// context so that the other clients learn of it even when the call ends at that moment.
const lockTimeout = 2 * time.Second

// RoundTrip waits for the lock-out and the limiter, then sends req. A lock-out that starts
// while it waits for its turn refuses it too (or, with wait, is waited out before a new turn).
// A turn ends when net/http reports the request written (httptrace WroteRequest) or the round
// trip returns, whichever comes first; the in-process limiter's also hears the answer
// (GotFirstResponseByte, or the round trip's return) (see ratelimit.Limiter).
func (t *limitedTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	turn, err := t.await(req.Context())
	if err != nil {
		closeBody(req)
		return nil, err
	}
	out := req
	if turn != nil {
		out = req.WithContext(httptrace.WithClientTrace(req.Context(), &httptrace.ClientTrace{
			WroteRequest:         func(httptrace.WroteRequestInfo) { turn.end(true) },
			GotFirstResponseByte: turn.answered,
		}))
	}
	resp, err := t.next.RoundTrip(out)
	if turn != nil {
		turn.answered() // no write or answer seen (an error, a RoundTripper without httptrace): now
		if resp != nil && resp.Request == out {
			resp.Request = req
		}
	}
	if err != nil || resp.StatusCode != http.StatusTooManyRequests {
		return resp, err
	}
	d := ratelimit.LockoutWait(resp.Header, t.now(), t.maxLockout)
	if d > 0 {
		lctx, cancel := context.WithTimeout(context.WithoutCancel(req.Context()), lockTimeout)
		_ = t.lock.Lock(lctx, t.key, d) // a lock-out that cannot be recorded: the 429 still returns
		cancel()
	}
	if !t.wait && d > 0 {
		secs := int64((d + time.Second - 1) / time.Second)
		resp.Header = resp.Header.Clone()
		resp.Header.Set("Retry-After", strconv.FormatInt(secs, 10))
	}
	return resp, nil
}

// await waits for the lock-out and the limiter. It returns the turn to end once the request
// was written (nil for a limiter without turns, or none), or why the request must not be
// sent.
func (t *limitedTransport) await(ctx context.Context) (*heldTurn, error) {
	for {
		if err := t.waitLockout(ctx); err != nil {
			return nil, err
		}
		if t.lim == nil {
			return nil, nil
		}
		start := t.now()
		var turn *heldTurn
		var err error
		if al, ok := t.lim.(answeringLimiter); ok {
			var rt *ratelimit.Turn
			if rt, err = al.TakeTurn(ctx, t.key); err == nil {
				turn = &heldTurn{turn: rt}
			}
		} else if tl, ok := t.lim.(core.TurnLimiter); ok {
			var done func(bool)
			if done, err = tl.Take(ctx, t.key); err == nil {
				turn = &heldTurn{done: done}
			}
		} else {
			err = t.lim.Wait(ctx, t.key)
		}
		rem := time.Duration(0)
		var lo *core.LockoutError
		switch {
		case errors.As(err, &lo):
			rem = lo.Wait // the limiter saw the lock-out start while it waited
		case err != nil:
			return nil, &limitWaitError{err: err}
		case t.selfChecking || t.now().Sub(start) < time.Millisecond:
			// The limiter checks the lock-out itself, or it was checked just before.
		default:
			if rem, err = t.lock.Remaining(ctx, t.key); err != nil {
				if turn != nil {
					turn.end(false)
				}
				return nil, &limitWaitError{err: err}
			}
		}
		if rem <= 0 {
			return turn, nil
		}
		if turn != nil {
			turn.end(false)
		}
		if !t.wait {
			return nil, &core.LockoutError{Wait: rem, Until: t.now().Add(rem)}
		}
		// With wait: wait the lock-out out, then take a new turn, so that the requests held
		// back do not all leave at once when it ends.
	}
}

// answeringLimiter is the in-process limiter (ratelimit.Budgets'): its turn also hears the
// request's answer (ratelimit.Turn.Answered).
type answeringLimiter interface {
	TakeTurn(ctx context.Context, key core.BudgetKey) (*ratelimit.Turn, error)
}

// heldTurn is a limiter's turn held until the request is seen written: an answeringLimiter's,
// or a core.TurnLimiter's done, called once (the first report wins: net/http's hooks and the
// round trip's return may all report).
type heldTurn struct {
	turn *ratelimit.Turn
	done func(sent bool)
	over atomic.Bool
}

// end reports the turn's request sent (or possibly sent), or not sent.
func (t *heldTurn) end(sent bool) {
	switch {
	case t.turn != nil && sent:
		t.turn.Sent()
	case t.turn != nil:
		t.turn.Unused()
	case !t.over.Swap(true):
		t.done(sent)
	}
}

// answered reports the request's answer (or the end of its round trip): sent, and counted by
// the bank by now.
func (t *heldTurn) answered() {
	if t.turn != nil {
		t.turn.Answered()
		return
	}
	t.end(true)
}

// waitLockout returns at once outside a lock-out; inside one it fails with *LockoutError, or,
// with wait, sleeps until it ends (or ctx is done). A lock-out that cannot be read fails with
// a *limitWaitError.
func (t *limitedTransport) waitLockout(ctx context.Context) error {
	for {
		d, err := t.lock.Remaining(ctx, t.key)
		if err != nil {
			return &limitWaitError{err: err}
		}
		if d <= 0 {
			return nil
		}
		if !t.wait {
			return &core.LockoutError{Wait: d, Until: t.now().Add(d)}
		}
		timer := time.NewTimer(d)
		select {
		case <-timer.C:
		case <-ctx.Done():
			timer.Stop()
			return errors.Join(ctx.Err(), &core.LockoutError{Wait: d, Until: t.now().Add(d)})
		}
	}
}

// closeBody closes the body of a request that will not be sent, as a RoundTripper must.
func closeBody(req *http.Request) {
	if req.Body != nil {
		_ = req.Body.Close()
	}
}
