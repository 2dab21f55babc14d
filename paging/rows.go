package paging

// Row and offset styles advance the same way: by rows, from a 1-based (row) or 0-based
// (offset) start. The rules, in order:
//
//   - A page holding more rows than asked for is cut to the size asked for.
//   - The advance is retrievedRows when the server sent it, else the number of items.
//   - With a total (totalRows, count): items past the claimed total are dropped and the
//     iteration ends at the claimed total, even if the server has more (a total that claims
//     fewer rows than exist); an advance of zero before the total fails with *EmptyPageError
//     (a total that claims more rows than the server delivers), so a lying total never loops.
//   - Without a total: an empty or short page is the last.

// advanceLinear applies the rules above to pg, requested at req, and returns the next
// position and whether pg is the last page.
func advanceLinear[T any](req Position, pg *Page[T]) (next Position, done bool, err error) {
	if len(pg.Items) > req.Size {
		pg.Items = pg.Items[:req.Size]
	}
	adv := len(pg.Items)
	if pg.HasRetrieved {
		adv = min(max(pg.Retrieved, 0), req.Size)
	}
	next = Position{Style: req.Style, Start: req.Start + adv, Size: req.Size}
	if pg.HasTotal {
		remaining := pg.Total - (req.Start - req.Style.base()) // rows from req.Start to the total
		if remaining <= 0 {
			pg.Items = pg.Items[:0]
			return next, true, nil
		}
		if len(pg.Items) > remaining {
			pg.Items = pg.Items[:remaining]
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

// advanceRow advances a row-style iteration: see advanceLinear.
func advanceRow[T any](req Position, pg *Page[T]) (Position, bool, error) {
	return advanceLinear(req, pg)
}
