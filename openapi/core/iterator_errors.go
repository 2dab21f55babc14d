package core

import (
	"errors"
	"fmt"
	"log/slog"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// Sentinel errors of the paging engine. Every error the engine produces matches one of them
// with errors.Is; the struct types below carry the details for errors.As.
var (
	// ErrOutOfRange: a page request outside what the bank accepts (pageSize 0 or over 1,000, a
	// row window over 1,000 rows, endRowIndex before startRowIndex, a negative offset). The
	// engine returns it before any request is sent. Details: *RangeError.
	ErrOutOfRange = errors.New("paging: page request out of range")
	// ErrInvalidConfig: a Config or Cursor that cannot drive an iteration (unknown style, a
	// cursor of another style, a malformed cursor text).
	ErrInvalidConfig = errors.New("paging: invalid configuration")
	// ErrEmptyPage: the list ended, or stopped delivering, before its own total: a page with
	// no items although the server's total says more remain (a "lying" totalRows,
	// totalRecords or count; details: *EmptyPageError), a key-style answer without a next key
	// before its totalElements (*KeyError, KeyEndedEarly), or a run of pages that deliver
	// nothing while announcing more (*NoProgressError).
	ErrEmptyPage = errors.New("paging: empty page before the reported total")
	// ErrPartial: the server answered a page with a partial success (HTTP 206): what it sent
	// may be incomplete, or not a page at all (the bank's previous-day transactions 206 body
	// is an account), so the iteration cannot tell whether rows are missing. It ends with
	// *PartialError, which carries the partial answer's items. Details: *PartialError.
	ErrPartial = errors.New("paging: partial answer (HTTP 206)")
	// ErrPositionMismatch: the server says it served another page than the one asked for
	// (metadata.page.pageNumber, or the echoed offset, differs): it ignores the page parameter,
	// and iterating on would repeat the same page forever. Details: *MismatchError.
	ErrPositionMismatch = errors.New("paging: server returned another page than the one requested")
	// ErrRetrievedMismatch: the server's retrievedRows counts fewer rows than the items it
	// sent, so no advance is both free of repeats and true to its count. Details:
	// *RetrievedMismatchError.
	ErrRetrievedMismatch = errors.New("paging: retrievedRows below the items returned")
	// ErrInconsistentTotals: the server's totals cannot be counted against (a negative
	// total or page count) or contradict each other (lastPage on a page
	// before the end totalPages or totalRecords announce), so no end of the iteration is
	// safe. Details: *TotalsError.
	ErrInconsistentTotals = errors.New("paging: impossible or contradictory totals")
)

// RangeError reports a page request the bank would reject, found before the network.
type RangeError struct {
	Param string // parameter name: startRowIndex, endRowIndex, offset, limit, pageNumber, pageSize
	Value int    // the value asked for
	Min   int    // smallest accepted value
	Max   int    // largest accepted value; 0 when there is no maximum
}

// Error describes the parameter and its accepted range.
func (e RangeError) Error() string { return redact.Sanitize(nil, e.errorText()) }

// errorText is the text of Error before redact.Sanitize.
func (e RangeError) errorText() string {
	if e.Max == 0 {
		return fmt.Sprintf("paging: %s = %d, want at least %d", e.Param, e.Value, e.Min)
	}
	return fmt.Sprintf("paging: %s = %d, want %d to %d", e.Param, e.Value, e.Min, e.Max)
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (e RangeError) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, e) }

// LogValue implements slog.LogValuer: the sanitized Error text.
func (e RangeError) LogValue() slog.Value { return redact.ErrorLogValue(e) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (e RangeError) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(e) }

// Unwrap returns ErrOutOfRange.
func (e *RangeError) Unwrap() error { return ErrOutOfRange }

// EmptyPageError reports a page that returned no items (or advanced by zero rows) before the
// total the server reported.
type EmptyPageError struct {
	Position Position // the page requested
	Total    int      // the total the server reported
}

// Error describes the page and the total.
func (e EmptyPageError) Error() string { return redact.Sanitize(nil, e.errorText()) }

// errorText is the text of Error before redact.Sanitize.
func (e EmptyPageError) errorText() string {
	return fmt.Sprintf("paging: no items at %s although the server reports %d in total", e.Position, e.Total)
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (e EmptyPageError) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, e) }

// LogValue implements slog.LogValuer: the sanitized Error text.
func (e EmptyPageError) LogValue() slog.Value { return redact.ErrorLogValue(e) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (e EmptyPageError) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(e) }

// Unwrap returns ErrEmptyPage.
func (e *EmptyPageError) Unwrap() error { return ErrEmptyPage }

// MismatchError reports a page whose echoed position is not the one requested.
type MismatchError struct {
	Style     Style
	Param     string // parameter name; "" means the style's: pageNumber, offset or startRowIndex
	Requested int    // pageNumber or offset asked for
	Returned  int    // pageNumber or offset the server says it served
}

// Error describes both positions.
func (e MismatchError) Error() string { return redact.Sanitize(nil, e.errorText()) }

