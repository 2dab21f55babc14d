package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAccounts(t *testing.T) {
	unsetEnv(t)
	var out bytes.Buffer
	require.NoError(t, run(t.Context(), &out), out.String())
	got := out.String()
	assert.Equal(t, 12, strings.Count(got, "\n"), got)
	for _, want := range []string{`"Travel 2025"`, "ledger 0.30", "ledger 9999999999999999.00", "top"} {
		assert.Contains(t, got, want)
	}
}

// unsetEnv clears, for t, the variables that point the example at a real platform, so that
// it runs against the embedded sandbox.
func unsetEnv(t *testing.T) {
	for _, k := range []string{"CARDPLATFORM_BASE_URL", "CARDPLATFORM_TOKEN", "CARDPLATFORM_PROGRAM_GUID"} {
		t.Setenv(k, "")
	}
}
