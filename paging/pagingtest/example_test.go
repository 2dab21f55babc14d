package pagingtest_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// A reconciliation test seeds the ACH transactions it expects and pages through them with the
// sandbox's client, two per request. In a test, write srv := pagingtest.NewServer(t, ...); a
// program uses Start and Close.
func ExampleWithSeed() {
	d := core.MustParseDate("2025-01-09")
	srv, err := pagingtest.Start(pagingtest.WithSeed(pagingtest.Seed{ACHTransactions: []paging.ACHListTransaction{
		{ParNumber: "25010900001234", TransactionStatus: "SETTLED", SettlementDate: d},
		{ParNumber: "25010900001235", TransactionStatus: "RETURNED", SettlementDate: d},
		{ParNumber: "25010900001236", TransactionStatus: "SETTLED", SettlementDate: d},
	}}))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()
	req := paging.ACHListRequest{AccountNumber: core.NewSecret("3123456789"), FromDate: core.MustParseDate("2025-01-02"), ToDate: d}
	for tx, err := range srv.Client().ACHTransactions(context.Background(), req, core.WithPageSize(2)) {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(tx.ParNumber, tx.TransactionStatus)
	}
	fmt.Println(len(srv.RequestsFor("ACHTransactions")), "requests")
	// Output:
	// 25010900001234 SETTLED
	// 25010900001235 RETURNED
	// 25010900001236 SETTLED
	// 2 requests
}

// FailNext fails the next call of the method a test calls, here with the bank's 400.
func ExampleServer_FailNext() {
	srv, err := pagingtest.Start(pagingtest.WithRecords(3))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()
	if err := srv.FailNext("ListACHTransactions", 1, pagingtest.Fault{Status: 400}); err != nil {
		fmt.Println(err)
		return
	}
	_, err = srv.Client().ListACHTransactions(context.Background(), paging.ListACHTransactionsRequest{PageNumber: 1, PageSize: 10,
		Body: paging.ACHListRequest{AccountNumber: core.NewSecret("3123456789"), FromDate: core.MustParseDate("2025-01-02"), ToDate: core.MustParseDate("2025-01-09")}})
	fmt.Println(errors.Is(err, core.ErrBadRequest))
	fmt.Println(errors.Is(srv.FailNext("ListAchTransaction", 1, pagingtest.Fault{Status: 400}), pagingtest.ErrUnknownOperation))
	// Output:
	// true
	// true
}
