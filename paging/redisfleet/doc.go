// Package redisfleet shares the bank's rate limit and lock-out between the processes of a
// fleet (replicas of a service using one client credential) through Redis. A *Fleet is both
// a core.Limiter and a core.Lockout: give it to every paging and validation client of every
// replica.
//
//	rdb := redis.NewClient(&redis.Options{Addr: addr, ContextTimeoutEnabled: true})
//	f, err := redisfleet.New(rdb, redisfleet.Options{})
//	b, err := paging.New(base, paging.WithLimiter(f), paging.WithLockout(f), ...)
//	v, err := validation.New(base, validation.WithLimiter(f), validation.WithLockout(f), ...)
//
// # Budget
//
// Permits come from one GCRA bucket per credential (the core.BudgetKey the clients pass: a
// hash of the bank origin and the credential, never the secret), kept in Redis and read with
// Redis's clock, so the replicas' clocks do not matter. A permit is a reservation: one round
// trip gives the caller its turn (a time slot 1/Rate after the previous one), and it sleeps
// until then. The default Rate is 4.6 requests a second for the whole fleet, 92% of the bank's
// 5, the in-process limiter's share too: six requests span at least 5/4.6 s, 1,087 ms, and the
// margin (87 ms) absorbs the difference in delay, between their turns and the bank's clock,
// that would otherwise put six requests in one second at the bank.
//
// What is proved and what is assumed. Within one replica the SDK's clients use Take
// (core.TurnLimiter): the replica has one turn outstanding at a time, and its next turn
// comes in Redis at least one interval after its previous request was seen written (net/http's
// httptrace WroteRequest, or the end of the round trip), on Redis's clock estimated from the
// fastest recent round trip and rounded up by half of it. So two requests of one replica are
// written at least one interval apart however the replica is scheduled, as with the in-process
// limiter. Across replicas, turns are one interval apart in Redis, and each replica leaves at
// its turn or later, never earlier; what is assumed is that the delay from turn to write
// differs between replicas by less than the margin. A turn the caller wakes up for more than
// 25 ms late (a busy machine) is given up for a new one, so lateness at wake-up cannot eat the
// margin; a delay after the wake-up (before net/http writes) is not observed across replicas
// (it would need the other replicas to wait for each write: a Redis round trip per request and
// a lease that a stalled replica could outlive). Lateness counts the time Redis's reply
// waited to be read: the turn's due time comes from Redis's clock, placed on the local clock
// by the fastest recent round trip, while the caller sleeps at least until the reply's
// arrival plus the wait (never early). The lock-out is read shortly before the turn (30 ms),
// so that the round trip does not delay the request. After the write, the kernel, the network
// and the bank's own accept are assumed to delay requests alike, within the margin. (The
// in-process limiter also holds a turn until one second after the answer to the request five
// turns back; a replica does not see the other replicas' answers, so the fleet does not.)
//
// A budget starts as if the last second's budget were spent: its first turn comes one second
// (Window) after Redis first held no state for it. Redis keeps the budget's epoch (":epoch",
// when its state was created) for EpochMemory after its last turn; a budget whose keys vanish
// (FLUSHALL, a Redis restart or failover without them) while turns are outstanding starts a
// new epoch, whose first turn comes one Window after the loss was seen, and the turns of the
// old epoch are void: each caller reads the epoch with the lock-out shortly before its turn
// and, when it changed, takes a new turn instead of sending. (The schedule used to restart at
// "now" beside the turns still outstanding: the bank saw 6 requests in one second.) The local
// fallback likewise starts one Window after a replica last used Redis.
//
// One budget per credential whatever the rate: replicas given different Options.Rate (a
// config rolled out to some of them) share the budget at the strictest rate. Each turn comes
// the strictest interval after the previous one, whichever replica takes it; the strictest
// interval is kept in Redis beside the turn (":rate") for RateMemory after the last turn of a
// replica at that rate, then the next strictest applies.
//
// # Fairness
//
// Turns are given in the order they are asked for, across the fleet: one queue per
// credential, no priorities. A replica draining a long report holds at most as many turns as
// it has requests in flight (its prefetch), so a replica validating one account waits at most
// the fleet's requests in flight times 1/Rate, never indefinitely. A turn that would come
// after the call's deadline is not taken: the call fails at once (ErrRateLimited and
// context.DeadlineExceeded) and the turn stays free for others. A call cancelled while it
// sleeps towards its turn loses it (the slot is not given back: that would need the other
// replicas' agreement, and a lost slot only costs throughput).
//
// # Lock-out
//
// A 429 seen by any replica is recorded as a key with the lock-out's expiry (PX), holding its
// end on Redis's clock; every replica reads it before each request and fails with *LockoutError, without reaching the
// bank, until the key expires. The replica that recorded it also keeps it in memory, so it
// stays locked out even if the write to Redis failed.
//
// # When Redis fails
//
// By default the fleet fails closed: no request without a permit. A Redis round trip that
// fails, or does not answer within the call's context (and Options.Timeout), refuses the
// request as not sent: the call fails with an error matching ErrRateLimited and the cause
// (context.DeadlineExceeded for a timeout), never with an outcome unknown, and the SDK does
// not retry it. With Options.FallbackReplicas = N, a replica that cannot reach Redis falls
// back to an in-process limiter at Rate/N and to the lock-outs it knows itself; with N at
// least the number of replicas, the fleet still stays under Rate.
//
// Build the Redis client with ContextTimeoutEnabled: true, so that the call's deadline and
// Options.Timeout bound each round trip (go-redis otherwise waits for its own read timeout).
//
// # Why go-redis v9.22.0, and not redis_rate
//
// The module pins github.com/redis/go-redis/v9 v9.22.0 (chosen when the core module required
// Go 1.25; v9.23 needs 1.26, which the modules now require too). It does not use go-redis/redis_rate: its
// GCRA only answers allowed-or-retry-after, so waiting callers poll (no order, each poll a
// round trip, part of the budget lost between polls, hard to reach 90% of it); this package
// runs the same GCRA as a 15-line Lua reservation. Tests: miniredis (unit and client tests), a
// real redis-server when REDIS_ADDR is set (.ci/run installs and starts one), and the fleet
// test, 4 processes of examples/fleet against the sandbox:
//
//	go -C paging/redisfleet run ./examples/fleet -fail-at 20
package redisfleet
