package paging

import (
	"context"
	"fmt"
	"iter"
	"strconv"
)

// The addenda endpoint pages in its own "sequence" style (x-issuerkit-pagination): pageSize in
// the query, startAddendaSequenceNumber in the body, no total; the next page starts after the
// last sequence number returned, and an ACH item has at most 9,999 addenda. The engine runs it
// as a row iteration whose start is the sequence number.

// maxAddendaSequence is the largest addenda sequence number (four digits).
const maxAddendaSequence = 9999

// DefaultAddendaPageSize is the pageSize the ACHAddenda iterator asks for unless WithPageSize
// (the bank publishes no default).
const DefaultAddendaPageSize = 100

// ACHAddendaIterator returns an Iterator over the addenda of the originated ACH item req.UUID
// (POST /ach/payments/v1/status/addenda), from req.StartAddendaSequenceNumber (default 1), in
// pages of DefaultAddendaPageSize, until a short page or sequence 9,999. A server that
// ignores startAddendaSequenceNumber (serves a sequence before the one asked for) fails with
// *MismatchError instead of looping.
func (c *Client) ACHAddendaIterator(ctx context.Context, req ACHAddendaRequest, opts ...IterOption) *Iterator[ACHAddenda] {
	start := 1
	if req.StartAddendaSequenceNumber != "" {
		n, err := strconv.Atoi(req.StartAddendaSequenceNumber)
		if err != nil || n < 1 || n > maxAddendaSequence {
			return &Iterator[ACHAddenda]{ctx: ctx, total: -1, err: fmt.Errorf(
				"paging: startAddendaSequenceNumber %q: %w", req.StartAddendaSequenceNumber,
				&RangeError{Param: "startAddendaSequenceNumber", Value: n, Min: 1, Max: maxAddendaSequence})}
		}
		start = n
	}
	limit := maxAddendaSequence - start + 1
	base := Config{Style: StyleRow, Start: start, PageSize: DefaultAddendaPageSize, MaxItems: limit}
	opts = append(opts, func(ic *iterConfig) {
		if ic.maxItems == 0 || ic.maxItems > limit {
			ic.maxItems = limit // never past sequence 9999
		}
	})
	return newIterator(ctx, opListACHAddenda.ID, &base, opts,
		func(ctx context.Context, p Position, call []CallOption) (Page[ACHAddenda], error) {
			body := req
			body.StartAddendaSequenceNumber = fmt.Sprintf("%04d", p.Start)
			res, err := c.ListACHAddenda(ctx, ListACHAddendaRequest{PageSize: p.Size, Body: body}, call...)
			if err != nil {
				return Page[ACHAddenda]{}, err
			}
			if len(res.Addenda) > 0 {
				if first, err := strconv.Atoi(res.Addenda[0].AddendaSequenceNumber); err == nil && first < p.Start {
					return Page[ACHAddenda]{}, &MismatchError{Style: StyleRow, Param: "startAddendaSequenceNumber", Requested: p.Start, Returned: first}
				}
			}
			return Page[ACHAddenda]{Items: res.Addenda}, nil
		})
}

// ACHAddenda yields every addenda record of the ACH item req.UUID: the items of
// ACHAddendaIterator.
func (c *Client) ACHAddenda(ctx context.Context, req ACHAddendaRequest, opts ...IterOption) iter.Seq2[ACHAddenda, error] {
	return c.ACHAddendaIterator(ctx, req, opts...).Items()
}
