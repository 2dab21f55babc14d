package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCards(t *testing.T) {
	unsetEnv(t)
	var out bytes.Buffer
	require.NoError(t, run(t.Context(), &out), out.String())
	got := out.String()
	assert.Equal(t, 9, strings.Count(got, "\n"), got)
	for _, want := range []string{"ACTIVE", "LOST", "printed masked", "************"} {
		assert.Contains(t, got, want)
	}
	assert.NotContains(t, got, "2468", "the PIN is not printed")
	assert.NotRegexp(t, `\b\d{15,19}\b`, got, "no full PAN printed")
}

// unsetEnv clears, for t, the variables that point the example at a real platform, so that
// it runs against the embedded sandbox.
func unsetEnv(t *testing.T) {
	for _, k := range []string{"CARDPLATFORM_BASE_URL", "CARDPLATFORM_TOKEN", "CARDPLATFORM_PROGRAM_GUID"} {
		t.Setenv(k, "")
	}
}
