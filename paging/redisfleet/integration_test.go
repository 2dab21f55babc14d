package redisfleet

import (
	"context"
	"errors"
	"net/http"
	"os"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/banktest"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// realRedis returns a client of the Redis at REDIS_ADDR, with a fresh key prefix, or skips.
func realRedis(t *testing.T) (*redis.Client, string) {
	addr := os.Getenv("REDIS_ADDR")
	if addr == "" {
		t.Skip("REDIS_ADDR is not set: start a redis-server (redis-server --port 6399 --save '') and run REDIS_ADDR=127.0.0.1:6399 go -C paging/redisfleet test ./... (.ci/run does)")
	}
	rdb := redis.NewClient(&redis.Options{Addr: addr, ContextTimeoutEnabled: true})
	t.Cleanup(func() { _ = rdb.Close() })
	require.NoError(t, rdb.Ping(t.Context()).Err(), "Redis at REDIS_ADDR=%s", addr)
	return rdb, "issuerkit:test:" + t.Name() + ":" + time.Now().Format(time.RFC3339Nano) + ":"
}

// TestRealRedis: against a real redis-server, two replicas' permits are turns 1/Rate apart in
// real time, a lock-out is a key expiring with it (PX), seen by the other replica, and it
// ends when it expires.
func TestRealRedis(t *testing.T) {
	rdb, prefix := realRedis(t)
	a, err := New(rdb, Options{Prefix: prefix, Rate: 5})
	require.NoError(t, err)
	b, err := New(redis.NewClient(rdb.Options()), Options{Prefix: prefix, Rate: 5})
	require.NoError(t, err)
	key := core.NewBudgetKey("https://bank.example", t.Name())

	start := time.Now()
	var at []time.Duration
	for i := range 6 {
		f := a
		if i%2 == 1 {
			f = b
		}
		require.NoError(t, f.Wait(t.Context(), key))
		at = append(at, time.Since(start))
	}
	for i := 1; i < len(at); i++ {
		assert.GreaterOrEqual(t, at[i]-at[i-1], 150*time.Millisecond, "turn %d after %v", i, at)
	}
	assert.GreaterOrEqual(t, at[5], 990*time.Millisecond)

	require.NoError(t, a.Lock(t.Context(), key, 1500*time.Millisecond))
	ttl, err := rdb.PTTL(t.Context(), a.lockoutKey(key)).Result()
	require.NoError(t, err)
	// 400 ms: what a loaded machine may take between the Lock and the reads; a wrong unit
	// (seconds, microseconds) is off by far more.
	assert.InDelta(t, 1500*time.Millisecond, ttl, float64(400*time.Millisecond), "the key expires with the lock-out")
	d, err := b.Remaining(t.Context(), key)
	require.NoError(t, err)
	assert.InDelta(t, 1500*time.Millisecond, d, float64(400*time.Millisecond))
	time.Sleep(1600 * time.Millisecond)
	d, err = b.Remaining(t.Context(), key)
	require.NoError(t, err)
	assert.Zero(t, d)
	n, err := rdb.Exists(t.Context(), a.lockoutKey(key)).Result()
	require.NoError(t, err)
	assert.Zero(t, n, "expired")
	rdb.Del(t.Context(), a.turnKey(key))
}

// TestRealRedisStrictestRate: against a real redis-server, replicas at 5/s and 2.5/s of one
// credential take turns 400 ms apart in real time once the 2.5/s one took a turn, and the
// stricter rate is kept for RateMemory (the key's PTTL).
func TestRealRedisStrictestRate(t *testing.T) {
	rdb, prefix := realRedis(t)
	slow, err := New(rdb, Options{Prefix: prefix, Rate: 2.5})
	require.NoError(t, err)
	fast, err := New(redis.NewClient(rdb.Options()), Options{Prefix: prefix, Rate: 5})
	require.NoError(t, err)
	key := core.NewBudgetKey("https://bank.example", t.Name())
	start := time.Now()
	var at []time.Duration
	for i := range 4 {
		f := slow
		if i%2 == 1 {
			f = fast
		}
		require.NoError(t, f.Wait(t.Context(), key))
		at = append(at, time.Since(start))
	}
	for i := 1; i < len(at); i++ {
		assert.GreaterOrEqual(t, at[i]-at[i-1], 350*time.Millisecond, "turn %d after %v", i, at)
	}
	ttl, err := rdb.PTTL(t.Context(), slow.rateKey(key)).Result()
	require.NoError(t, err)
	assert.InDelta(t, RateMemory, ttl, float64(2*time.Second))
	rdb.Del(t.Context(), slow.turnKey(key), slow.rateKey(key))
}

// TestRealRedisFlushKeepsTheBudget: three replicas (each its own Redis connection and Fleet,
// the default Rate) drain lists with prefetch at banktest, which answers a credential's sixth
// request in a second with 429; halfway through, Redis loses the budget's keys while turns are
// outstanding. No second at the bank holds a sixth request, none is refused. Each run sends
// ISSUERKIT_BUDGET_REQUESTS requests (default 30; 1000 for the measurement, about 4 minutes).
func TestRealRedisFlushKeepsTheBudget(t *testing.T) {
	rdb, prefix := realRedis(t)
	n := 30
	if s := os.Getenv("ISSUERKIT_BUDGET_REQUESTS"); s != "" {
		var err error
		n, err = strconv.Atoi(s)
		require.NoError(t, err, "ISSUERKIT_BUDGET_REQUESTS")
	}
	srv := banktest.NewServer(t, banktest.WithListsOptions(pagingtest.WithRecords(5*n)))
	ctx, cancel := context.WithCancel(t.Context())
	var wg sync.WaitGroup
	for range 3 {
		f, err := New(redis.NewClient(rdb.Options()), Options{Prefix: prefix})
		require.NoError(t, err)
		c, err := paging.New(srv.URL, core.WithHTTPClient(srv.HTTPClient()), core.WithStaticToken(banktest.Token),
			paging.WithLimiter(f), paging.WithLockout(f))
		require.NoError(t, err)
		wg.Go(func() {
			for ctx.Err() == nil {
				for _, err := range c.ACHTransactions(ctx, achReq(), core.WithPageSize(5), core.WithEagerPrefetch(4)) {
					var le *core.LockoutError
					var pe *core.Error
					switch {
					case err == nil:
						continue
					case errors.Is(err, context.Canceled):
						return
					case errors.As(err, &le), errors.As(err, &pe) && pe.StatusCode == http.StatusTooManyRequests:
						t.Errorf("the bank refused a request: %v", err)
						return
					default:
						// Refused before sending (Redis slow on a loaded machine: fail closed):
						// nothing reached the bank; the replica goes on.
						t.Logf("not sent: %v", err)
					}
					break
				}
			}
		})
	}
	stopped := make(chan struct{})
	go func() { wg.Wait(); close(stopped) }()
	flushed := false
wait:
	for len(srv.Arrivals()) < n {
		select {
		case <-stopped: // every replica failed (a 429 locked them out)
			break wait
		default:
		}
		if !flushed && len(srv.Arrivals()) >= n/2 {
			keys, err := rdb.Keys(t.Context(), prefix+"*").Result()
			require.NoError(t, err)
			require.NotEmpty(t, keys)
			require.NoError(t, rdb.Del(t.Context(), keys...).Err())
			flushed = true
			t.Logf("Redis lost %d keys after %d arrivals", len(keys), len(srv.Arrivals()))
		}
		time.Sleep(2 * time.Millisecond)
	}
	cancel()
	<-stopped
	as := srv.Arrivals()
	var at []time.Time
	for _, a := range as {
		assert.False(t, a.Refused, "refused at %v: %s", a.Time, a.Path)
		at = append(at, a.Time)
	}
	slices.SortFunc(at, time.Time.Compare)
	worst, from := 0, 0
	for i := range at {
		j, _ := slices.BinarySearchFunc(at, at[i].Add(time.Second), time.Time.Compare)
		if j-i > worst {
			worst, from = j-i, i
		}
	}
	if !assert.LessOrEqual(t, worst, 5, "arrivals in one second") {
		for _, a := range at[max(from-2, 0):min(from+worst+2, len(at))] {
			t.Logf("arrival at +%v", a.Sub(at[from]).Round(time.Millisecond))
		}
	}
	closest := time.Duration(1<<63 - 1)
	for i := 5; i < len(at); i++ {
		closest = min(closest, at[i].Sub(at[i-5]))
	}
	t.Logf("at most %d arrivals in any one-second window; the closest six span %v", worst, closest.Round(time.Millisecond))
	t.Logf("%d arrivals in %v: %.2f a second, the loss's window included", len(at), at[len(at)-1].Sub(at[0]).Round(time.Millisecond),
		float64(len(at)-1)/at[len(at)-1].Sub(at[0]).Seconds())
}

// achReq is an ACH transactions filter of the bank as published (the default form).
func achReq() paging.ACHListRequest {
	return paging.ACHListRequest{AccountNumber: core.NewSecret("3123456789"),
		FromDate: core.MustParseDate("2025-01-02"), ToDate: core.MustParseDate("2025-01-09")}
}