// errorText is the text of Error before redact.Sanitize.
func (e MismatchError) errorText() string {
	name := e.Param
	switch {
	case name != "":
	case e.Style == StyleOffset:
		name = "offset"
	case e.Style == StyleRow:
		name = "startRowIndex"
	default:
		name = "pageNumber"
	}
	return fmt.Sprintf("paging: asked for %s %d, server returned %s %d (page parameter ignored?)",
		name, e.Requested, name, e.Returned)
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (e MismatchError) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, e) }

// LogValue implements slog.LogValuer: the sanitized Error text.
func (e MismatchError) LogValue() slog.Value { return redact.ErrorLogValue(e) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (e MismatchError) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(e) }

// Unwrap returns ErrPositionMismatch.
func (e *MismatchError) Unwrap() error { return ErrPositionMismatch }

// RetrievedMismatchError reports a row page whose retrievedRows header counts fewer rows than
// the items the page holds. None of the page's items is delivered.
type RetrievedMismatchError struct {
	Position  Position // the page requested
	Retrieved int      // retrievedRows as the server sent it
	Items     int      // items in the page (at most the window's size)
}

// Error describes the page and both counts.
func (e RetrievedMismatchError) Error() string { return redact.Sanitize(nil, e.errorText()) }

// errorText is the text of Error before redact.Sanitize.
func (e RetrievedMismatchError) errorText() string {
	return fmt.Sprintf("paging: %s: retrievedRows %d but %d items returned", e.Position, e.Retrieved, e.Items)
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (e RetrievedMismatchError) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, e) }

// LogValue implements slog.LogValuer: the sanitized Error text.
func (e RetrievedMismatchError) LogValue() slog.Value { return redact.ErrorLogValue(e) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (e RetrievedMismatchError) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(e) }

// Unwrap returns ErrRetrievedMismatch.
func (e *RetrievedMismatchError) Unwrap() error { return ErrRetrievedMismatch }

// TotalsError reports a page whose totals are impossible or contradict each other. The
// items of a page whose lastPage contradicts its totals are delivered before it; a page
// with a negative count is not delivered.
type TotalsError struct {
	Position Position // the page requested
	Detail   string   // what is wrong, with the values the server sent
}

// Error describes the page and what is wrong with its totals.
func (e TotalsError) Error() string { return redact.Sanitize(nil, e.errorText()) }

// errorText is the text of Error before redact.Sanitize.
func (e TotalsError) errorText() string {
	return fmt.Sprintf("paging: %s: %s", e.Position, e.Detail)
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (e TotalsError) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, e) }

// LogValue implements slog.LogValuer: the sanitized Error text.
func (e TotalsError) LogValue() slog.Value { return redact.ErrorLogValue(e) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (e TotalsError) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(e) }

// Unwrap returns ErrInconsistentTotals.
func (e *TotalsError) Unwrap() error { return ErrInconsistentTotals }

// MaxStalledPages is how many pages in a row may deliver no item while the server says the
// list goes on (a retrievedRows that advances past rows it does not send, a total that
// cannot be reached) before the iteration fails with *NoProgressError: a hostile or broken
// server cannot keep an iteration requesting pages forever.
const MaxStalledPages = 8

// NoProgressError reports MaxStalledPages pages in a row that delivered no item although the
// server said the list goes on.
type NoProgressError struct {
	Position Position // the last page requested
	Pages    int      // pages in a row without an item
	Total    int      // the total the server reported, -1 when none
}

// Error describes the page and the run of empty pages.
func (e NoProgressError) Error() string { return redact.Sanitize(nil, e.errorText()) }

// errorText is the text of Error before redact.Sanitize.
func (e NoProgressError) errorText() string {
	total := "no total"
	if e.Total >= 0 {
		total = fmt.Sprintf("a total of %d", e.Total)
	}
	return fmt.Sprintf("paging: %s: %d pages in a row without an item although the server (%s) says the list goes on", e.Position, e.Pages, total)
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (e NoProgressError) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, e) }

// LogValue implements slog.LogValuer: the sanitized Error text.
func (e NoProgressError) LogValue() slog.Value { return redact.ErrorLogValue(e) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (e NoProgressError) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(e) }

// Unwrap returns ErrEmptyPage.
func (e *NoProgressError) Unwrap() error { return ErrEmptyPage }

// PartialError reports a page the server answered with a partial success (HTTP 206). The
// iteration stops before delivering any of it, and its Cursor stays at that page, so a later
// resumption asks for the page again. Items holds the partial answer's items (a []T of the
// iterator's item type, possibly empty: the previous-day transactions 206 body is an account,
// not a page), so that a caller who accepts incomplete data can take them.
type PartialError struct {
	Position Position // the page requested
	Items    any      // the items of the partial answer, a []T
	Count    int      // len(Items)
}

// Error describes the page.
func (e PartialError) Error() string { return redact.Sanitize(nil, e.errorText()) }

// errorText is the text of Error before redact.Sanitize.
func (e PartialError) errorText() string {
	return fmt.Sprintf("paging: %s: partial answer (HTTP 206) with %d items: the list may be incomplete", e.Position, e.Count)
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (e PartialError) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, e) }

// LogValue implements slog.LogValuer: the sanitized Error text.
func (e PartialError) LogValue() slog.Value { return redact.ErrorLogValue(e) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (e PartialError) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(e) }

// Unwrap returns ErrPartial.
func (e *PartialError) Unwrap() error { return ErrPartial }
