package core

import (
	"runtime"
	"testing"
)

// checkCheap fails t when f, which reads n bytes of text, allocates more than a few times n
// plus a constant: the bound the fuzz targets of the numbers keep (issue 26; 1e999 once cost
// 2.5 KB through math/big). The least of three runs counts, so that an allocation of another
// goroutine does not fail it.
func checkCheap(t *testing.T, n int, f func()) {
	t.Helper()
	f() // lazy initialisations (the shared powers of ten) are not counted
	limit := 4*uint64(n) + 768
	least := ^uint64(0)
	for range 3 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
		if least <= limit {
			return
		}
	}
	t.Fatalf("%d bytes of text: %d bytes allocated, over %d", n, least, limit)
}
