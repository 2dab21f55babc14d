package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/examples/internal/exenvtest"
)

func TestAccounts(t *testing.T) {
	exenvtest.Unset(t)
	var out bytes.Buffer
	require.NoError(t, run(t.Context(), &out), out.String())
	got := out.String()
	assert.Equal(t, 12, strings.Count(got, "\n"), got)
	for _, want := range []string{`"Travel 2025"`, "ledger 0.30", "ledger 9999999999999999.00", "top"} {
		assert.Contains(t, got, want)
	}
}
