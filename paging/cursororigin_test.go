package paging_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// TestCursorBoundToOriginAndCredential: a cursor taken after 1,200 of 2,500 rows at one bank
// origin, resumed with the same request at another, delivered the other bank's last 1,300
// rows, its first 1,200 skipped without a word (issue 34). The cursor's fingerprint covers the
// client's origin, base path and credential identity (a hash, never the credential): at
// another origin or with another credential it fails with *core.CursorMismatchError before
// any request; with the same client settings it resumes.
func TestCursorBoundToOriginAndCredential(t *testing.T) {
	one := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(2500))
	two := pagingtest.NewServer(t, pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(2500))
	c := client(t, one, paging.WithCredentialID("exporter-a"))
	it := c.PreviousDayTransactionsIterator(t.Context(), pdReq)
	n := 0
	for _, err := range it.Items() {
		require.NoError(t, err)
		if n++; n == 1200 {
			break
		}
	}
	var cur core.Cursor
	require.NoError(t, cur.UnmarshalText([]byte(it.Cursor().String())), "the stored text")
	assert.NotContains(t, cur.String(), "exporter-a")

	refused := func(name string, c *paging.Client, srv *pagingtest.Server) {
		t.Helper()
		before := len(srv.Requests())
		got, err := collect(t, c.PreviousDayTransactions(t.Context(), pdReq, core.WithCursor(cur)), pdKey)
		var me *core.CursorMismatchError
		require.ErrorAs(t, err, &me, name)
		assert.ErrorIs(t, err, core.ErrCursorMismatch, name)
		assert.Empty(t, got, name)
		assert.Equal(t, before, len(srv.Requests()), "%s: refused before the network", name)
	}
	refused("another origin", client(t, two, paging.WithCredentialID("exporter-a")), two)
	refused("another credential", client(t, one, paging.WithCredentialID("exporter-b")), one)
	refused("no credential named", client(t, one), one)
	other, err := paging.New(one.URL+"/v2", core.WithHTTPClient(one.HTTPClient()), paging.WithRateLimit(0),
		paging.WithDocumentedAPI(), paging.WithCredentialID("exporter-a"))
	require.NoError(t, err)
	refused("another base path", other, one)

	rest, err := collect(t, client(t, one, paging.WithCredentialID("exporter-a")).PreviousDayTransactions(t.Context(), pdReq, core.WithCursor(cur)), pdKey)
	require.NoError(t, err, "the same origin and credential, another client: resumes")
	assert.Equal(t, want(1201, 2500), rest)
}
