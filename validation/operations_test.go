package validation

import (
	"net/http"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/ops/opstest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestOperations checks the generated operation table against the seed's endpoints.
func TestOperations(t *testing.T) {
	opstest.AssertTable(t, operations, "testdata/operations.txt")
	opstest.AssertMatchesItself(t, operations)
}

// TestSensitiveFields checks that the fields the seed names as secrets are redacted.
func TestSensitiveFields(t *testing.T) {
	opstest.AssertSensitiveFields(t, sensitiveFields, "accountNumber", "ssn")
}

// TestEveryOperationIsAMethod compares the operation table with the method set of *Client.
func TestEveryOperationIsAMethod(t *testing.T) {
	opstest.AssertMethodSet(t, &Client{}, operations, map[string]string{"checkHealth": "HealthCheck", "checkHealthV2": "HealthCheck", "verifyAccountV2": "VerifyAccount"}, "VerifyAccountAnswer")
}

// TestEveryMethodOnTheWire calls every method once over real HTTP and checks the request.
func TestEveryMethodOnTheWire(t *testing.T) {
	opstest.CallEveryOperation(t, operations, "", func(base string) any {
		c, err := New(base, core.WithStaticToken("tok"))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}, "checkHealth", "checkHealthV2", "verifyAccount", "verifyAccountV2") // HealthCheck and VerifyAccount: client, rules and sandbox tests
}

// TestEveryWriteFaultEndsInItsClass runs the network-fault enumeration of the card platform's
// writes (opstest.WriteFaults) over every operation of this client that is not retry-safe:
// none today, so it only says so; a write added to the spec is broken at every stage and byte
// as the card platform's are.
func TestEveryWriteFaultEndsInItsClass(t *testing.T) {
	opstest.WriteFaults(t, operations, func(base string, hc *http.Client, timeout time.Duration) (any, error) {
		return New(base, core.WithHTTPClient(hc), core.WithStaticToken("tok"), core.WithTimeout(timeout))
	}, opstest.FaultPlan{Workers: 16})
}
