package paging_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// One switch for the published API (issue 16): paging.WithPublishedAPI on the client and
// pagingtest.WithPublishedAPI on the sandbox select the bank's published forms everywhere;
// the seed's forms stay the default of both.

func TestPublishedAPI(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithPublishedAPI(), pagingtest.WithRecords(2500))
	c := client(t, srv, paging.WithPublishedAPI())
	achKey := func(x paging.ACHListTransaction) string { return x.ParNumber }

	got, err := collect(t, c.ACHTransactions(t.Context(), achReq), achKey)
	require.NoError(t, err)
	assert.Equal(t, want(1, 2500), got)
	assert.Equal(t, []string{"1/1000", "2/1000", "3/1000"}, pagesAsked(t, srv, pagingtest.Body), "page params in the body")
	for _, r := range srv.Requests() {
		assert.Empty(t, r.Query)
	}

	got, err = collect(t, c.RTPTransactions(t.Context(), rtpReq, paging.WithPageSize(500)), rtpKey)
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
	assert.Equal(t, `"100"`, bodyParam(t, r.Body, "pageSize"), "addenda pageSize in the body, as a string")
	assert.Empty(t, r.Query.Get("pageSize"))

	got, err = collect(t, c.WireTransactionsByPage(t.Context(), wireReq), func(x paging.WireListTransaction) string { return x.TransactionID })
	require.NoError(t, err)
	assert.Len(t, got, 2500, "the current wire list")

	// The legacy wire details endpoint is not in the bank's published files: refused before
	// the network, pointing at the current list.
	n = len(srv.Requests())
	_, err = collect(t, c.WireTransactions(t.Context(), wireDetailsReq), func(x paging.WireTransaction) string { return x.TransactionID })
	require.ErrorIs(t, err, paging.ErrInvalidArgument)
	assert.Contains(t, err.Error(), "WireTransactionsByPage")
	assert.Len(t, srv.Requests(), n)

	// The key-paged reads are published only: the same with or without the switch.
	got, err = collect(t, c.PreviousDayAccountTransactions(t.Context(), account, paging.ListPreviousDayAccountTransactionsRequest{}), ctKey)
	require.NoError(t, err)
	assert.Len(t, got, 2500)
}

// TestPublishedAPIMixed: a client and a sandbox on different forms fail loudly or still
// deliver everything; nothing is silently lost.
func TestPublishedAPIMixed(t *testing.T) {
	achKey := func(x paging.ACHListTransaction) string { return x.ParNumber }
	// The seed client against the published sandbox: the sandbox reads no query page
	// parameters and serves page 1 again, which the client refuses.
	srv := pagingtest.NewServer(t, pagingtest.WithPublishedAPI(), pagingtest.WithRecords(2500))
	_, err := collect(t, client(t, srv).ACHTransactions(t.Context(), achReq), achKey)
	require.ErrorIs(t, err, paging.ErrPositionMismatch)
	// ... and its legacy wire details answer 404, as the bank's published API would.
	_, err = collect(t, client(t, srv).WireTransactions(t.Context(), wireDetailsReq), func(x paging.WireTransaction) string { return x.TransactionID })
	require.ErrorIs(t, err, paging.ErrNotFound)

	// The published client against the seed sandbox: it reads no body page parameters.
	srv = pagingtest.NewServer(t, pagingtest.WithRecords(2500))
	_, err = collect(t, client(t, srv, paging.WithPublishedAPI()).ACHTransactions(t.Context(), achReq), achKey)
	require.ErrorIs(t, err, paging.ErrPositionMismatch)

	// The defaults are the seed's: page parameters in the query.
	srv = pagingtest.NewServer(t, pagingtest.WithRecords(10))
	_, err = collect(t, client(t, srv).ACHTransactions(t.Context(), achReq), achKey)
	require.NoError(t, err)
	assert.Equal(t, []string{"1/1000"}, pagesAsked(t, srv, pagingtest.Query))

	// A later WithPageParamsIn overrides the switch's placement.
	srv = pagingtest.NewServer(t, pagingtest.WithRecords(10))
	_, err = collect(t, client(t, srv, paging.WithPublishedAPI(), paging.WithPageParamsIn(paging.InQuery)).ACHTransactions(t.Context(), achReq), achKey)
	require.NoError(t, err)
}
