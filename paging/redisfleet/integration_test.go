package redisfleet

import (
	"os"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/paging/banklimit"
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
	key := banklimit.NewKey("https://bank.example", t.Name())

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
	assert.InDelta(t, 1500*time.Millisecond, ttl, float64(100*time.Millisecond), "the key expires with the lock-out")
	d, err := b.Remaining(t.Context(), key)
	require.NoError(t, err)
	assert.InDelta(t, 1500*time.Millisecond, d, float64(100*time.Millisecond))
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
	key := banklimit.NewKey("https://bank.example", t.Name())
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
