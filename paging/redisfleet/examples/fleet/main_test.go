package main

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// buildFleet builds this program once per test binary and returns its path.
var buildFleet = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "fleet")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "fleet")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		return "", &buildError{out: string(out), err: err}
	}
	return bin, nil
})

type buildError struct {
	out string
	err error
}

func (e *buildError) Error() string { return e.err.Error() + ": " + e.out }

// logWriter writes each line to t.Log.
type logWriter struct{ t testing.TB }

func (w logWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// TestFleet: 4 replica processes of this program share one Redis (REDIS_ADDR, else an
// in-process miniredis the processes reach over TCP) and drain the sandbox with prefetch.
// The sandbox, timing arrivals, sees at most 5 requests in any one second across the four; a
// 429 injected into one process's request locks the other three out: each reports a
// *LockoutError, and nothing reaches the sandbox until the lock-out (3 s) ends; then all four
// finish their drain.
func TestFleet(t *testing.T) {
	if testing.Short() {
		t.Skip("runs four processes for about 15 seconds")
	}
	bin, err := buildFleet()
	require.NoError(t, err)
	const lockout = 3 * time.Second
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	rep, err := runFleet(ctx, logWriter{t}, bin, config{Replicas: 4, Pages: 40, PageSize: 10, Prefetch: 4, FailAt: 12, MaxLockout: lockout})
	require.NoError(t, err)

	assert.LessOrEqual(t, rep.WorstSecond, 5, "requests at the sandbox in one second, all four replicas together")
	require.False(t, rep.Failed.IsZero(), "the 429 was served")
	var failedBy []int
	for id := 1; id <= 4; id++ {
		var rateLimited, lockedOut, done bool
		for _, ev := range rep.Events[id] {
			switch ev.Kind {
			case kindRateLimited:
				rateLimited = true
			case kindLockout:
				lockedOut = lockedOut || !ev.At.Before(rep.Failed)
			case kindDone:
				done = ev.Items == 100
			}
		}
		if rateLimited {
			failedBy = append(failedBy, id)
		} else {
			assert.True(t, lockedOut, "replica %d was locked out by another's 429", id)
		}
		assert.True(t, done, "replica %d drained its 100 rows", id)
	}
	// The replica whose request got the 429 reports it, unless an earlier page of its own
	// prefetch was refused by the lock-out first: the iterator delivers errors in page order,
	// so that replica then reports the *LockoutError too (seen on a loaded machine).
	assert.LessOrEqual(t, len(failedBy), 1, "at most one replica reports the 429; the others were locked out")
	for _, at := range rep.Requests {
		if at.After(rep.Failed) {
			assert.GreaterOrEqual(t, at.Sub(rep.Failed), lockout, "a request reached the sandbox during the lock-out")
		}
	}
	t.Logf("%d requests in %v, at most %d in a second", len(rep.Requests), rep.Elapsed, rep.WorstSecond)
}

// BenchmarkFleet: 4 processes drain 200 pages; it reports the requests a second the bank
// received (first to last) and the one-second windows over 5 (want 0).
//
//	go -C paging/redisfleet test -run '^$' -bench Fleet -benchtime 1x ./examples/fleet
func BenchmarkFleet(b *testing.B) {
	bin, err := buildFleet()
	require.NoError(b, err)
	for b.Loop() {
		rep, err := runFleet(b.Context(), io.Discard, bin, config{Replicas: 4, Pages: 200, PageSize: 10, Prefetch: 4, MaxLockout: 3 * time.Second})
		require.NoError(b, err)
		b.ReportMetric(rep.PerSecond, "req/s")
		b.ReportMetric(float64(rep.WorstSecond), "max-in-1s")
		b.ReportMetric(float64(rep.OverBudget), "windows-over-5")
	}
}
