package core

import "fmt"

// advancePage advances a page-number iteration. The page echoed in metadata.page.pageNumber
// must be the page asked for (*MismatchError otherwise: a server that ignores pageNumber
// would serve page 1 forever). A server that echoes a smaller metadata.page.pageSize than
// asked for numbers its pages by it, and the rules below count with it. A page holding more
// items than the page size fails the same way (Param "pageSize"), before any of them is
// delivered: whether the next page starts after them or overlaps them cannot be told, so
// delivering them all or cutting them could repeat or drop items. The iteration ends at
// lastPage, at totalPages, when the pages asked for cover totalRecords, on an empty page,
// or, with no totals, on a short page. An empty page before the reported end fails with
// *EmptyPageError, and lastPage on a page before it with *TotalsError (which of them lies
// cannot be told).
//
// The count reconciles with the totals (iterator_reconcile.go): "more" is decided by what
// the server announced, never by the size asked for. With totalRecords R, page p of size s
// holds min(s, R − (p−1)·s) items: fewer (a short page in the middle, or a size cap the
// server applied without echoing it) are delivered and then fail with *ReconcileError
// (ReconcileShortPage), more are cut to that number and then fail (ReconcileBeyondTotal).
// With totalPages P alone, a page before P must be full. A totalRecords of 0 is read as no
// record count (an absent member decodes as 0; an empty list has no item to count).
func advancePage[T any](req Position, pg *Page[T]) (next Position, done bool, err error) {
	if pg.HasEcho && pg.Echo != req.Start {
		return Position{}, false, &MismatchError{Style: StylePage, Requested: req.Start, Returned: pg.Echo}
	}
	size := req.Size // the size the server's pages are numbered by
	if pg.HasEchoSize && pg.EchoSize > 0 && pg.EchoSize < size {
		size = pg.EchoSize
	}
	n := len(pg.Items)
	if n > size {
		return Position{}, false, &MismatchError{Style: StylePage, Param: "pageSize", Requested: size, Returned: n}
	}
	next = Position{Style: StylePage, Start: req.Start + 1, Size: req.Size}
	records := pg.HasTotal && pg.Total > 0 // totalRecords announced (absent decodes as 0)
	var moreClaimed bool                   // the server's own totals say pages remain after this one
	if pg.TotalPages > 0 {
		moreClaimed = req.Start < pg.TotalPages
	} else if records {
		moreClaimed = req.Start*size < pg.Total
	}
	switch {
	case pg.LastPage && moreClaimed:
		return Position{}, false, &TotalsError{Position: req, Detail: fmt.Sprintf(
			"lastPage although totalPages %d, totalRecords %d", pg.TotalPages, pg.Total)}
	case n == 0 && moreClaimed:
		return next, false, &EmptyPageError{Position: req, Total: pg.Total}
	}
	if n > 0 {
		want := -1 // the items the totals put on this page; -1: not told
		switch {
		case records:
			want = min(size, max(pg.Total-(req.Start-1)*size, 0))
		case moreClaimed:
			want = size // a page before totalPages is full
		}
		switch {
		case want >= 0 && n > want:
			pg.keep(0, want)
			pg.late = &ReconcileError{Position: req, Problem: ReconcileBeyondTotal, Total: pg.Total, Items: n, Want: want}
			return next, true, nil
		case n < want:
			pg.late = &ReconcileError{Position: req, Problem: ReconcileShortPage, Total: pg.Total, Items: n, Want: want}
			return next, true, nil
		}
	}
	switch {
	case pg.LastPage, n == 0:
		return next, true, nil
	case pg.TotalPages > 0 || pg.HasTotal:
		return next, !moreClaimed, nil
	}
	return next, n < size, nil
}
