package paging_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// The ACH addenda as the bank publishes them (issue 16): pageSize in the body as a string, and
// the end announced by the information message 1002040-50I, not by a short page.

func addendaSeqs(from, to int) []string {
	var out []string
	for i := from; i <= to; i++ {
		out = append(out, fmt.Sprintf("%04d", i))
	}
	return out
}

// addendaAsked returns startAddendaSequenceNumber, the query pageSize and the body pageSize of
// every request, as "start?query|body".
func addendaAsked(t *testing.T, srv *pagingtest.Server) []string {
	var out []string
	for _, r := range srv.Requests() {
		out = append(out, bodyParam(t, r.RevealBody(), "startAddendaSequenceNumber")+"?"+r.RevealQuery().Get("pageSize")+"|"+bodyParam(t, r.RevealBody(), "pageSize"))
	}
	return out
}

// TestACHAddendaPublished: each case counts the requests, so fetches on demand (see client):
// under load the default depth requested a window past the short last page ("documented
// form" saw four requests).
func TestACHAddendaPublished(t *testing.T) {
	key := func(x paging.ACHAddenda) string { return x.AddendaSequenceNumber }
	req := paging.ACHAddendaRequest{UUID: "item-7"}
	published := func(opts ...pagingtest.Option) *pagingtest.Server {
		return pagingtest.NewServer(t, append([]pagingtest.Option{pagingtest.WithParamsIn(pagingtest.Body)}, opts...)...)
	}
	t.Run("pageSize in the body as a string", func(t *testing.T) {
		srv := published(pagingtest.WithRecords(25))
		got, err := collect(t, client(t, srv).ACHAddenda(t.Context(), req, core.WithPrefetch(0)), key)
		require.NoError(t, err)
		assert.Equal(t, addendaSeqs(1, 25), got)
		assert.Equal(t, []string{`"0001"?|"100"`}, addendaAsked(t, srv))
	})
	t.Run("server page size smaller than asked", func(t *testing.T) {
		srv := published(pagingtest.WithRecords(25), pagingtest.WithPageSizeLimit(10))
		got, err := collect(t, client(t, srv).ACHAddenda(t.Context(), req, core.WithPrefetch(0)), key)
		require.NoError(t, err)
		assert.Equal(t, addendaSeqs(1, 25), got, "25 of 25: a short page is not the end")
		assert.Equal(t, []string{`"0001"?|"100"`, `"0011"?|"100"`, `"0021"?|"100"`}, addendaAsked(t, srv),
			"the page holding 1002040-50I is the last")
	})
	t.Run("documented placement against the published server", func(t *testing.T) {
		// The server reads no query pageSize and serves its own 10: the short pages that
		// follow are not the end either.
		srv := published(pagingtest.WithRecords(25))
		got, err := collect(t, client(t, srv, paging.WithDocumentedAPI()).ACHAddenda(t.Context(), req, core.WithPrefetch(0)), key)
		require.NoError(t, err)
		assert.Equal(t, addendaSeqs(1, 25), got)
		assert.Len(t, srv.Requests(), 3)
	})
	t.Run("end message on a full page", func(t *testing.T) {
		srv := published(pagingtest.WithRecords(20), pagingtest.WithPageSizeLimit(10))
		it := client(t, srv).ACHAddendaIterator(t.Context(), req, core.WithPrefetch(0))
		got, err := collect(t, it.Items(), key)
		require.NoError(t, err)
		assert.Equal(t, addendaSeqs(1, 20), got)
		assert.Len(t, srv.Requests(), 2, "no request after 1002040-50I")
		assert.True(t, it.Cursor().Done)
	})
	// Without the end message the end is an empty page: one request more than a server that
	// announces it (here 4 instead of 3).
	t.Run("no end message: an empty page ends", func(t *testing.T) {
		srv := published(pagingtest.WithRecords(25), pagingtest.WithPageSizeLimit(10), pagingtest.WithoutAddendaEndMessage())
		got, err := collect(t, client(t, srv).ACHAddenda(t.Context(), req, core.WithPrefetch(0)), key)
		require.NoError(t, err)
		assert.Equal(t, addendaSeqs(1, 25), got)
		assert.Equal(t, []string{`"0001"?|"100"`, `"0011"?|"100"`, `"0021"?|"100"`, `"0026"?|"100"`}, addendaAsked(t, srv))
	})
	t.Run("documented form", func(t *testing.T) {
		srv := pagingtest.NewServer(t, pagingtest.WithRecords(25), pagingtest.WithDocumentedAPI())
		got, err := collect(t, client(t, srv).ACHAddenda(t.Context(), req, core.WithPageSize(10), core.WithPrefetch(0)), key)
		require.NoError(t, err)
		assert.Equal(t, addendaSeqs(1, 25), got)
		assert.Equal(t, []string{`"0001"?10|`, `"0011"?10|`, `"0021"?10|`}, addendaAsked(t, srv))
	})
}
