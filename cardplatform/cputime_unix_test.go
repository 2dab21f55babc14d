//go:build unix

package cardplatform_test

import (
	"syscall"
	"testing"
)

// cpuNow returns the CPU time (user and system, every thread, the garbage collector's
// included) the process has used so far, in nanoseconds; 0 where it cannot be read. On a
// machine shared with other jobs, wall time also counts the time a benchmark waited for a
// core, and CPU time much less so. (The benchmark module has the same reading in
// internal/bench/cputime; the SDK's module cannot import it.)
func cpuNow() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// reportCPU reports the CPU time used since start (a cpuNow reading taken before the
// benchmark's loop) per iteration, as cpu-ns/op: defer reportCPU(b, cpuNow()).
func reportCPU(b *testing.B, start int64) {
	if b.N > 0 && start > 0 {
		b.ReportMetric(float64(cpuNow()-start)/float64(b.N), "cpu-ns/op")
	}
}
