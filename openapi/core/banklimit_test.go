package core_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestNewBudgetKey: keys differ by origin and credential, and hold neither.
func TestNewBudgetKey(t *testing.T) {
	a := core.NewBudgetKey("https://bank.example", "secret-token")
	assert.NotContains(t, string(a), "secret")
	assert.NotEqual(t, a, core.NewBudgetKey("https://bank.example", "other"))
	assert.NotEqual(t, a, core.NewBudgetKey("https://qv.bank.example", "secret-token"))
	assert.Equal(t, a, core.NewBudgetKey("https://bank.example", "secret-token"))
}
