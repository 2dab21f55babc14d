package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/examples/internal/exenvtest"
)

func TestPayouts(t *testing.T) {
	exenvtest.Unset(t)
	var out bytes.Buffer
	require.NoError(t, run(t.Context(), &out), out.String())
	got := out.String()
	assert.Equal(t, 8, strings.Count(got, "\n"), got)
	for _, want := range []string{"outcome unknown, sent once", "not queued", "250.75 QUEUED, HTTP 201", "paid once"} {
		assert.Contains(t, got, want)
	}
}
