package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// unsetEnv clears, for t, the variables that point the example at a real platform, so that
// it runs against the embedded sandbox.
func unsetEnv(t *testing.T) {
	for _, k := range []string{"CARDPLATFORM_BASE_URL", "CARDPLATFORM_TOKEN", "CARDPLATFORM_PROGRAM_GUID"} {
		t.Setenv(k, "")
	}
}

func TestQuickstart(t *testing.T) {
	unsetEnv(t)
	var out bytes.Buffer
	require.NoError(t, run(t.Context(), &out), out.String())
	got := out.String()
	assert.Equal(t, 8, strings.Count(got, "\n"), got)
	for _, want := range []string{"is ACTIVE", "(exact)", "ErrNotFound): true", "404 Not Found", "last four"} {
		assert.Contains(t, got, want)
	}
	assert.NotRegexp(t, `\b\d{15,19}\b`, got, "no full PAN printed (proxies have 13 digits)")
}
