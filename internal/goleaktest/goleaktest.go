// Package goleaktest holds goleak's checks for goroutines left running by a test, with a wait
// fit for a loaded machine.
//
// goleak looks again for about 0.4 s (20 tries, the sleeps doubling from 1 µs to 100 ms)
// before it reports a goroutine: a connection's read loop, a server's handler, a refresher
// stopped by Close, each still on its way out. On a machine whose two cores run several test
// binaries under the race detector, such a goroutine can wait longer than that for a core, and
// the check then fails at random. A leaked goroutine never ends: looking for longer only delays
// the report of a real leak, it never hides one. [VerifyNone] and [VerifyTestMain] look for up
// to [Wait].
package goleaktest

import (
	"fmt"
	"os"
	"testing"
	"time"

	"go.uber.org/goleak"
)

// Wait is how long the checks look for the goroutines to end before they report them: far
// beyond a busy machine's scheduling delays. A leaked goroutine waits for what never comes (a
// channel no one sends on, a ticker no one stops); one that ends by itself within Wait is not
// reported.
const Wait = 10 * time.Second

// Find returns goleak.Find's error when goroutines other than those opts ignore still run
// after [Wait], nil as soon as none does.
func Find(opts ...goleak.Option) error { return find(Wait, opts...) }

// find is [Find] with the wait given.
func find(wait time.Duration, opts ...goleak.Option) error {
	deadline := time.Now().Add(wait)
	for {
		err := goleak.Find(opts...) // looks again for about 0.4 s itself
		if err == nil || time.Now().After(deadline) {
			return err
		}
	}
}

// VerifyNone fails t when goroutines other than those opts ignore still run after [Wait]: what
// goleak.VerifyNone checks (pass goleak.IgnoreCurrent() when the test's own goroutines may
// outlive it).
func VerifyNone(t testing.TB, opts ...goleak.Option) {
	t.Helper()
	if err := Find(opts...); err != nil {
		t.Error(err)
	}
}

// VerifyTestMain runs the tests of m and, when they pass, fails the package when goroutines
// other than those opts ignore still run after [Wait]: what goleak.VerifyTestMain checks. It
// exits the process.
func VerifyTestMain(m *testing.M, opts ...goleak.Option) {
	code := m.Run()
	if code == 0 {
		if err := Find(opts...); err != nil {
			fmt.Fprintf(os.Stderr, "goleak: Errors on successful test run: %v\n", err)
			code = 1
		}
	}
	os.Exit(code)
}
