package redisfleet

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// DefaultRate is the fleet's default budget per credential, in requests per second: 92% of the
// bank's 5 (see the package doc).
const DefaultRate = 4.6

// DefaultPrefix starts every key the Fleet writes.
const DefaultPrefix = "issuerkit:bank:"

// RateMemory is how long the fleet keeps to a Rate stricter than a replica's own after the
// last turn taken by a replica at that Rate (see Options.Rate).
const RateMemory = time.Minute

// DefaultTimeout bounds one Redis round trip unless Options.Timeout says otherwise.
const DefaultTimeout = 500 * time.Millisecond

// Options configures a Fleet. The zero value is the default: 4.6 requests a second per
// credential for the whole fleet, failing closed when Redis does.
type Options struct {
	// Rate is the fleet's budget per credential in requests per second (default DefaultRate).
	// It must not exceed the bank's 5. Replicas given different Rates share one budget at the
	// strictest of them: every turn comes the strictest interval after the previous one,
	// whichever replica takes it, for as long as a replica at that Rate took a turn in the
	// last RateMemory.
	Rate float64
	// Prefix starts every key (default DefaultPrefix). Keys are
	// Prefix + "{" + key + "}:turn", ":rate", ":epoch" and ":lockout", the key being the
	// core.BudgetKey of the credential (a SHA-256, never the credential).
	Prefix string
	// Timeout bounds each Redis round trip, inside the call's own context (default
	// DefaultTimeout).
	Timeout time.Duration
	// FallbackReplicas, when above 0, makes a replica that cannot reach Redis fall back to an
	// in-process limiter at Rate/FallbackReplicas (and to the lock-outs it knows itself)
	// instead of refusing requests. Set it to at least the number of replicas, or the fleet
	// may exceed Rate while Redis is down. 0 (the default) fails closed.
	FallbackReplicas int
}

// Fleet is a core.Limiter and core.Lockout kept in Redis, shared by every process that uses
// the same Redis, Prefix and Rate. It is safe for concurrent use.
type Fleet struct {
	rdb      redis.Scripter
	opts     Options
	interval time.Duration
	local    localLockouts
	clock    redisClock
	fallback *fallbackLimiter // nil: fail closed
	sleep    func(ctx context.Context, d time.Duration) error
	onTurn   func(wait time.Duration) // tests: sees the wait of each turn reserved
	gates    replicaGates
}

var (
	_ core.Limiter     = (*Fleet)(nil)
	_ core.TurnLimiter = (*Fleet)(nil)
	_ core.Lockout     = (*Fleet)(nil)
)

// New returns a Fleet on rdb (a *redis.Client, *redis.ClusterClient or any
// redis.UniversalClient; build it with ContextTimeoutEnabled: true).
func New(rdb redis.Scripter, opts Options) (*Fleet, error) {
	if rdb == nil {
		return nil, errors.New("redisfleet: nil Redis client")
	}
	if opts.Rate == 0 {
		opts.Rate = DefaultRate
	}
	if !(opts.Rate > 0) || opts.Rate > 5 || math.IsInf(opts.Rate, 0) {
		return nil, fmt.Errorf("redisfleet: Rate %v: want more than 0 and at most the bank's 5", opts.Rate)
	}
	if opts.Prefix == "" {
		opts.Prefix = DefaultPrefix
	}
	if opts.Timeout < 0 || opts.FallbackReplicas < 0 {
		return nil, fmt.Errorf("redisfleet: negative Timeout or FallbackReplicas in %+v", opts)
	}
	if opts.Timeout == 0 {
		opts.Timeout = DefaultTimeout
	}
	f := &Fleet{rdb: rdb, opts: opts, interval: time.Duration(float64(time.Second) / opts.Rate), sleep: sleepCtx}
	if n := opts.FallbackReplicas; n > 0 {
		f.fallback = &fallbackLimiter{interval: time.Duration(float64(time.Second) * float64(n) / opts.Rate)}
	}
	return f, nil
}

