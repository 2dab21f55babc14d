package pagingtest_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// TestRequestsValidatedAgainstSpec: pagingtest served whatever it was sent (a list request
// without its account number, a page size of 5000, an addenda request without its uuid) where
// the other two sandboxes refuse what their spec refuses. Each is now answered 400 with the
// bank's error body naming the field, recorded with its operation id.
func TestRequestsValidatedAgainstSpec(t *testing.T) {
	srv := pagingtest.NewServer(t, pagingtest.WithRecords(3))
	cases := []struct {
		name, method, path, body, field, op string
	}{
		{"missing required member", "POST", "/accounts/transactions/v1/ach/list", `{"fromDate":"2025-01-02","toDate":"2025-01-09"}`, "accountNumber", "listAchTransactions"},
		{"page size over the maximum", "POST", "/accounts/transactions/v1/ach/list?pageSize=5000", `{"accountNumber":"3123456789","fromDate":"2025-01-02","toDate":"2025-01-09"}`, "pageSize", "listAchTransactions"},
		{"bad date", "POST", "/rtp/v1/transactions/list", `{"accountNumber":"3123456789","fromDate":"02/01/2025","toDate":"2025-01-09"}`, "fromDate", "listRtpTransactions"},
		{"addenda without uuid", "POST", "/ach/payments/v1/status/addenda", `{"startAddendaSequenceNumber":"0001"}`, "uuid", "listAchAddenda"},
		{"participants without required limit", "GET", "/rtp/v1/payment/rtp/participant?offset=0", ``, "limit", "listRtpParticipants"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := len(srv.Requests())
			req, err := http.NewRequestWithContext(t.Context(), tc.method, srv.URL+tc.path, bytes.NewBufferString(tc.body))
			require.NoError(t, err)
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("KeyClientId", "k")
			resp, err := srv.HTTPClient().Do(req)
			require.NoError(t, err)
			defer resp.Body.Close()
			assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
			var body struct{ ErrorMessage string }
			require.NoError(t, json.NewDecoder(resp.Body).Decode(&body))
			assert.Contains(t, body.ErrorMessage, tc.field)
			reqs := srv.Requests()
			require.Len(t, reqs, before+1, "the refused request is recorded")
			assert.Equal(t, tc.op, reqs[len(reqs)-1].OperationID)
		})
	}

	t.Run("through the client", func(t *testing.T) {
		// The client sends a one-page call as asked; the sandbox refuses what the bank would.
		_, err := srv.Client().ListACHTransactions(t.Context(), paging.ListACHTransactionsRequest{PageNumber: 1, PageSize: 5000,
			Body: paging.ACHListRequest{AccountNumber: core.NewSecret("3123456789"), FromDate: core.MustParseDate("2025-01-02"), ToDate: core.MustParseDate("2025-01-09")}})
		require.ErrorIs(t, err, core.ErrBadRequest)
		var be *core.BankError
		require.True(t, errors.As(err, &be), "%v", err)
		assert.Contains(t, be.ErrorMessage, "pageSize")
	})
	t.Run("a valid request is served", func(t *testing.T) {
		n := 0
		for _, err := range srv.Client().ACHTransactions(t.Context(), paging.ACHListRequest{AccountNumber: core.NewSecret("3123456789"),
			FromDate: core.MustParseDate("2025-01-02"), ToDate: core.MustParseDate("2025-01-09")}) {
			require.NoError(t, err)
			n++
		}
		assert.Equal(t, 3, n)
	})
}
