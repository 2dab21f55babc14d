package core

import (
	"errors"
	"fmt"
	"log/slog"
	"strconv"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// A list ends only when its count reconciles with what the server announced. The rule, one
// place for every style (each check below names where it runs):
//
//   - A total that moves between the pages of one iteration (totalRows, totalRecords, count,
//     totalElements) means the list changed under it: rows inserted shift the later pages
//     onto rows already delivered, rows deleted shift rows past the iteration unseen (a gap
//     no position can show). The page that reports the new total is not delivered: the
//     iteration fails with *ReconcileError (ReconcileTotalChanged, ErrListShifted). The key
//     style is checked too: nothing proves that a server's keys are cursors that do not
//     shift (a key may encode an offset), so a list read while it grows (the current day's
//     transactions) fails and is read again. Not checked: a list declared Config.AppendOnly
//     (rows added after the last move nothing, and pages prefetched together may be answered
//     in any order, their totals with them).
//   - A row served twice, by its identity (Page.IDs, which the typed iterators fill from the
//     row's own id where the model has one), among the rows delivered from the latest two
//     pages (the rows a shift of less than a page repeats) fails the same way before the
//     page is delivered (ReconcileRowRepeated).
//   - "More" is decided by what the server announced, never by the size asked for: a page
//     holding fewer items than its totals put on it (page style: a short page before the
//     last, or a page-size cap the server applied without echoing it) is delivered, then the
//     iteration fails with *ReconcileError (ReconcileShortPage, ErrCountMismatch): page
//     numbers depend on the size, so the rows between this page's end and the next page's
//     start were never sent. Row and offset styles ask for the next window from the row
//     after the last one counted, so a short page there loses nothing; their end is checked
//     against the total (an advance of zero before it: *EmptyPageError).
//   - Items past the announced total (the page-style records after totalRecords, the row or
//     offset rows a window holds beyond the total, the key-style items past totalElements)
//     are not delivered, and the iteration fails after the rows within the total
//     (ReconcileBeyondTotal, ErrCountMismatch): either the total or the rows are wrong.
//   - An end reached short of the total fails: *EmptyPageError (row, offset, page: an empty
//     page before the total), *KeyError KeyEndedEarly (key: no next key before
//     totalElements), *TotalsError (page: lastPage before the end totalPages or
//     totalRecords announce).
//
// Without any total (the bank's pages without metadata, the addenda) nothing can be
// reconciled: the end is the documented one (an empty or short page, the last-page mark).
// A cap (Config.MaxItems) that ends the iteration before a missing row is reached ends it
// without an error.

// ErrCountMismatch matches a *ReconcileError whose rows do not add up to the total the
// server announced: a short page in the middle of a page-style list, a page-size cap the
// server did not echo, or items past the total.
var ErrCountMismatch = errors.New("paging: rows do not reconcile with the total the server announced")

// ErrListShifted matches a *ReconcileError reporting that the list changed between its pages:
// its total moved, or a row was served twice. Offset and page positions then point at other
// rows than before (the bank warns of it for the offset style): rows may repeat or be skipped.
// Starting the iteration again from the beginning gives a consistent list.
var ErrListShifted = errors.New("paging: the list changed between pages")

// ReconcileProblem is what a *ReconcileError found (ReconcileError.Problem).
type ReconcileProblem int

const (
	// ReconcileShortPage: a page holds fewer items than the server's totals put on it while
	// they say more pages follow (page style). Its items are delivered first. Matches
	// ErrCountMismatch.
	ReconcileShortPage ReconcileProblem = iota + 1
	// ReconcileBeyondTotal: the server sent items past the total it announced. The items
	// within the total are delivered first. Matches ErrCountMismatch.
	ReconcileBeyondTotal
	// ReconcileTotalChanged: the total differs from the one an earlier page of the same
	// iteration announced. The page is not delivered. Matches ErrListShifted.
	ReconcileTotalChanged
	// ReconcileRowRepeated: a row (by its identity, Page.IDs) was served again. The page is
	// not delivered. Matches ErrListShifted.
	ReconcileRowRepeated
)

// String names the problem.
func (p ReconcileProblem) String() string {
	switch p {
	case ReconcileShortPage:
		return "short page before the announced total"
	case ReconcileBeyondTotal:
		return "items past the announced total"
	case ReconcileTotalChanged:
		return "total changed between pages"
	case ReconcileRowRepeated:
		return "row served twice"
	}
	return "ReconcileProblem(" + strconv.Itoa(int(p)) + ")"
}

// ReconcileError reports a list whose rows do not reconcile with what the server announced,
// or that changed between its pages (see Problem). Where the error says so, the rows that
// could be trusted were delivered before it; Iterator.Cursor then points after them.
type ReconcileError struct {
	Position Position         // the page requested
	Problem  ReconcileProblem // what is wrong
	// Total is the total the server announced (for ReconcileTotalChanged: on the earlier
	// pages), and Now, for ReconcileTotalChanged, the total the page announced.
	Total, Now int
	// Items is the number of items the page held and Want, for ReconcileShortPage, the number
	// its totals put on it; for ReconcileBeyondTotal, Want is the number within the total.
	Items, Want int
	// ID is, for ReconcileRowRepeated, the identity of the row served twice.
	ID string
}

// Error describes the page and the counts.
func (e ReconcileError) Error() string { return redact.Sanitize(nil, e.errorText()) }

// errorText is the text of Error before redact.Sanitize.
func (e ReconcileError) errorText() string {
	switch e.Problem {
	case ReconcileShortPage:
		return fmt.Sprintf("paging: %s: %d items where the announced total (%d) puts %d: rows were not sent (a page-size cap the server did not announce?)",
			e.Position, e.Items, e.Total, e.Want)
	case ReconcileBeyondTotal:
		return fmt.Sprintf("paging: %s: %d items, %d of them within the announced total %d", e.Position, e.Items, e.Want, e.Total)
	case ReconcileTotalChanged:
		return fmt.Sprintf("paging: %s: total %d, was %d on an earlier page: the list changed during the iteration; start again from the beginning",
			e.Position, e.Now, e.Total)
	case ReconcileRowRepeated:
		return fmt.Sprintf("paging: %s: row %s served again: the list shifted during the iteration; start again from the beginning",
			e.Position, shortKey(e.ID))
	}
	return fmt.Sprintf("paging: %s: %s", e.Position, e.Problem)
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (e ReconcileError) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, e) }

