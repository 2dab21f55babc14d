package paging_test

import (
	"encoding/json"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// The bank as it publishes itself is the default of the client and of the sandbox (issue
// 27); the documented form of the design documents is one explicit option on each
// (paging.WithDocumentedAPI, pagingtest.WithDocumentedAPI).

func TestPublishedAPIIsTheDefault(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(2500))
	require.True(t, srv.Published())
	c, err := paging.New(srv.URL, core.WithHTTPClient(srv.HTTPClient()), paging.WithRateLimit(0)) // no switch
	require.NoError(t, err)
	achKey := func(x paging.ACHListTransaction) string { return x.ParNumber }

	got, err := collect(t, c.ACHTransactions(t.Context(), achReq, core.WithPrefetch(0)), achKey)
	require.NoError(t, err)
	assert.Equal(t, want(1, 2500), got)
	assert.Equal(t, []string{"1/1000", "2/1000", "3/1000"}, pagesAsked(t, srv, pagingtest.Body), "page params in the body")
	for _, r := range srv.Requests() {
		assert.Empty(t, r.Query)
	}

	got, err = collect(t, c.RTPTransactions(t.Context(), rtpReq, core.WithPageSize(500)), rtpKey)
	require.NoError(t, err)
	assert.Equal(t, want(1, 2500), got)

	n := len(srv.Requests())
	var seqs []string
	for a, err := range c.ACHAddenda(t.Context(), paging.ACHAddendaRequest{UUID: "item-7"}) {
		require.NoError(t, err)
		seqs = append(seqs, a.AddendaSequenceNumber)
	}
	assert.Len(t, seqs, 2500)
	r := srv.Requests()[n]
	assert.Equal(t, `"100"`, bodyParam(t, r.RevealBody(), "pageSize"), "addenda pageSize in the body, as a string")
	assert.Empty(t, r.RevealQuery().Get("pageSize"))

	got, err = collect(t, c.WireTransactionsByPage(t.Context(), wireReq), func(x paging.WireListTransaction) string { return x.TransactionID })
	require.NoError(t, err)
	assert.Len(t, got, 2500, "the current wire list")

	// The legacy wire details endpoint and the /ddaReports list are not in the bank's
	// published files: refused before the network, naming what to use instead.
	n = len(srv.Requests())
	_, err = collect(t, c.WireTransactions(t.Context(), wireDetailsReq), func(x paging.WireTransaction) string { return x.TransactionID })
	require.ErrorIs(t, err, core.ErrInvalidArgument)
	assert.Contains(t, err.Error(), "WireTransactionsByPage")
	_, err = c.ListPreviousDayTransactions(t.Context(), paging.ListPreviousDayTransactionsRequest{Body: pdReq})
	require.ErrorIs(t, err, core.ErrInvalidArgument)
	assert.Contains(t, err.Error(), "PreviousDayAccountTransactions")
	assert.Contains(t, err.Error(), "WithDocumentedAPI")
	_, err = collect(t, c.PreviousDayTransactions(t.Context(), pdReq), func(x paging.PreviousDayTransaction) string { return x.TransactionKey })
	require.ErrorIs(t, err, core.ErrInvalidArgument)
	assert.Len(t, srv.Requests(), n, "nothing sent")

	// The key-paged reads are published only: the same in both forms.
	got, err = collect(t, c.PreviousDayAccountTransactions(t.Context(), account, paging.ListPreviousDayAccountTransactionsRequest{}), ctKey)
	require.NoError(t, err)
	assert.Len(t, got, 2500)

	// The sandbox answers the unpublished paths 404, as the bank would.
	docs, err := paging.New(srv.URL, core.WithHTTPClient(srv.HTTPClient()), paging.WithRateLimit(0), paging.WithDocumentedAPI())
	require.NoError(t, err)
	_, err = docs.ListPreviousDayTransactions(t.Context(), paging.ListPreviousDayTransactionsRequest{Body: pdReq})
	require.ErrorIs(t, err, core.ErrNotFound)
}

