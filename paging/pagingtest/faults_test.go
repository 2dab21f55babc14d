package pagingtest_test

import (
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// TestFailNextByMethodName: pagingtest could only fail the k-th request to every endpoint at
// once (WithFailure); a test could not fail one call of the method it calls. FailNext takes
// the client method (ACHTransactions, ListRTPTransactions), as cardplatformtest's does, with
// the same Fault; an unknown name is ErrUnknownOperation.
func TestFailNextByMethodName(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(3))
	c := srv.Client()
	ctx := t.Context()
	achReq := paging.ACHListRequest{AccountNumber: seedAcct, FromDate: seedFrom, ToDate: seedTo}

	require.NoError(t, srv.FailNext("ACHTransactions", 2, pagingtest.Fault{Status: 503, Header: http.Header{"Retry-After": {"0"}}}))
	n := 0
	for _, err := range c.ACHTransactions(ctx, achReq) {
		require.NoError(t, err, "a list read is retried past two 503s")
		n++
	}
	assert.Equal(t, 3, n)
	assert.Len(t, srv.RequestsFor("ACHTransactions"), 3)

	require.NoError(t, srv.FailNext("ListRTPTransactions", 1, pagingtest.Fault{Status: 400}))
	_, err := c.ListRTPTransactions(ctx, paging.ListRTPTransactionsRequest{PageNumber: 1, PageSize: 10,
		Body: paging.RTPListRequest{AccountNumber: seedAcct, FromDate: seedFrom, ToDate: seedTo}})
	require.ErrorIs(t, err, core.ErrBadRequest)
	var be *core.BankError
	require.True(t, errors.As(err, &be), "%v", err)
	assert.Equal(t, "injected failure", be.ErrorMessage)

	require.NoError(t, srv.FailNext("RTPTransactions", 1, pagingtest.Fault{Delay: 30 * time.Millisecond}))
	start := time.Now()
	_, err = c.ListRTPTransactions(ctx, paging.ListRTPTransactionsRequest{PageNumber: 1, PageSize: 10,
		Body: paging.RTPListRequest{AccountNumber: seedAcct, FromDate: seedFrom, ToDate: seedTo}})
	require.NoError(t, err, "a delay alone answers late")
	assert.GreaterOrEqual(t, time.Since(start), 30*time.Millisecond)

	for _, name := range []string{"AchTransactions", "Nope", ""} {
		require.ErrorIs(t, srv.FailNext(name, 1, pagingtest.Fault{Status: 500}), pagingtest.ErrUnknownOperation, "%q", name)
	}
	require.Error(t, srv.FailNext("ACHTransactions", 0, pagingtest.Fault{Status: 500}))
	require.Error(t, srv.FailNext("ACHTransactions", 1, pagingtest.Fault{}))
}
