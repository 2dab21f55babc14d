package validation

import (
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/redact"
	"github.com/stretchr/testify/assert"
)

// Every field the spec marks format: sensitive must be masked by the redaction layer (logged
// bodies, error bodies, union payloads), which matches by JSON key.
func TestSpecSensitiveFieldsAreRedacted(t *testing.T) {
	assert.NotEmpty(t, sensitiveFields)
	for _, f := range sensitiveFields {
		assert.True(t, redact.IsSensitiveKey(f), "%s is format: sensitive in the spec but redact does not mask it", f)
	}
}
