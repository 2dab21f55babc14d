package redisfleet

import (
	"context"
	"errors"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/openapi/core"
)

var keyA = core.NewBudgetKey("https://bank.example", "credential A")

// newFleet returns a Fleet on a client of addr that records the wait of each turn instead of
// sleeping.
func newFleet(t *testing.T, addr string, opts Options) (*Fleet, *[]time.Duration) {
	t.Helper()
	rdb := redis.NewClient(&redis.Options{Addr: addr, ContextTimeoutEnabled: true, MaxRetries: -1})
	t.Cleanup(func() { _ = rdb.Close() })
	f, err := New(rdb, opts)
	require.NoError(t, err)
	var mu sync.Mutex
	var slept []time.Duration
	f.onTurn = func(d time.Duration) {
		mu.Lock()
		slept = append(slept, d)
		mu.Unlock()
	}
	f.sleep = func(ctx context.Context, _ time.Duration) error { return ctx.Err() }
	return f, &slept
}

// TestTurnsSpaced: with Redis's clock stopped, successive permits are turns 1/Rate apart,
// whichever replica (Fleet) asks, the first one Window after the budget's state was created
// (issue 34: it used to be at once, as if nothing had been sent in the last second); another
// credential has a budget of its own.
func TestTurnsSpaced(t *testing.T) {
	m := miniredis.RunT(t)
	m.SetTime(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	a, sleptA := newFleet(t, m.Addr(), Options{Rate: 5})
	b, sleptB := newFleet(t, m.Addr(), Options{Rate: 5})
	for i := range 6 {
		f := a
		if i%2 == 1 {
			f = b
		}
		require.NoError(t, f.Wait(t.Context(), keyA))
	}
	ms := time.Millisecond
	assert.Equal(t, []time.Duration{1000 * ms, 1400 * ms, 1800 * ms}, *sleptA)
	assert.Equal(t, []time.Duration{1200 * ms, 1600 * ms, 2000 * ms}, *sleptB)

	keyB := core.NewBudgetKey("https://bank.example", "credential B")
	require.NoError(t, a.Wait(t.Context(), keyB))
	assert.Equal(t, Window, (*sleptA)[3], "another credential, another budget")

	for _, k := range m.Keys() {
		assert.True(t, strings.HasPrefix(k, DefaultPrefix+"{"), k)
		assert.NotContains(t, k, "credential")
	}
	assert.ElementsMatch(t, []string{a.turnKey(keyA), a.rateKey(keyA), a.epochKey(keyA), a.turnKey(keyB), a.rateKey(keyB), a.epochKey(keyB)}, m.Keys())
}

// TestTurnPastDeadline: a turn that would come after the call's deadline is not taken: Wait
// fails at once with context.DeadlineExceeded, and the next caller gets that turn.
func TestTurnPastDeadline(t *testing.T) {
	m := miniredis.RunT(t)
	m.SetTime(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	f, slept := newFleet(t, m.Addr(), Options{Rate: 5})
	for range 5 {
		require.NoError(t, f.Wait(t.Context(), keyA))
	}
	ctx, cancel := context.WithTimeout(t.Context(), 500*time.Millisecond)
	defer cancel()
	err := f.Wait(ctx, keyA)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.NoError(t, f.Wait(t.Context(), keyA))
	assert.Equal(t, Window+time.Second, (*slept)[5], "the refused turn went to the next caller")
}

// TestLockShared: a lock-out recorded by one replica is seen by the others, as a key with the
// lock-out's expiry; a shorter one never shortens it, and it ends when the key expires.
func TestLockShared(t *testing.T) {
	m := miniredis.RunT(t)
	a, _ := newFleet(t, m.Addr(), Options{})
	b, _ := newFleet(t, m.Addr(), Options{})
	d, err := b.Remaining(t.Context(), keyA)
	require.NoError(t, err)
	assert.Zero(t, d)

	require.NoError(t, a.Lock(t.Context(), keyA, 2*time.Minute))
	require.NoError(t, a.Lock(t.Context(), keyA, 5*time.Second))
	assert.Equal(t, 2*time.Minute, m.TTL(a.lockoutKey(keyA)))
	d, err = b.Remaining(t.Context(), keyA)
	require.NoError(t, err)
	assert.InDelta(t, 2*time.Minute, d, float64(time.Second))
	assert.LessOrEqual(t, d, 2*time.Minute)

	m.FastForward(2 * time.Minute)
	d, err = b.Remaining(t.Context(), keyA)
	require.NoError(t, err)
	assert.Zero(t, d, "over when the key expires")
}

// TestRedisDown: with Redis unreachable, the default fails closed (no permit, the cause in
// the error); with FallbackReplicas a replica keeps going at Rate/N on its own, and its own
// lock-outs still hold.
func TestRedisDown(t *testing.T) {
	m := miniredis.RunT(t)
	addr := m.Addr()
	closed, _ := newFleet(t, addr, Options{})
	fb, _ := newFleet(t, addr, Options{FallbackReplicas: 4})
	fb.sleep = sleepCtx
	m.Close()

	err := closed.Wait(t.Context(), keyA)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "redisfleet: permit")
	_, err = closed.Remaining(t.Context(), keyA)
	assert.Error(t, err)

	start := time.Now()
	for range 3 {
		require.NoError(t, fb.Wait(t.Context(), keyA))
	}
	// 4.6/4 = 1.15 a second: the 2nd and 3rd permits come 0.87 s apart.
	assert.GreaterOrEqual(t, time.Since(start), 1700*time.Millisecond)
	d, err := fb.Remaining(t.Context(), keyA)
	require.NoError(t, err)
	assert.Zero(t, d)
	assert.Error(t, fb.Lock(t.Context(), keyA, time.Minute), "the fleet could not be told")
	d, err = fb.Remaining(t.Context(), keyA)
	require.NoError(t, err)
	assert.InDelta(t, time.Minute, d, float64(time.Second), "but this replica knows")
}

// TestRedisSilent: a Redis that accepts connections and never answers costs the call no
// more than its context (or Options.Timeout), and the error says so.
func TestRedisSilent(t *testing.T) {
	ln := silentServer(t)
	for _, tt := range []struct {
		name    string
		timeout time.Duration
		ctx     time.Duration
	}{{"call's deadline", time.Minute, 150 * time.Millisecond}, {"Options.Timeout", 150 * time.Millisecond, time.Minute}} {
		t.Run(tt.name, func(t *testing.T) {
			f, _ := newFleet(t, ln.Addr().String(), Options{Timeout: tt.timeout})
			ctx, cancel := context.WithTimeout(t.Context(), tt.ctx)
			defer cancel()
			start := time.Now()
			err := f.Wait(ctx, keyA)
			require.Error(t, err)
			assert.ErrorIs(t, err, context.DeadlineExceeded)
			// Far below the minute of the other limit, far above a loaded machine's delays.
			assert.Less(t, time.Since(start), 10*time.Second)
			_, err = f.Remaining(ctx, keyA)
			assert.Error(t, err)
		})
	}
}

// silentServer accepts TCP connections and never answers.
func silentServer(t *testing.T) net.Listener {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		_ = ln.Close()
		mu.Lock()
		for _, c := range conns {
			_ = c.Close()
		}
		mu.Unlock()
	})
	return ln
}

func TestNewInvalid(t *testing.T) {
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1"})
	defer rdb.Close()
	for _, o := range []Options{{Rate: 6}, {Rate: -1}, {Timeout: -1}, {FallbackReplicas: -1}} {
		_, err := New(rdb, o)
		assert.Error(t, err, "%+v", o)
	}
	_, err := New(nil, Options{})
	assert.True(t, err != nil && !errors.Is(err, context.Canceled))
}
