package core

import (
	"context"
	"fmt"
	"math"
)

// MaxRowWindow is the largest row window the bank serves in one call (endRowIndex default and
// maximum), and MaxPageSize the largest pageSize it accepts.
const (
	MaxRowWindow = 1000
	MaxPageSize  = 1000
)

// Position is one page request, in the terms of its style:
//
//	row:    Start = startRowIndex (1-based), Size = rows; endRowIndex = End() = Start+Size−1
//	offset: Start = offset (rows skipped, 0-based), Size = limit
//	page:   Start = pageNumber (1-based), Size = pageSize
//	key:    Key = pageKey ("" for the first page), Size = limit; Start is 0
type Position struct {
	Style Style
	Start int
	Size  int
	Key   string // key style: the opaque key of the page, as the server gave it
}

// End returns the inclusive last row of a row window: Start + Size − 1.
func (p Position) End() int { return p.Start + p.Size - 1 }

// String shows the position with the bank's parameter names.
func (p Position) String() string {
	switch p.Style {
	case StyleRow:
		return fmt.Sprintf("rows %d-%d", p.Start, p.End())
	case StyleOffset:
		return fmt.Sprintf("offset %d limit %d", p.Start, p.Size)
	case StylePage:
		return fmt.Sprintf("page %d size %d", p.Start, p.Size)
	case StyleKey:
		if p.Key == "" {
			return fmt.Sprintf("first page limit %d", p.Size)
		}
		return fmt.Sprintf("page key %s limit %d", shortKey(p.Key), p.Size)
	}
	return fmt.Sprintf("position %d+%d", p.Start, p.Size)
}

// RowWindow returns the row Position for startRowIndex start and endRowIndex end (1-based,
// inclusive), or a *RangeError when the bank would reject it: start < 1, end < start, or a
// window over MaxRowWindow rows.
func RowWindow(start, end int) (Position, error) {
	if start < 1 {
		return Position{}, &RangeError{Param: "startRowIndex", Value: start, Min: 1}
	}
	if end < start {
		return Position{}, &RangeError{Param: "endRowIndex", Value: end, Min: start, Max: start + MaxRowWindow - 1}
	}
	if end-start+1 > MaxRowWindow {
		return Position{}, &RangeError{Param: "endRowIndex", Value: end, Min: start, Max: start + MaxRowWindow - 1}
	}
	return Position{Style: StyleRow, Start: start, Size: end - start + 1}, nil
}

// Validate checks p against what the bank accepts for its style, with maxSize the largest
// size (0: the style's default, MaxRowWindow for rows, MaxPageSize for pages, none for
// offsets). It returns a *RangeError (errors.Is ErrOutOfRange) or nil.
func (p Position) Validate(maxSize int) error {
	if maxSize == 0 && p.Style != StyleOffset {
		maxSize = MaxRowWindow
	}
	switch p.Style {
	case StyleRow:
		if p.Start < 1 {
			return &RangeError{Param: "startRowIndex", Value: p.Start, Min: 1}
		}
		if p.Size < 1 || p.Size > maxSize {
			return &RangeError{Param: "endRowIndex", Value: p.End(), Min: p.Start, Max: p.Start + maxSize - 1}
		}
		if p.Start > math.MaxInt-p.Size+1 { // endRowIndex past the largest int
			return &RangeError{Param: "startRowIndex", Value: p.Start, Min: 1, Max: math.MaxInt - p.Size + 1}
		}
	case StyleOffset:
		if p.Start < 0 {
			return &RangeError{Param: "offset", Value: p.Start, Min: 0}
		}
		if p.Size < 1 || (maxSize > 0 && p.Size > maxSize) {
			return &RangeError{Param: "limit", Value: p.Size, Min: 1, Max: maxSize}
		}
	case StylePage:
		if p.Start < 1 {
			return &RangeError{Param: "pageNumber", Value: p.Start, Min: 1}
		}
		if p.Size < 1 || p.Size > maxSize {
			return &RangeError{Param: "pageSize", Value: p.Size, Min: 1, Max: maxSize}
		}
	case StyleKey:
		if p.Start != 0 {
			return fmt.Errorf("paging: key position with start %d: %w", p.Start, ErrInvalidConfig)
		}
		if p.Size < 1 || p.Size > maxSize {
			return &RangeError{Param: "limit", Value: p.Size, Min: 1, Max: maxSize}
		}
	default:
		return fmt.Errorf("paging: position of %v: %w", p.Style, ErrInvalidConfig)
	}
	return nil
}

