package paging_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// PreviousDayTransactions walks every row of a report, 1,000 rows per request, and stops at
// the bank's totalRows; the cursor lets a later run resume where this one stopped.
func ExampleClient_PreviousDayTransactions() {
	srv, err := pagingtest.Start(pagingtest.WithDocumentedAPI(), pagingtest.WithRecords(2500))
	if err != nil {
		panic(err)
	}
	defer srv.Close()
	c, err := paging.New(srv.URL, paging.WithDocumentedAPI(), core.WithStaticToken("token"))
	if err != nil {
		panic(err)
	}
	req := paging.PreviousDayRequest{
		AccountNumber: []core.Secret{core.NewSecret("1234567890")},
		FromDate:      core.MustParseDate("2024-05-01"),
		ToDate:        core.MustParseDate("2024-05-02"),
	}
	ctx := context.Background()

	it := c.PreviousDayTransactionsIterator(ctx, req, core.WithPrefetch(1))
	n := 0
	for _, err := range it.Items() {
		if err != nil {
			panic(err)
		}
		if n++; n == 1500 {
			break // stop early; the cursor remembers the next row
		}
	}
	cursor, _ := it.Cursor().MarshalText()
	// The text after "@" binds the cursor to this request, bank origin and credential.
	pos, _, _ := strings.Cut(string(cursor), "@")
	fmt.Println("read", n, "rows; resume at", pos)

	var from core.Cursor
	if err := from.UnmarshalText(cursor); err != nil {
		panic(err)
	}
	rest := 0
	for _, err := range c.PreviousDayTransactions(ctx, req, core.WithCursor(from)) {
		if err != nil {
			panic(err)
		}
		rest++
	}
	fmt.Println("then", rest, "more")
	// Output:
	// read 1500 rows; resume at row:1501:1000:0
	// then 1000 more
}
