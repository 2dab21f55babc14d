package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/examples/internal/exenvtest"
)

func TestQuickstart(t *testing.T) {
	exenvtest.Unset(t)
	var out bytes.Buffer
	require.NoError(t, run(t.Context(), &out), out.String())
	got := out.String()
	assert.Equal(t, 8, strings.Count(got, "\n"), got)
	for _, want := range []string{"is ACTIVE", "(exact)", "ErrNotFound): true", "404 Not Found", "last four"} {
		assert.Contains(t, got, want)
	}
	assert.NotRegexp(t, `\b\d{15,19}\b`, got, "no full PAN printed (proxies have 13 digits)")
}
