package cardplatform

import (
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/ops/opstest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestListMemoryIsBoundedByTheBytes: every list answer of the API (the pages of the searches,
// the []T results) costs at most jsonx's stated multiple of the bytes its items take, for
// items of {} and items with an unknown member, and a page of more items than asked for fails
// with core.ErrTooManyItems at the first item beyond the bound: 1 MiB of {} cost SearchCards
// 314 MiB before (issue 34). Not parallel: it measures allocation (alloctest).
func TestListMemoryIsBoundedByTheBytes(t *testing.T) {
	costs := opstest.CheckListMemory(t, operations, "v1", func(base string) any {
		c, err := New(base, core.WithStaticToken("tok"))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}, core.ErrTooManyItems, 160)
	for _, c := range costs {
		t.Logf("%-32s %-8s %7d items %8d bytes: %9d B allocated, %5.1f×; over-full: %d B, no size: %d B", c.Op+" "+c.Member, c.Item, c.Items, c.Extra, c.Alloc, c.PerByte, c.Overfull, c.Unsized)
	}
}

// BenchmarkListMemory reports what every list answer's items allocate per byte received and
// per item (opstest.BenchLists):
//
//	go test -run '^$' -bench ListMemory -benchtime 20x ./cardplatform ./paging
func BenchmarkListMemory(b *testing.B) {
	opstest.BenchLists(b, operations, "v1", func(base string) any {
		c, err := New(base, core.WithStaticToken("tok"))
		if err != nil {
			b.Fatal(err)
		}
		return c
	})
}

// TestEveryListIsBounded: every list result of the client (a []T result, an array member of
// an answer, the items of a page), found from the Go types of the methods' results, is bounded
// in count by its descriptor or says why not (opstest.ListBounds); the generator refuses a
// spec where one does neither (internal/tools/gen/ops, lists.go). A call of SearchCards
// without limit is bounded by its documented default (25), ListAccountsByBalance by its
// documented 50 (issue 34).
func TestEveryListIsBounded(t *testing.T) {
	lists := opstest.ListBounds(t, &Client{}, operations, nil)
	for _, l := range lists {
		t.Logf("%-32s %-16q %s", l.Op, l.Member, l.Bound)
	}
	// 3 searches that page, ListAccountsByBalance, 3 []T results, 3 searches that do not page,
	// the configurations of GetProgram and ConfigureProgram.
	if len(lists) != 12 {
		t.Errorf("%d list results found, want 12", len(lists))
	}
}
