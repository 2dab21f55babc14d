package goleaktest

import (
	"testing"
	"time"

	"go.uber.org/goleak"
)

// TestSlowExitIsNoLeak: a goroutine that ends a second after the check begins (a busy
// machine's delay) is not reported, where goleak's own check, looking for about 0.4 s,
// reports it.
func TestSlowExitIsNoLeak(t *testing.T) {
	ignore := goleak.IgnoreCurrent()
	release := make(chan struct{})
	go func() { <-release }()
	if goleak.Find(ignore) == nil {
		t.Fatal("goleak.Find did not see the goroutine blocked on its channel")
	}
	time.AfterFunc(time.Second, func() { close(release) })
	VerifyNone(t, ignore)
}

// TestLeakIsReported: a goroutine that never ends is reported once the wait is over.
func TestLeakIsReported(t *testing.T) {
	ignore := goleak.IgnoreCurrent()
	release := make(chan struct{})
	defer close(release)
	go func() { <-release }()
	start := time.Now()
	if err := find(time.Second, ignore); err == nil {
		t.Fatal("a goroutine blocked for ever was not reported")
	}
	if took := time.Since(start); took < time.Second {
		t.Errorf("reported after %v, before the wait of 1 s was over", took)
	}
}
