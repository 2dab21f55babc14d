package validation

import (
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/ops/opstest"
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