func (f *Fleet) turnKey(key core.BudgetKey) string {
	return f.opts.Prefix + "{" + string(key) + "}:turn"
}
func (f *Fleet) rateKey(key core.BudgetKey) string {
	return f.opts.Prefix + "{" + string(key) + "}:rate"
}
func (f *Fleet) lockoutKey(key core.BudgetKey) string {
	return f.opts.Prefix + "{" + string(key) + "}:lockout"
}
func (f *Fleet) epochKey(key core.BudgetKey) string {
	return f.opts.Prefix + "{" + string(key) + "}:epoch"
}

// Window is the span the bank counts requests in: one second. A budget whose state Redis
// lost waits one Window before its first turn.
const Window = time.Second

// EpochMemory is how long the fleet remembers that a budget's state exists (the ":epoch"
// key) after its last turn: a budget unused for longer waits one Window before its next
// turn, as after a loss.
const EpochMemory = 24 * time.Hour

// turnScript reserves the next turn of a GCRA bucket. KEYS[1] holds the time (µs, Redis
// clock) at which the next turn is free, KEYS[2] the strictest interval between turns (µs)
// asserted in the last RateMemory, KEYS[3] the budget's epoch: when its state was created
// (µs). ARGV[1] is the caller's interval, ARGV[2] the longest wait it accepts (µs), ARGV[3]
// RateMemory (ms), ARGV[4] Window (µs), ARGV[5] EpochMemory (ms), ARGV[6] the earliest turn
// the caller accepts (µs, Redis clock; 0: none): one interval after its replica's last request
// was seen written (Take). The turn after this one comes the strictest interval later: a
// caller whose interval is at least the stored one stores its own (for RateMemory).
//
// Without an epoch the budget's state is unknown: never used, or lost (FLUSHALL, a restart or
// a failover without the keys) while turns handed out before may still be outstanding and
// the requests of the last second are not known. A new epoch starts, and its first turn
// comes one Window from now; the turns of the old epoch are void (Wait checks the epoch
// before its turn and takes a new one).
//
// It returns {1, wait, epoch, now} with the turn reserved, or {0, wait, epoch, now} without
// reserving it when the wait is longer than accepted; now is Redis's clock (µs).
var turnScript = redis.NewScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local interval = tonumber(ARGV[1])
local epoch = redis.call('GET', KEYS[3])
local free = tonumber(redis.call('GET', KEYS[1]) or '0')
if not epoch then
  epoch = string.format('%.0f', now)
  if free < now + tonumber(ARGV[4]) then free = now + tonumber(ARGV[4]) end
  redis.call('SET', KEYS[1], string.format('%.0f', free), 'PX', math.ceil((free - now) / 1000) + 1000)
end
redis.call('SET', KEYS[3], epoch, 'PX', ARGV[5])
if free < tonumber(ARGV[6]) then free = tonumber(ARGV[6]) end
if free < now then free = now end
local wait = free - now
if wait > tonumber(ARGV[2]) then return {0, wait, epoch, now} end
local strictest = tonumber(redis.call('GET', KEYS[2]) or '0')
if interval >= strictest then
  redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[3])
else
  interval = strictest
end
local nextfree = free + interval
redis.call('SET', KEYS[1], string.format('%.0f', nextfree), 'PX', math.ceil((nextfree - now) / 1000) + 1000)
return {1, wait, epoch, now}
`)

// checkScript is read shortly before a turn: it returns {µs left of the lock-out in KEYS[1]
// (Redis clock), 0 if none; 1 if the budget's epoch (KEYS[2]) is still ARGV[1], else 0}.
var checkScript = redis.NewScript(`
local same = 0
if redis.call('GET', KEYS[2]) == ARGV[1] then same = 1 end
local v = redis.call('GET', KEYS[1])
if not v then return {0, same} end
local t = redis.call('TIME')
local left = tonumber(v) - (tonumber(t[1]) * 1000000 + tonumber(t[2]))
if left < 0 then left = 0 end
return {left, same}
`)

// lockScript locks out until ARGV[1] µs from now (Redis clock) unless KEYS[1] already does for
// longer: the key holds the end (µs) and expires with it.
var lockScript = redis.NewScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local want = now + tonumber(ARGV[1])
local cur = tonumber(redis.call('GET', KEYS[1]) or '0')
if cur < want then
  redis.call('SET', KEYS[1], string.format('%.0f', want), 'PX', math.ceil(tonumber(ARGV[1]) / 1000))
end
return 1
`)

