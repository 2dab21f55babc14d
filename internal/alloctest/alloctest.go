// Package alloctest measures the bytes a function allocates, for the tests that bound memory
// (a number's cost by its text, an answer's by its bytes).
//
// A test that reads runtime.MemStats.TotalAlloc around one call counts whatever else the
// process allocated meanwhile: another test of the same binary, a server goroutine, the
// runtime. Such a test once read 5,696 bytes for a call that allocates none (issue 34). [Bytes]
// counts the call alone as far as a process can: it runs it several times with GOMAXPROCS at
// 1, as testing.AllocsPerRun does, and keeps the least figure, since what other goroutines
// allocate only ever adds to it. Call it from a test that does not run in parallel with others
// (no t.Parallel), or from a benchmark.
package alloctest

import "runtime"

// Bytes returns the fewest bytes f allocated in one call over runs calls (at least one), after
// one call that is not counted (lazy initialisations, connections set up), with GOMAXPROCS
// set to 1 meanwhile.
func Bytes(runs int, f func()) uint64 {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	f()
	least := ^uint64(0)
	var before, after runtime.MemStats
	for range max(runs, 1) {
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}

// PerCall returns the fewest bytes f allocated per call over runs rounds of n calls each (see
// [Bytes]): for a call too cheap to measure alone.
func PerCall(runs, n int, f func()) uint64 {
	return Bytes(runs, func() {
		for range n {
			f()
		}
	}) / uint64(max(n, 1))
}
