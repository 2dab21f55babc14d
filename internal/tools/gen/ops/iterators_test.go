package ops

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestIteratorsForEveryPagingOperation: every operation of the bank spec and of the card
// platform spec with x-issuerkit-pagination gets its pair of iterator methods, and only those.
func TestIteratorsForEveryPagingOperation(t *testing.T) {
	root, err := filepath.Abs("../../../..")
	if err != nil {
		t.Fatal(err)
	}
	for spec, want := range map[string][]string{
		"banklists": {"ACHAddenda", "ACHTransactions", "PreviousDayTransactions", "RTPParticipants",
			"RTPTransactions", "WireTransactions", "WireTransactionsByPage", "CommercialAccounts",
			"PreviousDayAccountTransactions", "CurrentDayAccountTransactions"},
		"cardplatform": {"BulkOrderSummaries", "BulkOrders", "Cards"},
	} {
		files, err := generate(t, filepath.Join(root, "openapi", spec+".yaml"), filepath.Join(root, "openapi", spec+".codegen.yaml"))
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		src := files[iteratorsFile]
		if n := strings.Count(src, ") *"); n != len(want) {
			t.Errorf("%s: %d iterator methods, want %d", spec, n, len(want))
		}
		for _, name := range want {
			for _, m := range []string{"func (c *Client) " + name + "Iterator(", "func (c *Client) " + name + "("} {
				if !strings.Contains(src, m) {
					t.Errorf("%s: no %s", spec, m)
				}
			}
		}
	}
}