// LogValue implements slog.LogValuer: the sanitized Error text.
func (e ReconcileError) LogValue() slog.Value { return redact.ErrorLogValue(e) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (e ReconcileError) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(e) }

// Unwrap returns ErrListShifted for ReconcileTotalChanged and ReconcileRowRepeated, else
// ErrCountMismatch.
func (e *ReconcileError) Unwrap() error {
	if e.Problem == ReconcileTotalChanged || e.Problem == ReconcileRowRepeated {
		return ErrListShifted
	}
	return ErrCountMismatch
}

// checkTotal fails with ReconcileTotalChanged when pg, fetched at req, announces another
// total than the earlier pages of the iteration (it.total, -1 before any). It runs before the
// page is delivered.
func (it *Iterator[T]) checkTotal(req Position, pg *Page[T]) error {
	if pg.HasTotal && it.total >= 0 && pg.Total != it.total && !it.cfg.AppendOnly {
		return &ReconcileError{Position: req, Problem: ReconcileTotalChanged, Total: it.total, Now: pg.Total, Items: len(pg.Items)}
	}
	return nil
}

// idWindow remembers the identities (Page.IDs) of the rows of the latest two deliveries (a
// page, or what a range delivered of it before it stopped), to find a row served again: a
// list that shifts by fewer rows than a page between two requests serves the rows at the
// boundary twice. Only rows delivered count, so that a page fetched again to resume inside it
// is not its own repeat. It is used from the iterating goroutine only.
type idWindow struct {
	last [2]map[string]struct{} // the latest delivery first
}

// check fails with ReconcileRowRepeated when one of ids (the rows about to be delivered from
// the page fetched at req) was delivered in the latest two deliveries or repeats within ids.
// Empty identities are not compared; a page without identities (nil) checks nothing.
func (w *idWindow) check(req Position, ids []string) error {
	if ids == nil {
		return nil
	}
	cur := make(map[string]struct{}, len(ids))
	for _, id := range ids {
		if id == "" {
			continue
		}
		_, a := w.last[0][id]
		_, b := w.last[1][id]
		_, again := cur[id]
		if a || b || again {
			return &ReconcileError{Position: req, Problem: ReconcileRowRepeated, ID: id, Items: len(ids)}
		}
		cur[id] = struct{}{}
	}
	return nil
}

// record makes ids (the rows just delivered) the latest delivery; nil (a page without
// identities) forgets the earlier ones.
func (w *idWindow) record(ids []string) {
	if ids == nil {
		w.last = [2]map[string]struct{}{}
		return
	}
	m := make(map[string]struct{}, len(ids))
	for _, id := range ids {
		if id != "" {
			m[id] = struct{}{}
		}
	}
	w.last[1], w.last[0] = w.last[0], m
}
