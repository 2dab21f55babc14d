package cardplatform

import (
	"context"
	"iter"

	"github.com/issuerkit/issuerkit-go/paging"
)

// The searches whose x-issuerkit-pagination says they page by start_index (1-based) and limit,
// with the total in the response. The POST searches (SearchAccounts, SearchChecks,
// SearchInvoices) take no paging parameters and answer in one response: they have no
// iterator.

// CardsIterator returns an Iterator over the cards matching req (GET /cards), DefaultSearchLimit
// per request, until total. req.StartIndex and req.Limit are set by the iterator.
func (c *Client) CardsIterator(ctx context.Context, req SearchCardsRequest, opts ...IterOption) *paging.Iterator[CardDTO] {
	return searchIterator(ctx, opts, func(ctx context.Context, start, limit int32, call []CallOption) ([]CardDTO, int32, error) {
		r := req
		r.StartIndex, r.Limit = start, limit
		res, err := c.SearchCards(ctx, r, call...)
		if err != nil {
			return nil, 0, err
		}
		return res.Items, res.Total, nil
	})
}

// Cards yields every card matching req: the items of CardsIterator. It stops on the first
// error, which it yields.
func (c *Client) Cards(ctx context.Context, req SearchCardsRequest, opts ...IterOption) iter.Seq2[CardDTO, error] {
	return c.CardsIterator(ctx, req, opts...).Items()
}

// BulkOrdersIterator returns an Iterator over the bulk orders matching req (GET /bulkorders).
func (c *Client) BulkOrdersIterator(ctx context.Context, req SearchBulkOrdersRequest, opts ...IterOption) *paging.Iterator[BulkOrderDetail] {
	return searchIterator(ctx, opts, func(ctx context.Context, start, limit int32, call []CallOption) ([]BulkOrderDetail, int32, error) {
		r := req
		r.StartIndex, r.Limit = start, limit
		res, err := c.SearchBulkOrders(ctx, r, call...)
		if err != nil {
			return nil, 0, err
		}
		return res.Items, res.Total, nil
	})
}

// BulkOrders yields every bulk order matching req: the items of BulkOrdersIterator.
func (c *Client) BulkOrders(ctx context.Context, req SearchBulkOrdersRequest, opts ...IterOption) iter.Seq2[BulkOrderDetail, error] {
	return c.BulkOrdersIterator(ctx, req, opts...).Items()
}

// BulkOrderSummariesIterator returns an Iterator over the bulk order summaries by location
// matching req (GET /bulkorders/BulkOrderSummaryByLocation).
func (c *Client) BulkOrderSummariesIterator(ctx context.Context, req ListBulkOrderSummaryByLocationRequest, opts ...IterOption) *paging.Iterator[BulkOrderSummary] {
	return searchIterator(ctx, opts, func(ctx context.Context, start, limit int32, call []CallOption) ([]BulkOrderSummary, int32, error) {
		r := req
		r.StartIndex, r.Limit = start, limit
		res, err := c.ListBulkOrderSummaryByLocation(ctx, r, call...)
		if err != nil {
			return nil, 0, err
		}
		return res.Items, res.Total, nil
	})
}

// BulkOrderSummaries yields every bulk order summary matching req: the items of
// BulkOrderSummariesIterator.
func (c *Client) BulkOrderSummaries(ctx context.Context, req ListBulkOrderSummaryByLocationRequest, opts ...IterOption) iter.Seq2[BulkOrderSummary, error] {
	return c.BulkOrderSummariesIterator(ctx, req, opts...).Items()
}
