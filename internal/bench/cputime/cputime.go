// Package cputime reads the CPU time the process has used, for benchmarks that report it
// besides wall time: on a machine shared with other jobs, wall time also counts the time a
// benchmark waited for a core, and CPU time much less so.
package cputime

import "testing"

// Now returns the CPU time (user and system, every thread, the garbage collector's included)
// the process has used so far, in nanoseconds; 0 where it cannot be read.
func Now() int64 { return now() }

// Report reports the CPU time used since start (a [Now] reading taken before the benchmark's
// loop) per iteration, as cpu-ns/op. Call it after the loop, or defer it before:
//
//	defer cputime.Report(b, cputime.Now())
//	for b.Loop() { ... }
func Report(b *testing.B, start int64) {
	if b.N > 0 && start > 0 {
		b.ReportMetric(float64(Now()-start)/float64(b.N), "cpu-ns/op")
	}
}
