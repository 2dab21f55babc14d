package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReports(t *testing.T) {
	t.Setenv("BANK_BASE_URL", "") // the embedded sandboxes
	var out bytes.Buffer
	require.NoError(t, run(t.Context(), &out), out.String())
	got := out.String()
	assert.Equal(t, 13, strings.Count(got, "\n"), got)
	for _, want := range []string{"2500 transactions, windows", "2500 transactions, pages", "2500 participants", "2500 addenda",
		"14 requests in", `cursor "row:1201:1000:0@`, "1300 more, 2500 in all, none twice",
		"the bank as published (the default, no switch)", "paging.WithDocumentedAPI()", "2500 transactions, pageNumber and pageSize in the body",
		`2500 addenda, pageSize "1000" in the body, ended by 1002040-50I`, "status 200, x-fapi-interaction-id of 36 characters",
		"1200 read, 1300 more, 2500 in all, none twice"} {
		assert.Contains(t, got, want)
	}
}
