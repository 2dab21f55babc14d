package core

import "fmt"

// Row and offset styles advance the same way: by rows, from a 1-based (row) or 0-based
// (offset) start. The rules, in order:
//
//   - A page holding more rows than asked for is cut to the size asked for.
//   - The advance is retrievedRows when the server sent it, else the number of items. A
//     retrievedRows above the items (rows retrieved but not sent, such as filtered ones) is
//     trusted (a cursor inside such a page then counts items from its start, Cursor.Skip);
//     one below them fails with *RetrievedMismatchError: advancing by it would serve
//     the extra items again, advancing by the items would skip what the count says.
//   - With a total (totalRows, count): the iteration ends at the total, and windows shrink
//     to it, so that no row past it is asked for. Items a window holds past the total are
//     not delivered: when the window was asked for as it was fetched (not a larger one
//     prefetched before the total was known, see covers), the iteration fails after the
//     rows within the total with *ReconcileError (ReconcileBeyondTotal). An advance of zero
//     before the total fails with *EmptyPageError (a total that claims more rows than the
//     server delivers), so a lying total never loops.
//   - Without a total: an empty or short page is the last.

// advanceLinear applies the rules above to pg, requested at req, and returns the next
// position and whether pg is the last page.
func advanceLinear[T any](req Position, pg *Page[T]) (next Position, done bool, err error) {
	if pg.HasTotal && pg.Seq == nil { // items past the total, counted before any cut
		within := max(pg.Total-(req.Start-req.Style.base()), 0)
		if pg.beyond = max(len(pg.Items)-within, 0); pg.beyond > 0 {
			pg.late = &ReconcileError{Position: req, Problem: ReconcileBeyondTotal, Total: pg.Total,
				Items: len(pg.Items), Want: min(within, req.Size)}
		}
	}
	if len(pg.Items) > req.Size {
		pg.keep(0, req.Size)
	}
	if pg.Seq != nil {
		return advanceSeq(req, pg)
	}
	adv := len(pg.Items)
	if pg.HasRetrieved {
		if pg.Retrieved < adv {
			return Position{}, false, &RetrievedMismatchError{Position: req, Retrieved: pg.Retrieved, Items: adv}
		}
		pg.withheld = pg.Retrieved > adv // the rows of the items are unknown
		adv = min(pg.Retrieved, req.Size)
	}
	next = Position{Style: req.Style, Start: req.Start + adv, Size: req.Size}
	if pg.HasTotal {
		remaining := pg.Total - (req.Start - req.Style.base()) // rows from req.Start to the total
		if remaining <= 0 {
			pg.keep(0, 0)
			return next, true, nil
		}
		if len(pg.Items) > remaining {
			pg.keep(0, remaining)
		}
		if adv >= remaining {
			return next, true, nil
		}
		if adv == 0 {
			return next, false, &EmptyPageError{Position: req, Total: pg.Total}
		}
		return next, false, nil
	}
	return next, adv == 0 || adv < req.Size, nil
}

// advanceSeq advances a page whose items carry sequence numbers (Page.Seq): to the number
// after the last one returned, which must lie past req.Start. Such endpoints give no total:
// the last page is the one the server marks (LastPage: the addenda's 1002040-50I), or an
// empty one. A short page is not the end: a server whose own page size is smaller than the
// one asked for returns short pages all along (without the mark, the end costs one request
// more, for the empty page).
func advanceSeq[T any](req Position, pg *Page[T]) (Position, bool, error) {
	n := len(pg.Items)
	if len(pg.Seq) != n {
		return Position{}, false, fmt.Errorf("paging: %s: %d sequence numbers for %d items: %w", req, len(pg.Seq), n, ErrInvalidConfig)
	}
	if n == 0 {
		return req, true, nil
	}
	if last := pg.Seq[n-1]; last < req.Start {
		return Position{}, false, &MismatchError{Style: req.Style, Requested: req.Start, Returned: last}
	}
	return Position{Style: req.Style, Start: pg.Seq[n-1] + 1, Size: req.Size}, pg.LastPage, nil
}

// advanceRow advances a row-style iteration: see advanceLinear.
func advanceRow[T any](req Position, pg *Page[T]) (Position, bool, error) {
	return advanceLinear(req, pg)
}
