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

// The Setters below are the bank clients' options of the same names (generated facade.gen.go,
// where their docs are).

// WithRateLimit sets the client-side limit in requests per second; 0 turns it off.
func WithRateLimit(perSecond float64) Setter {
	return func(c *settings.Client) error {
		if perSecond < 0 || perSecond != perSecond {
			return fmt.Errorf("issuerkit: WithRateLimit(%v): want 0 (off) or more", perSecond)
		}
		c.RateLimit, c.RateLimitSet = perSecond, true
		return nil
	}
}

// WithRateLimitWait makes a 429 wait out the lock-out and send again.
func WithRateLimitWait() Setter {
	return func(c *settings.Client) error { c.RateLimitWait = true; return nil }
}

// WithMaxLockout sets the longest lock-out a 429 starts; under a second fails.
func WithMaxLockout(d time.Duration) Setter {
	return func(c *settings.Client) error {
		if d < time.Second {
			return fmt.Errorf("issuerkit: WithMaxLockout(%v): want at least 1s", d)
		}
		c.MaxLockout = d
		return nil
	}
}

// WithLimiter makes the client wait for lim before every attempt.
func WithLimiter(lim core.Limiter) Setter {
	return func(c *settings.Client) error {
		if lim == nil {
			return errors.New("issuerkit: WithLimiter(nil)")
		}
		c.Limiter = lim
		return nil
	}
}

// WithLockout keeps the lock-out a 429 starts in lo.
func WithLockout(lo core.Lockout) Setter {
	return func(c *settings.Client) error {
		if lo == nil {
			return errors.New("issuerkit: WithLockout(nil)")
		}
		c.Lockout = lo
		return nil
	}
}

// WithPrivateBudget gives the client an in-process limiter and lock-out of its own.
func WithPrivateBudget() Setter {
	return func(c *settings.Client) error { c.PrivateBudget = true; return nil }
}

// WithCredentialID names the client's credential for its rate-limit budget.
func WithCredentialID(id string) Setter {
	return func(c *settings.Client) error {
		if id == "" {
			return errors.New("issuerkit: WithCredentialID(\"\")")
		}
		c.CredentialID = id
		return nil
	}
}

// limitWaitError is a request the client-side limiter held back (its turn would come after
// the call's deadline, the call ended while it waited, or the limiter failed): nothing was
// sent, never retried. It matches core.ErrRateLimited and the cause.
type limitWaitError struct{ err error }

func (e *limitWaitError) Error() string {
	return "issuerkit: not sent: held back by the client-side rate limit: " + e.err.Error()
}

func (e *limitWaitError) Unwrap() []error { return []error{core.ErrRateLimited, e.err} }

// jitterGuard is the share of the configured rate the limiter allows: at the bank's 5, writes
// 217 ms apart, any six 1,087 ms, an 87 ms margin for what happens after the observed write
// (see ratelimit.Limiter). A two-minute lock-out costs far more than the 8% given up.
const jitterGuard = 0.92

// rateLimit makes 429s final for an API with a lock-out unless the caller opted in to
// waiting, and, for an API with a rate limit or a client given WithRateLimit, WithLimiter or
// WithLockout, wraps the transport in a limitedTransport. Unless told otherwise the limiter
// and the lock-out are the process's (ratelimit.Process), under the Key of the credential at
// base's origin, at the lowest rate any client of that Key was given.
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
// (hashed by core.NewBudgetKey): WithCredentialID's name, WithStaticToken's token, a
// BankTokenSource's consumer key and client id, else "" (the bank origin's budget).
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
// a 429 starts, both under the client's credential key. After a 429 it sets the response's
// Retry-After to the lock-out (ratelimit.LockoutWait), so that the *core.Error carries the
// wait, and refuses further requests with a *core.LockoutError until it ends; with wait
// (WithRateLimitWait) it holds them instead. A limiter or lock-out that fails refuses the
// request (limitWaitError).
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
// context so that the other clients learn of it.
const lockTimeout = 2 * time.Second

// RoundTrip waits for the lock-out and the limiter, then sends req. A turn ends when net/http
// reports the request written or the round trip returns; the in-process limiter's also hears
// the answer (see ratelimit.Limiter).
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

// await waits for the lock-out and the limiter and returns the turn to end once the request
// was written (nil: none), or why the request must not be sent. A lock-out that starts while
// it waits refuses the request too (with wait: is waited out before a new turn).
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
// or a core.TurnLimiter's done, called once (net/http's hooks and the return may all report).
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
// with wait, sleeps until it ends (or ctx is done).
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
