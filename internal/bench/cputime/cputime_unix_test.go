//go:build unix

package cputime

import (
	"testing"
	"time"
)

// TestNowCountsCPUNotWallTime: sleeping adds (almost) no CPU time, which a wall clock would;
// spinning adds it, which a clock that does not move would not.
func TestNowCountsCPUNotWallTime(t *testing.T) {
	start := Now()
	time.Sleep(200 * time.Millisecond)
	if d := Now() - start; d > 100e6 {
		t.Errorf("200 ms asleep counted %v of CPU", time.Duration(d))
	}
	start = Now()
	deadline := time.Now().Add(10 * time.Second)
	x := 0
	for Now()-start < 20e6 { // 20 ms of CPU
		if time.Now().After(deadline) {
			t.Fatalf("10 s of spinning counted %v of CPU", time.Duration(Now()-start))
		}
		for i := range 100000 {
			x += i
		}
	}
	_ = x
}
