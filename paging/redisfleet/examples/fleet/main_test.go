package main

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
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
// The fleet gives at most 5 turns in any one second across the four (on Redis's clock, read
// from the turn script's replies through a proxy, turnRecorder), and every request reaches
// the sandbox at or after a turn of its own; a 429 injected into one process's request locks
// the other three out: each reports a *LockoutError, and nothing reaches the sandbox until
// the lock-out (3 s) ends; then all four finish their drain.
//
// The turns, not the sandbox's arrival times, are counted per second: the arrivals are the
// turns plus each request's delay from its turn to the sandbox's handler (the replica's
// wake-up and write, the kernel, the sandbox's goroutines), and the fleet's 87 ms of margin
// in six turns holds the bank to 5 a second only while those delays differ by less (the
// package doc's "what is assumed"). On a starved machine they do not: the sandbox counted 6
// in one second at load 17 with the turns spaced as they must be. The arrivals are still held
// to 5 a second (what the bank counts, and the only check that sees the fleet's "a turn more
// than 25 ms late is given up" rule), and each must follow a turn: a replica that sent before
// its turn, or without one, fails here on any machine. Both clocks are this machine's (a REDIS_ADDR on loopback, as in
// CI).
func TestFleet(t *testing.T) {
	if testing.Short() {
		t.Skip("runs four processes for about 15 seconds")
	}
	bin, err := buildFleet()
	require.NoError(t, err)
	const lockout = 3 * time.Second
	redisAddr := os.Getenv("REDIS_ADDR")
	if redisAddr == "" {
		redisAddr = miniredis.RunT(t).Addr()
	}
	rec := recordTurns(t, redisAddr)
	t.Setenv("REDIS_ADDR", rec.Addr())
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	rep, err := runFleet(ctx, logWriter{t}, bin, config{Replicas: 4, Pages: 40, PageSize: 10, Prefetch: 4, FailAt: 12, MaxLockout: lockout})
	require.NoError(t, err)

	turns := rec.turns()
	worstTurns, _ := windows(turns)
	assert.LessOrEqual(t, worstTurns, 5, "turns the fleet gave in one second (Redis's clock), all four replicas together")
	// What the bank counts: the arrivals. Its margin rests on the delays from a turn to the
	// sandbox differing by less than 87 ms (a turn more than 25 ms late is given up), which a
	// starved machine can break; only this check sees that rule removed.
	assert.LessOrEqual(t, rep.WorstSecond, 5, "requests at the sandbox in one second, all four replicas together")
	for k, at := range rep.Requests { // sorted: the k+1 first need k+1 turns no later than the last of them
		n, found := slices.BinarySearchFunc(turns, at, time.Time.Compare)
		if found {
			n++
		}
		if !assert.GreaterOrEqual(t, n, k+1, "request %d reached the sandbox at %v, before a turn of its own", k+1, at) {
			break
		}
	}
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
	t.Logf("%d turns, at most %d in a second; %d requests in %v, at most %d in a second at the sandbox",
		len(turns), worstTurns, len(rep.Requests), rep.Elapsed, rep.WorstSecond)
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