// remainingScript returns the µs left of the lock-out in KEYS[1] (Redis clock), 0 if none.
var remainingScript = redis.NewScript(`
local v = redis.call('GET', KEYS[1])
if not v then return 0 end
local t = redis.call('TIME')
local left = tonumber(v) - (tonumber(t[1]) * 1000000 + tonumber(t[2]))
if left < 0 then return 0 end
return left
`)

// Wait reserves the next turn of key's budget in Redis and sleeps until it comes. A turn that
// would come after ctx's deadline is not reserved: Wait fails at once with an error matching
// context.DeadlineExceeded. Shortly before the turn it reads the lock-out and the budget's
// epoch: a lock-out started while it waited gives up the turn with a
// *core.LockoutError, and a turn of a budget whose state Redis lost in the meantime is
// void (the new state's turns start one Window after the loss was seen): Wait takes a new
// turn. When Redis fails or is slow, Wait fails with the cause (and the context's error, when
// it ended the round trip), unless FallbackReplicas is set.
func (f *Fleet) Wait(ctx context.Context, key core.BudgetKey) error {
	return f.wait(ctx, key, time.Time{})
}

// Take is Wait for one request whose turn lasts until done is called (core.TurnLimiter):
// within this replica, one turn at a time, in the order asked, and each comes in Redis at
// least one interval after this replica's previous request was seen written (done(true)), so
// that delays between a turn and its write (the scheduler, a connection, net/http's write
// goroutine) cannot bring two of the replica's requests closer at the bank. Across replicas,
// turns are spaced in Redis as with Wait (see the package doc).
func (f *Fleet) Take(ctx context.Context, key core.BudgetKey) (func(sent bool), error) {
	g := f.gates.of(key)
	select {
	case <-g.slot:
	case <-ctx.Done():
		return nil, fmt.Errorf("redisfleet: waiting for the turn: %w", ctx.Err())
	}
	g.mu.Lock()
	after := g.wrote
	g.mu.Unlock()
	if err := f.wait(ctx, key, after); err != nil {
		g.slot <- struct{}{}
		return nil, err
	}
	var once sync.Once
	return func(sent bool) {
		once.Do(func() {
			if sent {
				g.mu.Lock()
				g.wrote = time.Now()
				g.mu.Unlock()
			}
			g.slot <- struct{}{}
		})
	}, nil
}

// wait is Wait for a turn at least one interval after the local time after (zero: none).
func (f *Fleet) wait(ctx context.Context, key core.BudgetKey, after time.Time) error {
	for {
		turn, due, epoch, err := f.reserve(ctx, key, after)
		if err != nil {
			return err
		}
		// Check the lock-out shortly before the turn, not after it, so the round trip does
		// not make the request late.
		if err := f.sleep(ctx, time.Until(turn)-checkAhead); err != nil {
			return fmt.Errorf("redisfleet: waiting for the turn: %w", err)
		}
		left, valid, err := f.check(ctx, key, epoch)
		if err != nil {
			return err
		}
		if left > 0 {
			return &core.LockoutError{Wait: left, Until: time.Now().Add(left)}
		}
		if !valid {
			continue // Redis lost the budget's state: the turn is void
		}
		if err := f.sleep(ctx, time.Until(turn)); err != nil {
			return fmt.Errorf("redisfleet: waiting for the turn: %w", err)
		}
		// A turn used late (a busy machine, or a reply of Redis's that waited to be read)
		// would bring this request closer to the next ones than 1/Rate at the bank: give it
		// up and take a new one.
		if time.Since(due) <= lateTolerance {
			return nil
		}
	}
}

