package redisfleet

import (
	"context"
	"os"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
	"golang.org/x/time/rate"

	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// BenchmarkPermit measures what a request pays for its permit, without the wait for its
// turn: with the fleet, the lock-out read before the turn is reserved, the reservation and the
// lock-out read before the turn (3 round trips), on the Redis at REDIS_ADDR (else a
// miniredis); in the process, a reservation of x/time/rate and a read of a mutex-guarded
// lock-out, as the in-process limiter does. It reports the median and the 99th percentile.
//
//	REDIS_ADDR=127.0.0.1:6399 go -C paging/redisfleet test -run '^$' -bench Permit .
func BenchmarkPermit(b *testing.B) {
	key := core.NewBudgetKey("https://bank.example", "bench")
	b.Run("redis", func(b *testing.B) {
		addr := os.Getenv("REDIS_ADDR")
		if addr == "" {
			m := miniredis.RunT(b)
			addr = m.Addr()
			b.Log("miniredis: set REDIS_ADDR for a real Redis")
		}
		rdb := redis.NewClient(&redis.Options{Addr: addr, ContextTimeoutEnabled: true})
		defer rdb.Close()
		f, err := New(rdb, Options{Prefix: "issuerkit:bench:" + time.Now().Format(time.RFC3339Nano) + ":"})
		if err != nil {
			b.Fatal(err)
		}
		f.sleep = func(ctx context.Context, _ time.Duration) error { return ctx.Err() }
		ctx := context.Background()
		measure(b, func() {
			if _, err := f.Remaining(ctx, key); err != nil {
				b.Fatal(err)
			}
			if err := f.Wait(ctx, key); err != nil {
				b.Fatal(err)
			}
		})
		rdb.Del(ctx, f.turnKey(key))
	})
	b.Run("local", func(b *testing.B) {
		lim := rate.NewLimiter(rate.Limit(DefaultRate), 1)
		var mu sync.Mutex
		until := map[core.BudgetKey]time.Time{}
		measure(b, func() {
			mu.Lock()
			_ = time.Until(until[key])
			mu.Unlock()
			now := time.Now()
			_ = lim.ReserveN(now, 1).DelayFrom(now)
		})
	})
}

// measure runs op b.N times and reports its median and 99th percentile in µs.
func measure(b *testing.B, op func()) {
	var d []time.Duration
	for b.Loop() {
		start := time.Now()
		op()
		d = append(d, time.Since(start))
	}
	slices.Sort(d)
	b.ReportMetric(float64(d[len(d)/2].Nanoseconds())/1e3, "p50-µs")
	b.ReportMetric(float64(d[len(d)*99/100].Nanoseconds())/1e3, "p99-µs")
}
