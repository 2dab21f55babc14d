package core

import (
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/alloctest"
)

// checkCheap fails t when f, which reads n bytes of text, allocates more than a few times n
// plus a constant: the bound the fuzz targets of the numbers keep (issue 26; 1e999 once cost
// 2.5 KB through math/big). Measured by alloctest: the least of three runs at GOMAXPROCS 1,
// so that an allocation of another goroutine does not fail it.
func checkCheap(t *testing.T, n int, f func()) {
	t.Helper()
	limit := 4*uint64(n) + 768
	if allocated := alloctest.Bytes(3, f); allocated > limit {
		t.Fatalf("%d bytes of text: %d bytes allocated, over %d", n, allocated, limit)
	}
}
