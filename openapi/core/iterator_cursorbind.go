package core

import (
	"errors"
	"fmt"
	"log/slog"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// ErrCursorMismatch matches a *CursorMismatchError: a cursor given to an iteration of another
// request, endpoint, bank origin or credential than the one it came from.
var ErrCursorMismatch = errors.New("paging: cursor of another request")

// CursorMismatchError reports a bound Cursor (WithCursor) given to a typed iterator whose
// request, endpoint, bank origin or credential has another fingerprint: resuming would replay
// one list's position against another list (at another bank, the rows before the cursor were
// never delivered). It matches ErrCursorMismatch and ErrInvalidConfig; nothing was sent.
type CursorMismatchError struct {
	// Cursor is the cursor's fingerprint; Request is the fingerprint of the request given.
	Cursor, Request string
}

func (e CursorMismatchError) Error() string { return redact.Sanitize(nil, e.errorText()) }

// errorText is the text of Error before redact.Sanitize.
func (e CursorMismatchError) errorText() string {
	return fmt.Sprintf("paging: cursor bound to request %s resumed with request %s (other filters, endpoint, bank origin or credential): start that request from the beginning, or resume it with its own cursor", e.Cursor, e.Request)
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (e CursorMismatchError) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, e) }

// LogValue implements slog.LogValuer: the sanitized Error text.
func (e CursorMismatchError) LogValue() slog.Value { return redact.ErrorLogValue(e) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (e CursorMismatchError) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(e) }

// Unwrap returns ErrCursorMismatch and ErrInvalidConfig.
func (e *CursorMismatchError) Unwrap() []error { return []error{ErrCursorMismatch, ErrInvalidConfig} }

// CursorAt returns the cursor at the item the latest range delivered last (Items), or at the
// first item of the page it delivered last (Pages): resuming with it delivers that item again
// first, then the rest. Store it before handling an item to process every item at least once
// (a consumer that fails on an item and breaks out resumes at that item); Cursor, after the
// item, is the default and resumes exactly. Before any item, CursorAt is Cursor.
func (it *Iterator[T]) CursorAt() Cursor {
	if it.at.IsZero() {
		return it.Cursor()
	}
	return it.bound(it.at)
}

// bound returns c bound to the iterator's request (unchanged for an unbound iterator).
func (it *Iterator[T]) bound(c Cursor) Cursor {
	if it.bind != "" && !c.IsZero() {
		c.Bound = it.bind
	}
	return c
}

// checkBinding reports a bound cursor from another request than the one fingerprinted bind.
func checkBinding(from Cursor, bind string) error {
	if bind == "" || from.Bound == "" || from.Bound == bind {
		return nil
	}
	return &CursorMismatchError{Cursor: from.Bound, Request: bind}
}

// validFingerprint reports whether s is 16 lowercase hex digits.
func validFingerprint(s string) bool {
	if len(s) != 16 {
		return false
	}
	for _, r := range s {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'f') {
			return false
		}
	}
	return true
}
