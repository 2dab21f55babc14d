package paging

import (
	"context"
	"encoding/json"
	"iter"
	"maps"
	"strconv"
)

// Page-style list endpoints: pageNumber from 1 and pageSize up to 1,000, metadata.page in the
// response.

// ACHTransactionsIterator returns an Iterator over the ACH transactions matching req (POST
// /accounts/transactions/v1/ach/list), 1,000 per page, until metadata.page says the last page.
// pageNumber and pageSize travel in the query, or in the body with WithPageParamsIn(InBody).
func (c *Client) ACHTransactionsIterator(ctx context.Context, req ACHListRequest, opts ...IterOption) *Iterator[ACHListTransaction] {
	inBody := c.placement() == InBody
	return newIterator(ctx, opListACHTransactions.ID, nil, opts,
		func(ctx context.Context, p Position, call []CallOption) (Page[ACHListTransaction], error) {
			r := ListACHTransactionsRequest{Body: req}
			if inBody {
				r.Body.AdditionalProperties = withPageMembers(req.AdditionalProperties, p)
			} else {
				r.PageNumber, r.PageSize = p.Start, p.Size
			}
			res, err := c.ListACHTransactions(ctx, r, call...)
			if err != nil {
				return Page[ACHListTransaction]{}, err
			}
			return pageOf(res.Transactions, res.Metadata), nil
		})
}

// ACHTransactions yields every ACH transaction matching req: the items of
// ACHTransactionsIterator.
func (c *Client) ACHTransactions(ctx context.Context, req ACHListRequest, opts ...IterOption) iter.Seq2[ACHListTransaction, error] {
	return c.ACHTransactionsIterator(ctx, req, opts...).Items()
}

// RTPTransactionsIterator returns an Iterator over the RTP transactions matching req (POST
// /rtp/v1/transactions/list), 1,000 per page, until metadata.page says the last page.
// pageNumber and pageSize travel in the query, or in the body with WithPageParamsIn(InBody).
func (c *Client) RTPTransactionsIterator(ctx context.Context, req RTPListRequest, opts ...IterOption) *Iterator[RTPListTransaction] {
	inBody := c.placement() == InBody
	return newIterator(ctx, opListRTPTransactions.ID, nil, opts,
		func(ctx context.Context, p Position, call []CallOption) (Page[RTPListTransaction], error) {
			r := ListRTPTransactionsRequest{Body: req}
			if inBody {
				r.Body.AdditionalProperties = withPageMembers(req.AdditionalProperties, p)
			} else {
				r.PageNumber, r.PageSize = p.Start, p.Size
			}
			res, err := c.ListRTPTransactions(ctx, r, call...)
			if err != nil {
				return Page[RTPListTransaction]{}, err
			}
			return pageOf(res.Transactions, res.Metadata), nil
		})
}

// RTPTransactions yields every RTP transaction matching req: the items of
// RTPTransactionsIterator.
func (c *Client) RTPTransactions(ctx context.Context, req RTPListRequest, opts ...IterOption) iter.Seq2[RTPListTransaction, error] {
	return c.RTPTransactionsIterator(ctx, req, opts...).Items()
}

// WireTransactionsByPageIterator returns an Iterator over the wire transactions matching req on
// the current wire list endpoint (POST /wireInquiry/v1/transactions/list), 1,000 per page,
// pageNumber and pageSize in the body (req's own PageNumber and PageSize are replaced).
func (c *Client) WireTransactionsByPageIterator(ctx context.Context, req WireListRequest, opts ...IterOption) *Iterator[WireListTransaction] {
	return newIterator(ctx, opListWireTransactionsByPage.ID, nil, opts,
		func(ctx context.Context, p Position, call []CallOption) (Page[WireListTransaction], error) {
			body := req
			body.PageNumber, body.PageSize = p.Start, p.Size
			res, err := c.ListWireTransactionsByPage(ctx, body, call...)
			if err != nil {
				return Page[WireListTransaction]{}, err
			}
			return pageOf(res.Transactions, res.Metadata), nil
		})
}

// WireTransactionsByPage yields every wire transaction matching req on the current wire list
// endpoint: the items of WireTransactionsByPageIterator.
func (c *Client) WireTransactionsByPage(ctx context.Context, req WireListRequest, opts ...IterOption) iter.Seq2[WireListTransaction, error] {
	return c.WireTransactionsByPageIterator(ctx, req, opts...).Items()
}

// pageOf is a page-style page: items and metadata.page.
func pageOf[T any](items []T, m ListMetadata) Page[T] {
	pg := m.Page
	return Page[T]{
		Items: items,
		Echo:  pg.PageNumber, HasEcho: pg.PageNumber != 0,
		Total: pg.TotalRecords, HasTotal: pg.TotalPages != 0 || pg.LastPage,
		TotalPages: pg.TotalPages, LastPage: pg.LastPage,
	}
}

// withPageMembers returns a copy of extra (the request's additional members) with pageNumber
// and pageSize set to p's, for the bank versions that read them from the body.
func withPageMembers(extra map[string]json.RawMessage, p Position) map[string]json.RawMessage {
	out := make(map[string]json.RawMessage, len(extra)+2)
	maps.Copy(out, extra)
	out["pageNumber"] = json.RawMessage(strconv.Itoa(p.Start))
	out["pageSize"] = json.RawMessage(strconv.Itoa(p.Size))
	return out
}