// TestSinglePageMethodsFollowTheForm: ListACHTransactions, ListRTPTransactions and
// ListACHAddenda put their typed page parameters where the client's form says, as their
// iterators do, against a server that reads them from the body (the bank's files). It failed
// before: the single-page methods put them in the query whatever the form, and the server
// answered page 1 at its own size to a request for page 2, with err == nil.
func TestSinglePageMethodsFollowTheForm(t *testing.T) {
	for _, form := range []string{"published", "documented"} {
		t.Run(form, func(t *testing.T) {
			var srv *pagingtest.Server
			var c *paging.Client
			if form == "published" {
				srv = pagingtest.NewServer(t, pagingtest.WithRecords(2500))
				c = client(t, srv)
			} else {
				srv = pagingtest.NewServer(t, pagingtest.WithRecords(2500), pagingtest.WithDocumentedAPI())
				c = client(t, srv, paging.WithDocumentedAPI())
			}
			ach, err := c.ListACHTransactions(t.Context(), paging.ListACHTransactionsRequest{PageNumber: 2, PageSize: 100, Body: achReq})
			require.NoError(t, err)
			assert.Equal(t, 2, ach.Metadata.Page.PageNumber)
			assert.Equal(t, 100, ach.Metadata.Page.PageSize)
			require.Len(t, ach.Transactions, 100)
			assert.Equal(t, want(101, 101), []string{ach.Transactions[0].ParNumber})

			rtp, err := c.ListRTPTransactions(t.Context(), paging.ListRTPTransactionsRequest{PageNumber: 3, PageSize: 50, Body: rtpReq})
			require.NoError(t, err)
			assert.Equal(t, 3, rtp.Metadata.Page.PageNumber)
			require.Len(t, rtp.Transactions, 50)
			assert.Equal(t, []string{rtpKey(rtp.Transactions[0])}, want(101, 101))

			add, err := c.ListACHAddenda(t.Context(), paging.ListACHAddendaRequest{PageSize: 7, Body: paging.ACHAddendaRequest{UUID: "item-7"}})
			require.NoError(t, err)
			assert.Len(t, add.Addenda, 7)

			for _, r := range srv.Requests() {
				if form == "published" {
					assert.Empty(t, r.Query, "%s: nothing in the query", r.OperationID)
				} else {
					assert.NotEmpty(t, r.RevealQuery().Get("pageSize"), r.OperationID)
					assert.Empty(t, bodyParam(t, r.RevealBody(), "pageSize"), r.OperationID)
				}
			}
		})
	}
}

// TestSinglePageMethodKeepsTheCallersMembers: the page parameters join the body's own
// unknown members without changing the caller's map; zero parameters are not sent.
func TestSinglePageMethodKeepsTheCallersMembers(t *testing.T) {
	var bodies []map[string]json.RawMessage
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var m map[string]json.RawMessage
		require.NoError(t, json.NewDecoder(r.Body).Decode(&m))
		bodies = append(bodies, m)
		assert.Empty(t, r.URL.RawQuery)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"transactions":[],"metadata":{"page":{"pageNumber":1,"pageSize":5,"totalPages":1,"totalRecords":0,"lastPage":true}}}`))
	}))
	t.Cleanup(srv.Close)
	c, err := paging.New(srv.URL, core.WithHTTPClient(srv.Client()), paging.WithRateLimit(0), core.WithStaticToken("tok"))
	require.NoError(t, err)
	req := achReq
	req.AdditionalProperties = core.NewExtras(map[string]json.RawMessage{"channel": json.RawMessage(`"web"`)})
	_, err = c.ListACHTransactions(t.Context(), paging.ListACHTransactionsRequest{PageNumber: 4, PageSize: 5, Body: req})
	require.NoError(t, err)
	_, err = c.ListACHTransactions(t.Context(), paging.ListACHTransactionsRequest{Body: req})
	require.NoError(t, err)
	require.Len(t, bodies, 2)
	assert.JSONEq(t, `4`, string(bodies[0]["pageNumber"]))
	assert.JSONEq(t, `5`, string(bodies[0]["pageSize"]))
	assert.JSONEq(t, `"web"`, string(bodies[0]["channel"]))
	assert.NotContains(t, bodies[1], "pageNumber", "zero is not sent")
	assert.NotContains(t, bodies[1], "pageSize")
	assert.Equal(t, 1, req.AdditionalProperties.Len(), "the caller's map is unchanged")
}

// TestPublishedAPIMixed: a client and a sandbox on different forms fail loudly or still
// deliver everything; nothing is silently lost.
func TestPublishedAPIMixed(t *testing.T) {
	achKey := func(x paging.ACHListTransaction) string { return x.ParNumber }
	// The documented client against the published sandbox: the sandbox reads no query page
	// parameters and serves page 1 again, which the client refuses.
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(2500))
	_, err := collect(t, client(t, srv, paging.WithDocumentedAPI()).ACHTransactions(t.Context(), achReq), achKey)
	require.ErrorIs(t, err, core.ErrPositionMismatch)
	// ... and its legacy wire details answer 404, as the bank's published API would.
	_, err = collect(t, client(t, srv, paging.WithDocumentedAPI()).WireTransactions(t.Context(), wireDetailsReq), func(x paging.WireTransaction) string { return x.TransactionID })
	require.ErrorIs(t, err, core.ErrNotFound)

	// The published client against the documented sandbox: it reads no body page parameters.
	srv = pagingtest.NewServer(t, pagingtest.WithRecords(2500), pagingtest.WithDocumentedAPI())
	published, err := paging.New(srv.URL, core.WithHTTPClient(srv.HTTPClient()), paging.WithRateLimit(0)) // the default form
	require.NoError(t, err)
	_, err = collect(t, published.ACHTransactions(t.Context(), achReq), achKey)
	require.ErrorIs(t, err, core.ErrPositionMismatch)

	// The documented form: page parameters in the query.
	srv = pagingtest.NewServer(t, pagingtest.WithRecords(10), pagingtest.WithDocumentedAPI())
	_, err = collect(t, client(t, srv, paging.WithDocumentedAPI()).ACHTransactions(t.Context(), achReq), achKey)
	require.NoError(t, err)
	assert.Equal(t, []string{"1/1000"}, pagesAsked(t, srv, pagingtest.Query))
}
