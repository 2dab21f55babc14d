package main

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestValidate(t *testing.T) {
	t.Setenv("BANK_BASE_URL", "") // the embedded sandbox
	var out bytes.Buffer
	require.NoError(t, run(t.Context(), &out), out.String())
	got := out.String()
	for _, want := range []string{
		"v1 owner matches", "v2 owner matches", "the bank's published API", "v1 (WithDocumentedAPI)",
		"fault beside a Result", "account 699 open", "fault without a Result", "v2 no v1 there", "condition 300", "condition 301", "condition 302", "condition 304",
		"condition 396", "condition 900", "account 012 closed", "account 096", "account 000",
		"errorCode 106", "errorCode 103", "errorCode 005", "errorCode 997", "errorCode 998", "errorCode 999",
		"routingNumber 001", "accountNumber 003", "accountNumber 008", "amount 013", "zipCode 107", "idState 010", "clientDate 105",
		"401 unauthorized", "403 forbidden", "503 unavailable", "429 past",
	} {
		assert.Contains(t, got, want)
	}
	assert.NotContains(t, got, "123456789", "account numbers are not printed")
}
