package ratelimit

import (
	"context"
	"errors"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeClock is a clock whose sleeps advance it at once.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	return nil
}

// TestDrainStaysUnderFivePerSecond sends 60 requests as fast as the limiter lets them through
// and checks every one-second window (on the fake clock) holds at most 5.
func TestDrainStaysUnderFivePerSecond(t *testing.T) {
	clk := &fakeClock{now: time.Date(2025, 1, 10, 8, 0, 0, 0, time.UTC)}
	l := newWithClock(BankRate, clk.Now, clk.Sleep)
	var sent []time.Time
	for range 60 {
		require.NoError(t, l.Wait(t.Context()))
		sent = append(sent, clk.Now())
	}
	for i := range sent {
		n := 0
		for _, s := range sent[i:] {
			if s.Sub(sent[i]) < time.Second {
				n++
			}
		}
		assert.LessOrEqual(t, n, BankRate, "requests in the second from request %d", i)
	}
	assert.GreaterOrEqual(t, sent[59].Sub(sent[0]), 11800*time.Millisecond, "60 requests take about 12 s")
}

// TestRealClockConcurrent checks the real clock under concurrency: 12 requests from 4
// goroutines take at least 2.2 s (the first goes at once, then 5 per second).
func TestRealClockConcurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("real time")
	}
	l := NewBank()
	start := time.Now()
	var wg sync.WaitGroup
	var mu sync.Mutex
	var sent []time.Duration
	for range 4 {
		wg.Go(func() {
			for range 3 {
				assert.NoError(t, l.Wait(t.Context()))
				mu.Lock()
				sent = append(sent, time.Since(start))
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	assert.Len(t, sent, 12)
	assert.GreaterOrEqual(t, time.Since(start), 2100*time.Millisecond)
}

func TestWaitCancelAndDeadline(t *testing.T) {
	l := NewBank()
	require.NoError(t, l.Wait(t.Context()))
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Millisecond)
	defer cancel()
	err := l.Wait(ctx)
	assert.True(t, errors.Is(err, context.DeadlineExceeded), err)

	ctx, cancel = context.WithCancel(t.Context())
	cancel()
	assert.ErrorIs(t, l.Wait(ctx), context.Canceled)
}

func TestNew(t *testing.T) {
	_, err := New(0)
	assert.Error(t, err)
	l, err := New(10)
	require.NoError(t, err)
	require.NoError(t, l.Wait(t.Context()))
}

func TestLockoutWait(t *testing.T) {
	now := time.Date(2025, 1, 10, 8, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		retryAfter string
		want       time.Duration
	}{
		{"", BankLockout},
		{"30", 30 * time.Second},
		{"0", 0},
		{"-5", BankLockout},
		{"soon", BankLockout},
		{now.Add(90 * time.Second).Format(http.TimeFormat), 90 * time.Second},
		{now.Add(-time.Minute).Format(http.TimeFormat), 0},
		{"315360000", core.DefaultMaxLockout},               // ten years: the maximum
		{"9223372037", core.DefaultMaxLockout},              // past the largest Duration: saturates
		{"18446744074", core.DefaultMaxLockout},             // wrapped to 290 ms
		{"99999999999999999999999", core.DefaultMaxLockout}, // past int64
		{now.AddDate(10, 0, 0).Format(http.TimeFormat), core.DefaultMaxLockout},
	} {
		h := http.Header{}
		if tt.retryAfter != "" {
			h.Set("Retry-After", tt.retryAfter)
		}
		assert.Equal(t, tt.want, LockoutWait(h, now, core.DefaultMaxLockout), tt.retryAfter)
	}
}