// check returns, shortly before a turn of epoch, how long key stays locked out (the longer of
// what Redis says and what this process recorded itself) and whether the turn is still valid:
// the budget's state in Redis is still that of epoch. A turn of the local fallback (epoch "")
// is checked against the lock-outs only.
func (f *Fleet) check(ctx context.Context, key core.BudgetKey, epoch string) (time.Duration, bool, error) {
	if epoch == "" {
		left, err := f.Remaining(ctx, key)
		return left, true, err
	}
	local := f.local.remaining(key)
	rctx, cancel := context.WithTimeout(ctx, f.opts.Timeout)
	defer cancel()
	res, err := checkScript.Run(rctx, f.rdb, []string{f.lockoutKey(key), f.epochKey(key)}, epoch).Int64Slice()
	if err != nil {
		err = f.failure("lock-out", ctx, rctx, err)
		if f.fallback != nil && ctx.Err() == nil {
			return local, true, nil
		}
		return 0, false, err
	}
	if len(res) != 2 {
		return 0, false, fmt.Errorf("redisfleet: lock-out: unexpected reply %v", res)
	}
	return max(time.Duration(res[0])*time.Microsecond, local, 0), res[1] == 1, nil
}

// reserve reserves the next turn of key's budget and returns when it comes: turn, never
// before the turn on Redis's clock (the reply's arrival plus the wait), and due, the best
// estimate of the turn on the local clock (Redis's clock through the offset of the fastest
// recent round trip), against which lateness is judged. A reply that waited to be read (a
// busy machine) makes turn late by that wait: due shows it. It also returns the budget's
// epoch ("" for a turn of the local fallback, whose turn and due are now).
func (f *Fleet) reserve(ctx context.Context, key core.BudgetKey, after time.Time) (turn, due time.Time, epoch string, err error) {
	maxWait := time.Duration(math.MaxInt64)
	if dl, ok := ctx.Deadline(); ok {
		maxWait = time.Until(dl)
	}
	var earliest int64 // µs, Redis clock: one interval after the replica's last write
	if !after.IsZero() {
		earliest = f.clock.redis(after.Add(f.interval)).UnixMicro()
	}
	rctx, cancel := context.WithTimeout(ctx, f.opts.Timeout)
	defer cancel()
	before := time.Now()
	res, err := turnScript.Run(rctx, f.rdb, []string{f.turnKey(key), f.rateKey(key), f.epochKey(key)},
		f.interval.Microseconds(), min(maxWait.Microseconds(), 1<<53), RateMemory.Milliseconds(),
		Window.Microseconds(), EpochMemory.Milliseconds(), earliest).Slice()
	now := time.Now()
	if err != nil {
		err = f.failure("permit", ctx, rctx, err)
		if f.fallback != nil && ctx.Err() == nil {
			if ferr := f.fallback.wait(ctx, key, after); ferr != nil {
				return now, now, "", ferr
			}
			now = time.Now()
			return now, now, "", nil
		}
		return now, now, "", err
	}
	ok, wait, epoch, redisNow, perr := parseTurn(res)
	if perr != nil {
		return now, now, "", perr
	}
	if !ok {
		return now, now, "", fmt.Errorf("redisfleet: the next turn, in %v, would pass the deadline: %w", wait.Round(time.Millisecond), context.DeadlineExceeded)
	}
	if f.onTurn != nil {
		f.onTurn(wait)
	}
	turn = now.Add(wait)
	due = f.clock.local(before, now, redisNow).Add(wait)
	if due.After(turn) {
		due = turn
	}
	return turn, due, epoch, nil
}

// parseTurn reads turnScript's reply {reserved, wait µs, epoch, Redis's now µs}.
func parseTurn(res []any) (ok bool, wait time.Duration, epoch string, now time.Time, err error) {
	if len(res) == 4 {
		r, ok1 := res[0].(int64)
		w, ok2 := res[1].(int64)
		e, ok3 := res[2].(string)
		n, ok4 := res[3].(int64)
		if ok1 && ok2 && ok3 && ok4 && e != "" {
			return r == 1, time.Duration(w) * time.Microsecond, e, time.UnixMicro(n), nil
		}
	}
	return false, 0, "", time.Time{}, fmt.Errorf("redisfleet: permit: unexpected reply %v", res)
}