// Page is one page as a fetch function reports it. Set Items and whatever the response says
// about the totals; leave the rest zero. The engine fills Position and Next.
type Page[T any] struct {
	Items []T

	// Total is the number of items matching the request (totalRows, totalRecords, count),
	// valid when HasTotal.
	Total    int
	HasTotal bool
	// Retrieved is the number of rows the server says it returned (retrievedRows), valid when
	// HasRetrieved. Row style advances by it.
	Retrieved    int
	HasRetrieved bool
	// Echo is the position the server says it served (metadata.page.pageNumber for pages, the
	// echoed offset for offsets), valid when HasEcho. A mismatch fails with *MismatchError.
	Echo    int
	HasEcho bool
	// EchoSize is the page size a page-style server says it used (metadata.page.pageSize),
	// valid when HasEchoSize. A server that used a smaller size than asked numbers its pages
	// by it: a page is short (the last, without totals) only below it.
	EchoSize    int
	HasEchoSize bool
	// TotalPages (metadata.page.totalPages, 0 when unknown) and LastPage
	// (metadata.page.lastPage) end a page-style iteration. LastPage also ends a page with
	// sequence numbers (Seq): the addenda's information message 1002040-50I.
	TotalPages int
	LastPage   bool

	// NextKey is the key of the next page a key-style answer gives (nextPageKey), "" on the
	// last page. The engine passes it on as it is, never parsing it.
	NextKey string
	// Partial reports an answer the server marked as a partial success (HTTP 206): a success
	// whose items may be incomplete. The engine delivers none of it: the iteration ends with
	// *PartialError (ErrPartial), which carries the items.
	Partial bool

	// Seq, when set, holds each item's sequence number, increasing from Position.Start on
	// (row style, for endpoints that start a page at an item's number, such as the ACH
	// addenda's startAddendaSequenceNumber). The next page then starts after the last number
	// returned, and a cursor after the n-th item at its number + 1: numbers with gaps neither
	// repeat nor skip items. A page whose numbers do not advance fails with *MismatchError.
	Seq []int

	// IDs, when set, holds each item's identity (a transaction id, a key: what identifies
	// the row in the server's records), in the order of Items; "" where an item has none. A
	// row whose identity was delivered from the latest two pages, or comes twice in the page,
	// ends the iteration with *ReconcileError (ReconcileRowRepeated, ErrListShifted) before
	// the page is delivered: the list shifted between requests (see ErrListShifted).
	IDs []string

	// withheld: the page's retrievedRows counts rows it did not send, so its items do not
	// map onto its rows (set by the engine).
	withheld bool
	// beyond: the number of items past the announced total (set by the engine:
	// advanceLinear, with late).
	beyond int
	// late: an error to report once the page's items are delivered (set by the engine: a
	// *ReconcileError that does not make the items themselves doubtful).
	late error

	// Position is the request that produced this page (set by the engine).
	Position Position
	// Next is where an iteration resumes after this page (set by the engine); Next.Done when
	// this was the last page.
	Next Cursor
}

// FetchFunc fetches the page at p. It is called from the iterating goroutine, or from
// prefetch goroutines when Config.Prefetch is set; it must honour ctx.
type FetchFunc[T any] func(ctx context.Context, p Position) (Page[T], error)

// keep cuts pg to its items from i to j, and their sequence numbers and identities when it
// has them.
func (pg *Page[T]) keep(i, j int) {
	pg.Items = pg.Items[i:j]
	if pg.Seq != nil {
		pg.Seq = pg.Seq[min(i, len(pg.Seq)):min(j, len(pg.Seq))]
	}
	if pg.IDs != nil {
		pg.IDs = pg.IDs[min(i, len(pg.IDs)):min(j, len(pg.IDs))]
	}
}
