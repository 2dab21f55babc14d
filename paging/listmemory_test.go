package paging

import (
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/ops/opstest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestListMemoryIsBoundedByTheBytes: every page of the bank's lists, in the published form
// (page parameters in the body) and the documented one (in the query), costs at most jsonx's
// stated multiple of the bytes its items take, for items of {} and items with an unknown
// member, and a page of more items than asked for fails with core.ErrTooManyItems at the
// first item beyond the bound: 1 MiB of {} cost ListACHTransactions 266 MiB before (issue
// 34). Not parallel: it measures allocation (alloctest).
func TestListMemoryIsBoundedByTheBytes(t *testing.T) {
	for _, form := range []struct {
		name string
		opts []core.Option
		skip []string
	}{
		// The published form has neither the /ddaReports list nor the legacy wire details
		// (their methods refuse before sending): the documented form measures them.
		{"published", nil, []string{"listPreviousDayTransactions", "listWireTransactions"}},
		{"documented", []core.Option{WithDocumentedAPI()}, nil},
	} {
		t.Run(form.name, func(t *testing.T) {
			costs := opstest.CheckListMemory(t, operations, "", func(base string) any {
				// No rate limit: the test server is not the bank.
				c, err := New(base, append([]core.Option{core.WithStaticToken("tok"), WithRateLimit(0)}, form.opts...)...)
				if err != nil {
					t.Fatal(err)
				}
				return c
			}, core.ErrTooManyItems, 160, form.skip...)
			for _, c := range costs {
				t.Logf("%-36s %-8s %7d items %8d bytes: %9d B allocated, %5.1f×; over-full: %d B, no size: %d B", c.Op+" "+c.Member, c.Item, c.Items, c.Extra, c.Alloc, c.PerByte, c.Overfull, c.Unsized)
			}
		})
	}
}

// BenchmarkListMemory reports what every page's items allocate per byte received and per item
// (opstest.BenchLists), in the documented form (every list operation):
//
//	go test -run '^$' -bench ListMemory -benchtime 20x ./cardplatform ./paging
func BenchmarkListMemory(b *testing.B) {
	opstest.BenchLists(b, operations, "", func(base string) any {
		c, err := New(base, core.WithStaticToken("tok"), WithRateLimit(0), WithDocumentedAPI())
		if err != nil {
			b.Fatal(err)
		}
		return c
	})
}

// TestEveryListIsBounded: every list result of the client (the items of every page, the
// other arrays of an answer), found from the Go types of the methods' results, is bounded in
// count by its descriptor or says why not (opstest.ListBounds); the generator refuses a spec
// where one does neither (internal/tools/gen/ops, lists.go) (issue 34).
func TestEveryListIsBounded(t *testing.T) {
	lists := opstest.ListBounds(t, &Client{}, operations, nil)
	pages := 0
	for _, l := range lists {
		t.Logf("%-36s %-20q %s", l.Op, l.Member, l.Bound)
	}
	for op := range operations.All() {
		if op.Paging != nil {
			pages++
		}
	}
	// The items of every paging operation, and the addenda's two message lists.
	if want := pages + 2; len(lists) != want {
		t.Errorf("%d list results found, want %d", len(lists), want)
	}
}