// redisClock estimates Redis's clock against the local one from the turn script's round
// trips: Redis read its clock between the request's sending and the reply's reading, so the
// middle of the round trip is off by at most half of it. It keeps the estimate of the
// fastest round trip of the last offsetMemory.
type redisClock struct {
	mu  sync.Mutex
	off time.Duration // Redis's clock minus the local clock
	rtt time.Duration // of the round trip off was measured in
	at  time.Time     // when
}

// offsetMemory is how long the estimate of a fast round trip is kept against slower ones.
const offsetMemory = 10 * time.Second

// local returns when Redis's clock read redisNow, on the local clock, given a round trip sent
// at before and read at after.
func (c *redisClock) local(before, after, redisNow time.Time) time.Time {
	rtt := after.Sub(before)
	off := redisNow.Sub(before.Add(rtt / 2))
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.at.IsZero() || rtt <= c.rtt || after.Sub(c.at) > offsetMemory {
		c.off, c.rtt, c.at = off, rtt, after
	}
	return redisNow.Add(-c.off)
}

// redis returns the latest time Redis's clock may read when the local clock reads t, by the
// estimate of the fastest recent round trip (off by at most half of it); t itself before any
// round trip.
func (c *redisClock) redis(t time.Time) time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.at.IsZero() {
		return t
	}
	return t.Add(c.off + c.rtt/2)
}

// lateTolerance is how late a turn may still be used: well under the 87 ms of margin that
// DefaultRate leaves in each second.
const lateTolerance = 25 * time.Millisecond

// checkAhead is how long before its turn a caller checks the lock-out: long enough for a
// Redis round trip, short enough that a 429 answered to the request of the turn before
// (1/Rate earlier) has been recorded.
const checkAhead = 30 * time.Millisecond

// Remaining returns how long key stays locked out: the longer of what Redis says and what this
// process recorded itself. When Redis fails it fails with the cause, unless FallbackReplicas
// is set (then this process's own record answers).
func (f *Fleet) Remaining(ctx context.Context, key core.BudgetKey) (time.Duration, error) {
	local := f.local.remaining(key)
	rctx, cancel := context.WithTimeout(ctx, f.opts.Timeout)
	us, err := remainingScript.Run(rctx, f.rdb, []string{f.lockoutKey(key)}).Int64()
	if err != nil {
		err = f.failure("lock-out", ctx, rctx, err)
		cancel()
		if f.fallback != nil && ctx.Err() == nil {
			return local, nil
		}
		return 0, err
	}
	cancel()
	return max(time.Duration(us)*time.Microsecond, local, 0), nil
}

// Lock locks key out for d, in Redis for the whole fleet and in this process, unless it
// already is for longer.
func (f *Fleet) Lock(ctx context.Context, key core.BudgetKey, d time.Duration) error {
	if d <= 0 {
		return nil
	}
	f.local.lock(key, d)
	rctx, cancel := context.WithTimeout(ctx, f.opts.Timeout)
	defer cancel()
	if err := lockScript.Run(rctx, f.rdb, []string{f.lockoutKey(key)}, max(d.Microseconds(), 1000)).Err(); err != nil {
		return f.failure("lock-out", ctx, rctx, err)
	}
	return nil
}

// failure wraps a Redis error of a round trip made with rctx (derived from the call's ctx):
// when the call's context or the round trip's timeout ended it, the error matches the
// context's error too (go-redis reports a deadline as an i/o timeout).
func (f *Fleet) failure(what string, ctx, rctx context.Context, err error) error {
	if cerr := ctx.Err(); cerr != nil {
		if !errors.Is(err, cerr) {
			err = errors.Join(err, cerr)
		}
		return fmt.Errorf("redisfleet: %s: %w", what, err)
	}
	var ne net.Error
	if rctx.Err() != nil || (errors.As(err, &ne) && ne.Timeout()) {
		if !errors.Is(err, context.DeadlineExceeded) {
			err = errors.Join(err, context.DeadlineExceeded)
		}
		return fmt.Errorf("redisfleet: %s: Redis did not answer in time (at most %v): %w", what, f.opts.Timeout, err)
	}
	return fmt.Errorf("redisfleet: %s: %w", what, err)
}

// sleepCtx waits d or until ctx is done.
func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
