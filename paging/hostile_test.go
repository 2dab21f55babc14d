package paging_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// Hostile page-style servers, through the typed client over HTTP.

func achKey(x paging.ACHListTransaction) string { return x.ParNumber }

// assertNoRepeats fails when a key appears twice.
func assertNoRepeats(t *testing.T, keys []string) {
	t.Helper()
	seen := map[string]bool{}
	for _, k := range keys {
		assert.False(t, seen[k], "%s delivered twice", k)
		seen[k] = true
	}
}

// TestPageOverfull: a server that sends more items than the pageSize it echoes cannot be
// paged safely (its next page may or may not start after them), so the page fails with
// *MismatchError (pageSize) before any of its items is delivered, and nothing is repeated.
func TestPageOverfull(t *testing.T) {
	for _, k := range []int{0, 2} {
		srv := pagingtest.NewServer(t, pagingtest.WithRecords(250), pagingtest.WithExtraItems(30))
		opts := []paging.IterOption{paging.WithPageSize(100)}
		if k > 0 {
			opts = append(opts, paging.WithPrefetch(k))
		}
		got, err := collect(t, client(t, srv).ACHTransactions(t.Context(), achReq, opts...), achKey)
		assertNoRepeats(t, got)
		require.ErrorIs(t, err, paging.ErrPositionMismatch)
		var me *paging.MismatchError
		require.ErrorAs(t, err, &me)
		assert.Equal(t, "pageSize", me.Param)
		assert.Equal(t, 100, me.Requested)
		assert.Equal(t, 130, me.Returned)
		assert.Empty(t, got)
	}
}
