package paging

import (
	"context"
	"iter"
)

// Row-style list endpoints: startRowIndex/endRowIndex in the query, windows of at most 1,000
// rows, the totalRows and retrievedRows headers.

// PreviousDayTransactionsIterator returns an Iterator over the previous-day transactions
// matching req (POST /ddaReports/accounts/v1/transactions/list), in row windows of 1,000
// (windows 1-1000, 1001-2000, ...) until totalRows. Nothing is requested before the first
// step; Cursor tells where a stopped iteration resumes (WithCursor).
func (c *Client) PreviousDayTransactionsIterator(ctx context.Context, req PreviousDayRequest, opts ...IterOption) *Iterator[PreviousDayTransaction] {
	return newIterator(ctx, opListPreviousDayTransactions.ID, nil, opts,
		func(ctx context.Context, p Position, call []CallOption) (Page[PreviousDayTransaction], error) {
			var meta Response
			res, err := c.ListPreviousDayTransactions(ctx, ListPreviousDayTransactionsRequest{
				StartRowIndex: p.Start, EndRowIndex: p.End(), Body: req,
			}, withMeta(call, &meta)...)
			if err != nil {
				return Page[PreviousDayTransaction]{}, err
			}
			return rowPage(res.Transactions, meta), nil
		})
}

// PreviousDayTransactions yields every previous-day transaction matching req, in order: the
// items of PreviousDayTransactionsIterator. It stops on the first error, which it yields.
func (c *Client) PreviousDayTransactions(ctx context.Context, req PreviousDayRequest, opts ...IterOption) iter.Seq2[PreviousDayTransaction, error] {
	return c.PreviousDayTransactionsIterator(ctx, req, opts...).Items()
}

// WireTransactionsIterator returns an Iterator over the wire transactions matching req on the
// legacy details endpoint (POST /wireInquiry/v1/transactions/details), in row windows of 1,000
// until totalRows (or a short page when the headers are absent).
func (c *Client) WireTransactionsIterator(ctx context.Context, req WireDetailsRequest, opts ...IterOption) *Iterator[WireTransaction] {
	return newIterator(ctx, opListWireTransactions.ID, nil, opts,
		func(ctx context.Context, p Position, call []CallOption) (Page[WireTransaction], error) {
			var meta Response
			res, err := c.ListWireTransactions(ctx, ListWireTransactionsRequest{
				StartRowIndex: p.Start, EndRowIndex: p.End(), Body: req,
			}, withMeta(call, &meta)...)
			if err != nil {
				return Page[WireTransaction]{}, err
			}
			return rowPage(res.Transactions, meta), nil
		})
}

// WireTransactions yields every wire transaction matching req on the legacy details endpoint:
// the items of WireTransactionsIterator.
func (c *Client) WireTransactions(ctx context.Context, req WireDetailsRequest, opts ...IterOption) iter.Seq2[WireTransaction, error] {
	return c.WireTransactionsIterator(ctx, req, opts...).Items()
}

// rowPage is a row-style page: items and the totalRows and retrievedRows headers.
func rowPage[T any](items []T, meta Response) Page[T] {
	pg := Page[T]{Items: items}
	pg.Total, pg.HasTotal = HeaderCount(meta.Header, "totalRows")
	pg.Retrieved, pg.HasRetrieved = HeaderCount(meta.Header, "retrievedRows")
	return pg
}
