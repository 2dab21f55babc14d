package paging_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// TestShortMiddlePageIsAnError: the bank announces 300 records in 3 pages of 100 and serves
// 60 on page 2. The iterator delivered 260 and ended with a nil error (issue 34). It delivers
// the 160 rows it received up to the short page, then fails with *core.ReconcileError
// (ReconcileShortPage, core.ErrCountMismatch); its cursor resumes inside page 2.
func TestShortMiddlePageIsAnError(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(300), pagingtest.WithShortPage(2, 60))
	it := client(t, srv).ACHTransactionsIterator(t.Context(), achReq, core.WithPageSize(100), core.WithPrefetch(0))
	got, err := collect(t, it.Items(), achKey)
	var re *core.ReconcileError
	require.ErrorAs(t, err, &re)
	assert.ErrorIs(t, err, core.ErrCountMismatch)
	assert.Equal(t, core.ReconcileShortPage, re.Problem)
	assert.Equal(t, 300, re.Total)
	assert.Equal(t, 60, re.Items)
	assert.Equal(t, 100, re.Want)
	assert.Len(t, got, 160, "the rows received before the short page's end are delivered")
	assert.Len(t, srv.Requests(), 2, "nothing asked past the short page")
	cur := it.Cursor()
	assert.Equal(t, 2, cur.Start)
	assert.Equal(t, 60, cur.Skip, "a resumption asks for page 2 again, after the rows delivered")
}

// TestUnannouncedPageCapIsAnError: a bank that caps its pages at 100 whatever pageSize asks,
// announcing 250 records and echoing no size: 100 rows were delivered in one request with a
// nil error, "more" being judged by the size asked for (issue 34). The 100 rows are
// delivered, then *core.ReconcileError (ReconcileShortPage): the bank announced 250.
func TestUnannouncedPageCapIsAnError(t *testing.T) {
	for _, name := range []string{"with totalPages", "records only"} {
		t.Run(name, func(t *testing.T) {
			srv := pagingtest.NewServer(t, pagingtest.WithRecords(250), pagingtest.WithPageSizeLimit(100),
				pagingtest.WithPageMetadata(func(m *paging.PageMetadata) {
					m.PageSize = 0 // no size echo
					if name == "records only" {
						m.TotalPages = 0
					}
				}))
			got, err := collect(t, client(t, srv).ACHTransactions(t.Context(), achReq), achKey)
			var re *core.ReconcileError
			require.ErrorAs(t, err, &re)
			assert.ErrorIs(t, err, core.ErrCountMismatch)
			assert.Equal(t, core.ReconcileShortPage, re.Problem)
			assert.Equal(t, 250, re.Total)
			assert.Equal(t, 100, re.Items)
			assert.Len(t, got, 100)
		})
	}
}

// TestShiftedPageIsAnError: the bank inserts 5 records before the first between the first
// and the second request while its metadata still counts as before (seed 002: offset and page
// positions shift when the data changes). Page 2 then begins with the last 5 records of page
// 1: the typed iterators know each row's id (x-issuerkit-pagination id, here parNumber and
// transactionId), and the iteration fails with *core.ReconcileError (ReconcileRowRepeated,
// core.ErrListShifted) before page 2 is delivered, no row twice.
func TestShiftedPageIsAnError(t *testing.T) {
	for _, name := range []string{"ach", "rtp"} {
		t.Run(name, func(t *testing.T) {
			srv := pagingtest.NewServer(t, pagingtest.WithRecords(300), pagingtest.WithShiftAfter(1, 5))
			c := client(t, srv)
			var got []string
			var err error
			if name == "ach" {
				got, err = collect(t, c.ACHTransactions(t.Context(), achReq, core.WithPageSize(100), core.WithPrefetch(0)), achKey)
			} else {
				got, err = collect(t, c.RTPTransactions(t.Context(), rtpReq, core.WithPageSize(100), core.WithPrefetch(0)), rtpKey)
			}
			var re *core.ReconcileError
			require.ErrorAs(t, err, &re)
			assert.ErrorIs(t, err, core.ErrListShifted)
			assert.Equal(t, core.ReconcileRowRepeated, re.Problem)
			assert.Equal(t, pagingtest.Key(96), re.ID, "the first row of page 2, delivered on page 1")
			assert.Equal(t, want(1, 100), got, "page 1 only")
		})
	}
}
