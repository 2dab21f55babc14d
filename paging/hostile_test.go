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

// TestPageLastPageBeforeTotals: lastPage on a page before the end that totalPages (or
// totalRecords) announce contradicts the server's own totals: ending there could drop pages,
// going on could ask past the end, so the iteration fails with *TotalsError
// (ErrInconsistentTotals) after the items of the page.
func TestPageLastPageBeforeTotals(t *testing.T) {
	for name, edit := range map[string]func(m *paging.PageMetadata){
		"totalPages": func(m *paging.PageMetadata) {
			m.LastPage = m.LastPage || m.PageNumber == 1
		},
		"totalRecords only": func(m *paging.PageMetadata) {
			m.LastPage, m.TotalPages = m.LastPage || m.PageNumber == 1, 0
		},
	} {
		t.Run(name, func(t *testing.T) {
			srv := pagingtest.NewServer(t, pagingtest.WithRecords(250), pagingtest.WithPageMetadata(edit))
			got, err := collect(t, client(t, srv).ACHTransactions(t.Context(), achReq, paging.WithPageSize(100)), achKey)
			require.ErrorIs(t, err, paging.ErrInconsistentTotals)
			var te *paging.TotalsError
			require.ErrorAs(t, err, &te)
			assert.Equal(t, 1, te.Position.Start)
			assert.Empty(t, got)
		})
	}
}

// TestPageNegativeTotals: negative totals are no totals a page can be counted against; the
// server's -1 for "unknown" ended the iteration after the first page.
func TestPageNegativeTotals(t *testing.T) {
	for name, edit := range map[string]func(m *paging.PageMetadata){
		"both":         func(m *paging.PageMetadata) { m.TotalPages, m.TotalRecords, m.LastPage = -1, -1, false },
		"totalPages":   func(m *paging.PageMetadata) { m.TotalPages, m.LastPage = -1, false },
		"totalRecords": func(m *paging.PageMetadata) { m.TotalRecords = -5 },
	} {
		t.Run(name, func(t *testing.T) {
			srv := pagingtest.NewServer(t, pagingtest.WithRecords(250), pagingtest.WithPageMetadata(edit))
			got, err := collect(t, client(t, srv).ACHTransactions(t.Context(), achReq, paging.WithPageSize(100)), achKey)
			require.ErrorIs(t, err, paging.ErrInconsistentTotals)
			assert.Empty(t, got)
		})
	}
}
