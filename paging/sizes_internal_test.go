package paging

import (
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/ops/opstest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestSizesBelowTheirLeastRefused: a method refuses, before the network, a required page size
// of 0 or less and an optional one below 0 (0 is not sent), with an error matching
// core.ErrInvalidArgument that names the parameter (ListRTPParticipants{} sent limit=0, an
// answer with no bound on its count; PageSize -5 went on the wire). The generator's
// TestSizesRefusedBelowTheirLeast enumerates these parameters in the three specs; here every
// such operation of the table is called.
func TestSizesBelowTheirLeastRefused(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{}`))
	}))
	t.Cleanup(srv.Close)
	c, err := New(srv.URL, core.WithStaticToken("tok"), core.WithHTTPClient(srv.Client()), WithRateLimit(0), WithKeyClientID("client-36"))
	require.NoError(t, err)
	checked := opstest.SizesRefused(t, c, operations, core.ErrInvalidArgument, func() int { return int(hits.Load()) })
	assert.ElementsMatch(t, []string{
		"listAchAddenda", "listAchTransactions", "listCommercialAccounts", "listCurrentDayAccountTransactions",
		"listPreviousDayAccountTransactions", "listRtpParticipants", "listRtpTransactions", "listWireTransactionsByPage",
	}, checked, "every operation with a page size")
	_, err = c.ListRTPTransactions(t.Context(), ListRTPTransactionsRequest{PageSize: -5})
	assert.EqualError(t, err, "issuerkit: invalid argument: ListRTPTransactions: req.PageSize (the size parameter pageSize) is -5, want at least 1, or 0 (not sent)")
	_, err = c.ListWireTransactionsByPage(t.Context(), WireListRequest{PageSize: -5})
	assert.ErrorIs(t, err, core.ErrInvalidArgument)
	_, err = c.ListRTPParticipants(t.Context(), ListRTPParticipantsRequest{})
	assert.EqualError(t, err, "issuerkit: invalid argument: ListRTPParticipants: req.Limit (the size parameter limit) is 0, want at least 1")
	_, err = c.ListRTPParticipants(t.Context(), ListRTPParticipantsRequest{Limit: 1})
	require.NoError(t, err)
	assert.Equal(t, int32(1), hits.Load(), "a size of 1 is sent")
}
