package validation

import (
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/ops/opstest"
)

// TestEveryListIsBounded: every list result of the client, found from the Go types of the
// methods' results, is bounded in count by its descriptor or says why not
// (opstest.ListBounds). The validation answers hold no list today: the test keeps a new one
// from arriving without its bound (issue 34).
func TestEveryListIsBounded(t *testing.T) {
	lists := opstest.ListBounds(t, &Client{}, operations, map[string]string{"checkHealth": "HealthCheck", "checkHealthV2": "HealthCheck", "verifyAccountV2": "VerifyAccount"})
	for _, l := range lists {
		t.Logf("%-24s %-16q %s", l.Op, l.Member, l.Bound)
	}
	if len(lists) != 0 {
		t.Errorf("%d list results found, want none", len(lists))
	}
}
