package paging_test

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// bankErrorStatuses are the error statuses the bank's published files document for ACH
// origination: 400, 401, 403, 404, 405, 415, 429, 500, 502, 503, 504.
var bankErrorStatuses = []int{400, 401, 403, 404, 405, 415, 429, 500, 502, 503, 504}

// apiForms are the two forms of the bank's API a client and the sandbox speak.
var apiForms = []struct {
	name   string
	server []pagingtest.Option
}{
	{"published", nil},
	{"documented", []pagingtest.Option{pagingtest.WithDocumentedAPI()}},
}

// noRetry makes the sandbox's client send once, so that an injected status is the answer.
var noRetry = pagingtest.WithClientOptions(core.WithRetry(core.RetryOptions{MaxAttempts: 1}))

// TestACHOriginationServiceErrorTyped: an ACH origination (addenda) error whose ServiceError is
// the documented {code, moreInfo} reaches the caller typed, on every error status, in both API
// forms, over HTTP from the sandbox: BankError.ServiceError.Messages holds the code and the
// moreInfo text, and Codes lists the code. Those two fields used to stay in the raw body only.
func TestACHOriginationServiceErrorTyped(t *testing.T) {
	for _, form := range apiForms {
		for _, status := range bankErrorStatuses {
			t.Run(fmt.Sprintf("%s/%d", form.name, status), func(t *testing.T) {
				srv := pagingtest.NewServer(t, append(form.server, noRetry)...)
				require.NoError(t, srv.FailNext("ListACHAddenda", 1, pagingtest.Fault{Status: status}))
				_, err := srv.Client().ListACHAddenda(t.Context(), paging.ListACHAddendaRequest{PageSize: 10,
					Body: paging.ACHAddendaRequest{UUID: "batch20250110-detail0007"}})
				var pe *core.Error
				require.ErrorAs(t, err, &pe)
				assert.Equal(t, status, pe.StatusCode)
				var be *core.BankError
				require.True(t, errors.As(err, &be), "no *BankError in %v", err)
				require.NotNil(t, be.ServiceError)
				code := fmt.Sprintf("sandbox-%d", status)
				assert.Equal(t, []core.ServiceMessage{{Code: code, Message: "injected failure"}}, be.ServiceError.Messages)
				assert.Equal(t, []string{code}, be.Codes())
			})
		}
	}
}

// TestACHInquiry400Typed: the ACH inquiry list's 400 decodes into the typed bank error in
// both forms the bank's published file has for it (the body inside metadata, as its schema
// declares, and flat, as its example shows), in both API forms, for the sandbox's own refusal
// (a page size over 1000) and an injected 400. The wrapped body used to give an *Error with no
// *BankError.
func TestACHInquiry400Typed(t *testing.T) {
	req := paging.ListACHTransactionsRequest{PageNumber: 1, PageSize: 5000, Body: achReq}
	for _, form := range apiForms {
		for _, wrapped := range []bool{true, false} {
			opts := append(form.server, noRetry)
			if wrapped {
				opts = append(opts, pagingtest.WithWrappedACHInquiryErrors())
			}
			t.Run(fmt.Sprintf("%s/wrapped=%v", form.name, wrapped), func(t *testing.T) {
				srv := pagingtest.NewServer(t, opts...)
				_, err := srv.Client().ListACHTransactions(t.Context(), req)
				require.ErrorIs(t, err, core.ErrBadRequest)
				var be *core.BankError
				require.True(t, errors.As(err, &be), "no *BankError in %v", err)
				assert.Contains(t, be.ErrorMessage, "pageSize")
				assert.Equal(t, "sandbox-400", be.TransactionID)

				require.NoError(t, srv.FailNext("ListACHTransactions", 1, pagingtest.Fault{Status: http.StatusBadRequest}))
				_, err = srv.Client().ListACHTransactions(t.Context(), paging.ListACHTransactionsRequest{PageNumber: 1, PageSize: 10, Body: achReq})
				be = nil
				require.True(t, errors.As(err, &be), "no *BankError in %v", err)
				assert.Equal(t, "injected failure", be.ErrorMessage)
				if wrapped {
					require.NotNil(t, be.ServiceError)
					assert.Equal(t, []string{"sandbox-400"}, be.Codes(), "ServiceError.metadata.messages inside the wrapper")
				}
			})
		}
	}
}
