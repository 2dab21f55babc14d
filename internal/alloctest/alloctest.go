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
//
// Under the race detector a sync.Pool drops what is put into it at random, and what a call
// takes from a pool then costs a new allocation: such a run only adds too, and [Bytes] takes
// more runs there (raceRuns) so that one without a drop is near certain. Pools sit under
// much of what the SDK calls: encoding/json (its engine in Go 1.27 takes its encoders and
// decoders from pools, several kilobytes each), fmt, math/big, net/http, and the SDK's own
// buffers (internal/jsonx, internal/sdkclient).
//
// testing.AllocsPerRun averages the allocations of its runs: a drop in one run raises it. Use
// it only for a function that takes nothing from a pool, or bound an average that holds with
// drops; measure anything else with [Bytes].
package alloctest

import (
	"runtime"
	"time"
)

// raceRuns is the number of runs [Bytes] takes under the race detector (as many as fit in
// raceBudget), where sync.Pool.Put drops one item in four at random (sync/pool.go:
// runtime_randn(4) == 0) and a Get that finds the pool empty allocates anew. A call that takes
// k items from pools is free of drops in a run with probability (3/4)^k, and each item it takes
// depends on a Put of its own, so all of n runs carry a drop with probability
// (1-(3/4)^k)^n. raceRuns is the least n that makes this under one in a billion for k up to 4:
// ⌈ln 1e-9 / ln(1-(3/4)^4)⌉ = ⌈54.5⌉. For k = 1 (a call into Go 1.27's encoding/json decoder:
// one pooled state) it is under 1e-33; for k = 8 (an HTTP call's buffers) 0.003, where a
// dropped buffer costs kilobytes against bounds of hundreds of kilobytes.
const raceRuns = 55

// raceBudget is how long [Bytes] keeps taking runs beyond the caller's count to reach
// raceRuns under the race detector. A cheap call (microseconds: the calls whose bounds are
// tight, a few hundred bytes) reaches raceRuns within it (the 55 runs of a measurement in
// TestBytesSeesThroughPoolDrops take 0.2 to 1.2 ms under the race detector; cut to 20 runs by
// a loaded machine, all would carry a drop of one pooled item with probability 1e-12); a call
// that reads megabytes over HTTP (the calls whose bounds are hundreds of kilobytes, where a
// dropped buffer of a few kilobytes cannot matter) stops at the caller's count, so that a test
// of many such calls (CheckListMemory measures over a hundred) does not take minutes more.
const raceBudget = 100 * time.Millisecond

// Bytes returns the fewest bytes f allocated in one call over runs calls (at least one), after
// one call that is not counted (lazy initialisations, connections set up), with GOMAXPROCS
// set to 1 meanwhile. Under the race detector it takes more runs, up to raceRuns (55) while
// the runs so far took less than raceBudget (a tenth of a second).
func Bytes(runs int, f func()) uint64 {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	f()
	least := ^uint64(0)
	var before, after runtime.MemStats
	start := time.Now()
	for i := 0; i < max(runs, 1) || raceEnabled && i < raceRuns && time.Since(start) < raceBudget; i++ {
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}

// PerCall returns the fewest bytes f allocated per call over runs rounds of n calls each (see
// [Bytes]): for a call too cheap to measure alone. A round is free of pool drops under the race
// detector only when no call of it takes from a sync.Pool: measure a call that does with
// [Bytes].
func PerCall(runs, n int, f func()) uint64 {
	return Bytes(runs, func() {
		for range n {
			f()
		}
	}) / uint64(max(n, 1))
}
