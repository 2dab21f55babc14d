package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/examples/internal/exenvtest"
)

func TestCards(t *testing.T) {
	exenvtest.Unset(t)
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
