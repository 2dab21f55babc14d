package core

import "fmt"

// checkCounts fails with *TotalsError when pg, fetched at req, reports a negative total or
// page count: no count an iteration can end by (a server's -1 for "unknown" ended it at
// once, or dropped every item). A negative retrievedRows is below the items
// (*RetrievedMismatchError, advanceLinear).
func checkCounts[T any](req Position, pg *Page[T]) error {
	switch {
	case pg.HasTotal && pg.Total < 0:
		return &TotalsError{Position: req, Detail: fmt.Sprintf("negative total %d", pg.Total)}
	case pg.TotalPages < 0:
		return &TotalsError{Position: req, Detail: fmt.Sprintf("negative totalPages %d", pg.TotalPages)}
	}
	return nil
}
