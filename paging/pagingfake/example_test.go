package pagingfake_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingfake"
)

// The fake answers ListACHTransactions with the request decoded into its typed struct (query
// parameters and body); BankError builds the bank's real error body.
func Example() {
	f := &pagingfake.Fake{
		ListACHTransactions: func(ctx context.Context, req paging.ListACHTransactionsRequest) (*paging.ACHListResponse, error) {
			if req.Body.AccountNumber.Reveal() == "locked" {
				return nil, pagingfake.BankError(429, "Too many requests", 2*time.Minute)
			}
			res := &paging.ACHListResponse{Transactions: []paging.ACHListTransaction{{ParNumber: "PAR-1"}}}
			res.Metadata.Page = paging.PageMetadata{PageNumber: req.PageNumber, LastPage: true}
			return res, nil
		},
	}
	c := f.Client()
	ctx := context.Background()
	from := core.MustParseDate("2024-05-01")
	res, err := c.ListACHTransactions(ctx, paging.ListACHTransactionsRequest{PageNumber: 1, PageSize: 50,
		Body: paging.ACHListRequest{AccountNumber: core.NewSecret("000123456789"), FromDate: from}})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Transactions[0].ParNumber, res.Metadata.Page.PageNumber)

	_, err = c.ListACHTransactions(ctx, paging.ListACHTransactionsRequest{
		Body: paging.ACHListRequest{AccountNumber: core.NewSecret("locked"), FromDate: from}})
	var e *core.Error
	fmt.Println(errors.Is(err, core.ErrRateLimited), errors.As(err, &e) && e.RetryAfter == 2*time.Minute)
	// Output:
	// PAR-1 1
	// true true
}
