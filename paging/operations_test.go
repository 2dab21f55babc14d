package paging

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/issuerkit/issuerkit-go/internal/ops/opstest"
)

// TestOperations checks the generated operation table against the seed's endpoints.
func TestOperations(t *testing.T) {
	opstest.AssertTable(t, operations, "testdata/operations.txt")
	opstest.AssertMatchesItself(t, operations)
}

// TestPaging checks that every list endpoint of the seed pages, in the seed's style and with
// the seed's parameter names.
func TestPaging(t *testing.T) {
	tests := []struct {
		method, path string
		style, size  string
		start        string // empty: not checked (a key the caller advances)
		maxSize      int
	}{
		{"POST", "/ach/payments/v1/status/addenda", "sequence", "pageSize", "", 0},
		{"POST", "/accounts/transactions/v1/ach/list", "page", "pageSize", "pageNumber", 1000},
		{"POST", "/wireInquiry/v1/transactions/details", "row", "endRowIndex", "startRowIndex", 1000},
		{"GET", "/rtp/v1/payment/rtp/participant", "offset", "limit", "offset", 0},
		{"POST", "/rtp/v1/transactions/list", "page", "pageSize", "pageNumber", 1000},
		{"POST", "/ddaReports/accounts/v1/transactions/list", "row", "endRowIndex", "startRowIndex", 1000},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			op, ok := operations.Match(tt.method, tt.path)
			if !assert.True(t, ok) || !assert.NotNil(t, op.Paging) {
				return
			}
			assert.Equal(t, tt.style, op.Paging.Style)
			assert.Equal(t, "query", op.Paging.In, "all paging parameters are query parameters")
			assert.Equal(t, tt.size, op.Paging.Size)
			if tt.start != "" {
				assert.Equal(t, tt.start, op.Paging.Start)
			}
			if tt.maxSize != 0 {
				assert.Equal(t, tt.maxSize, op.Paging.MaxSize)
			}
			assert.NotEmpty(t, op.Paging.Items)
		})
	}
}

// TestSensitiveFields checks that the account numbers of the list responses are redacted.
func TestSensitiveFields(t *testing.T) {
	opstest.AssertSensitiveFields(t, sensitiveFields, "accountNumber")
}

// TestEveryOperationIsAMethod compares the operation table with the method set of *Client.
func TestEveryOperationIsAMethod(t *testing.T) {
	opstest.AssertMethodSet(t, &Client{}, operations, nil)
}

// TestEveryMethodOnTheWire calls every method once over real HTTP and checks the request.
func TestEveryMethodOnTheWire(t *testing.T) {
	opstest.CallEveryOperation(t, operations, "", func(base string) any {
		c, err := New(base, WithStaticToken("tok"))
		if err != nil {
			t.Fatal(err)
		}
		return c
	})
}
