package paging

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/ops"
	"github.com/issuerkit/issuerkit-go/internal/ops/opstest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestOperations checks the generated operation table against the seed's endpoints.
func TestOperations(t *testing.T) {
	opstest.AssertTable(t, operations, "testdata/operations.txt")
	opstest.AssertMatchesItself(t, operations)
}

// TestPaging checks that every list endpoint pages in the seed's style (the reference's for
// the wire list endpoint the seed does not have), with the seed's parameter names, and that
// x-issuerkit-pagination describes it completely.
func TestPaging(t *testing.T) {
	tests := []struct {
		method, path string
		want         ops.Paging
	}{
		{"POST", "/ach/payments/v1/status/addenda", ops.Paging{Style: "sequence", In: "query",
			Start: "startAddendaSequenceNumber", Size: "pageSize", MaxItems: 9999, Items: "addenda"}},
		{"POST", "/accounts/transactions/v1/ach/list", pageStyle("query")},
		{"POST", "/wireInquiry/v1/transactions/details", rowStyle},
		{"GET", "/rtp/v1/payment/rtp/participant", ops.Paging{Style: "offset", In: "query",
			Start: "offset", Size: "limit", SizeRequired: true, Items: "parties", Total: "count"}},
		{"POST", "/rtp/v1/transactions/list", pageStyle("query")},
		{"POST", "/ddaReports/accounts/v1/transactions/list", rowStyle},
		{"POST", "/wireInquiry/v1/transactions/list", pageStyle("body")},
		{"GET", "/commercial/accounts/v1/list", keyStyle("accounts", 100, 50)},
		{"GET", "/commercial/accounts/v1/K1/transactions/previous", keyStyle("transactions", 500, 100)},
		{"GET", "/commercial/accounts/v1/K1/transactions/current", keyStyle("transactions", 500, 100)},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			op, ok := operations.Match(tt.method, tt.path)
			require.True(t, ok)
			require.NotNil(t, op.Paging)
			assert.Equal(t, tt.want, *op.Paging)
			if tt.want.Style == "sequence" {
				return
			}
			cfg, err := configFor(op.ID)
			require.NoError(t, err)
			assert.Equal(t, tt.want.Style, cfg.Style.String())
		})
	}
}

// rowStyle is the pagination of the two row-style endpoints: windows [start, end] of at most
// 1000 rows, totals in the totalRows and retrievedRows headers.
var rowStyle = ops.Paging{Style: "row", In: "query", Start: "startRowIndex", End: "endRowIndex",
	MaxSize: 1000, DefaultSize: 1000, Items: "transactions", Total: "header:totalRows"}

// pageStyle is the pagination of the page-style endpoints, with the parameters in.
func pageStyle(in string) ops.Paging {
	return ops.Paging{Style: "page", In: in, Start: "pageNumber", Size: "pageSize", MaxSize: 1000,
		Items: "transactions", Total: "metadata.page.totalRecords"}
}

// keyStyle is the pagination of the commercial account reporting reads.
func keyStyle(items string, maxSize, defaultSize int) ops.Paging {
	return ops.Paging{Style: "key", In: "query", Start: "pageKey", Size: "limit",
		Total: "page.totalElements", MaxSize: maxSize, DefaultSize: defaultSize, Items: items}
}

// TestSensitiveFields checks that the account numbers of the list responses are redacted.
func TestSensitiveFields(t *testing.T) {
	opstest.AssertSensitiveFields(t, sensitiveFields, "accountNumber")
}

// TestEveryOperationIsAMethod compares the operation table with the method set of *Client.
func TestEveryOperationIsAMethod(t *testing.T) {
	// The typed iterators take a context too; they are built on the operations' methods.
	opstest.AssertMethodSet(t, &Client{}, operations, nil,
		"PreviousDayTransactions", "PreviousDayTransactionsIterator", "WireTransactions", "WireTransactionsIterator",
		"ACHTransactions", "ACHTransactionsIterator", "RTPTransactions", "RTPTransactionsIterator",
		"WireTransactionsByPage", "WireTransactionsByPageIterator", "RTPParticipants", "RTPParticipantsIterator",
		"ACHAddenda", "ACHAddendaIterator", "CommercialAccounts", "CommercialAccountsIterator",
		"PreviousDayAccountTransactions", "PreviousDayAccountTransactionsIterator",
		"CurrentDayAccountTransactions", "CurrentDayAccountTransactionsIterator")
}

// TestEveryMethodOnTheWire calls every method once over real HTTP and checks the request.
func TestEveryMethodOnTheWire(t *testing.T) {
	opstest.CallEveryOperation(t, operations, "", func(base string) any {
		c, err := New(base, core.WithStaticToken("tok"), WithDocumentedAPI()) // every method, the legacy wire and /ddaReports lists too
		if err != nil {
			t.Fatal(err)
		}
		return c
	})
}

// TestEveryWriteFaultEndsInItsClass runs the network-fault enumeration of the card platform's
// writes (opstest.WriteFaults) over every operation of this client that is not retry-safe:
// none today, so it only says so; a write added to the spec is broken at every stage and byte
// as the card platform's are.
func TestEveryWriteFaultEndsInItsClass(t *testing.T) {
	opstest.WriteFaults(t, operations, func(base string, hc *http.Client, timeout time.Duration) (any, error) {
		return New(base, core.WithHTTPClient(hc), core.WithStaticToken("tok"), core.WithTimeout(timeout))
	}, opstest.FaultPlan{Workers: 16})
}
