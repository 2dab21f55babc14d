package cardplatform

import (
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/ops/opstest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestOperations checks the generated operation table against the seed's endpoint table.
func TestOperations(t *testing.T) {
	opstest.AssertTable(t, operations, "testdata/operations.txt")
	opstest.AssertMatchesItself(t, operations)
}

// TestSensitiveFields checks that the fields the seed names as card secrets are redacted.
func TestSensitiveFields(t *testing.T) {
	opstest.AssertSensitiveFields(t, sensitiveFields,
		"card_number", "track1", "track2", "cvx2", "pin", "accountNumber")
}

// BenchmarkMatch measures ops.Table.Match over the card platform's table, with request
// paths made from every template, half of them behind a base-path prefix.
func BenchmarkMatch(b *testing.B) {
	type req struct{ method, path string }
	var reqs []req
	for op := range operations.All() {
		p := opstest.SamplePath(op.Path)
		reqs = append(reqs, req{op.Method, p}, req{op.Method, "/platform" + p})
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		r := reqs[i%len(reqs)]
		if _, ok := operations.Match(r.method, r.path); !ok {
			b.Fatalf("no match for %s %s", r.method, r.path)
		}
	}
}

// TestEveryOperationIsAMethod compares the operation table with the method set of *Client.
func TestEveryOperationIsAMethod(t *testing.T) {
	extra := []string{"CreateBatchfileBytes",
		"Cards", "CardsIterator", "BulkOrders", "BulkOrdersIterator", "BulkOrderSummaries", "BulkOrderSummariesIterator"}
	for _, m := range settleMethods { // read-backs: settle.gen.go and settle_rule.go
		extra = append(extra, m.Snapshot, m.Settle)
	}
	opstest.AssertMethodSet(t, &Client{}, operations, nil, extra...)
}

// TestEveryMethodOnTheWire calls every method once over real HTTP and checks the request.
func TestEveryMethodOnTheWire(t *testing.T) {
	opstest.CallEveryOperation(t, operations, "v1", func(base string) any {
		c, err := New(base, core.WithStaticToken("tok"))
		if err != nil {
			t.Fatal(err)
		}
		return c
	})
}
