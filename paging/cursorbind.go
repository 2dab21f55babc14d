package paging

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/issuerkit/issuerkit-go/internal/jsonx"
	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// ErrCursorMismatch matches a *CursorMismatchError: a cursor given to an iteration of another
// request or endpoint than the one it came from.
var ErrCursorMismatch = errors.New("paging: cursor of another request")

// CursorMismatchError reports a bound Cursor (WithCursor) given to a typed iterator whose
// request or endpoint has another fingerprint: resuming would replay one list's position
// against another list. It matches ErrCursorMismatch and ErrInvalidConfig; nothing was sent.
type CursorMismatchError struct {
	// Cursor is the cursor's fingerprint; Request is the fingerprint of the request given.
	Cursor, Request string
}

func (e *CursorMismatchError) Error() string { return redact.Sanitize(nil, e.errorText()) }

// errorText is the text of Error before redact.Sanitize.
func (e *CursorMismatchError) errorText() string {
	return fmt.Sprintf("paging: cursor bound to request %s resumed with request %s (other filters or endpoint): start that request from the beginning, or resume it with its own cursor", e.Cursor, e.Request)
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (e *CursorMismatchError) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, e) }

// LogValue implements slog.LogValuer: the sanitized Error text.
func (e *CursorMismatchError) LogValue() slog.Value { return redact.ErrorLogValue(e) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (e *CursorMismatchError) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(e) }

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

// bindOpts returns opts followed by the option that binds the iteration's cursors to the
// request req of operation opID (nil for an operation without one) and its path arguments
// (the account of a reporting read), in a new slice. The generated typed iterators call it.
func bindOpts(opID string, req any, opts []IterOption, path ...string) []IterOption {
	fp := fingerprint(opID, req, path...)
	out := make([]IterOption, 0, len(opts)+1)
	return append(append(out, opts...), func(c *iterConfig) { c.bind = fp })
}

// checkBinding reports a bound cursor from another request than the one fingerprinted bind.
func checkBinding(from Cursor, bind string) error {
	if bind == "" || from.Bound == "" || from.Bound == bind {
		return nil
	}
	return &CursorMismatchError{Cursor: from.Bound, Request: bind}
}

// fingerprint is 16 hex digits: 12 of the SHA-256 of the operation id, the path arguments and
// req's JSON with
// the operation's page parameters (its x-issuerkit-pagination start, size and end) removed
// from the top level, keys sorted, and sensitive members (account numbers, ...) masked
// whatever their shape; then 4 of the same hash over the unmasked JSON. The secrets thus
// enter through 16 bits only: the text reveals next to nothing of an account number (one in
// 65,536 shares its fingerprint), at the price of one chance in 65,536 that a cursor of
// another account's otherwise identical request goes undetected.
func fingerprint(opID string, req any, path ...string) string {
	canon, masked := []byte("null"), []byte("null")
	if req != nil {
		var v any
		raw, err := jsonx.MarshalWire(req) // Secrets in full: json.Marshal masks them
		if err == nil && json.Unmarshal(raw, &v) == nil {
			if m, ok := v.(map[string]any); ok {
				for k := range m {
					if isPageParam(opID, k) {
						delete(m, k)
					}
				}
			}
			// not a model: v and its masked copy are decoded maps
			canon, _ = json.Marshal(v)                 // maps marshal with sorted keys
			masked, _ = json.Marshal(maskSensitive(v)) // not a model: a decoded map
		} else {
			canon = fmt.Appendf(nil, "%T", req)
			masked = canon
		}
	}
	sum := func(b []byte) []byte {
		h := sha256.New()
		h.Write([]byte(opID))
		h.Write([]byte{0})
		for _, p := range path { // the path arguments, each ended by a 0 (none: as before)
			h.Write([]byte(p))
			h.Write([]byte{0})
		}
		h.Write(b)
		return h.Sum(nil)
	}
	public, all := sum(masked), sum(canon)
	return hex.EncodeToString(append(public[:6:6], all[:2]...))
}

// maskSensitive returns v (decoded JSON) with the value of every sensitive member
// (redact.IsSensitiveKey: accountNumber, ...), whatever its shape, replaced by "***".
func maskSensitive(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			if redact.IsSensitiveKey(k) {
				out[k] = "***"
			} else {
				out[k] = maskSensitive(e)
			}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = maskSensitive(e)
		}
		return out
	}
	return v
}

// isPageParam reports whether name is one of operation opID's page parameters.
func isPageParam(opID, name string) bool {
	op, ok := operations.ByID(opID)
	if !ok || op.Paging == nil {
		return false
	}
	for _, p := range []string{op.Paging.Start, op.Paging.Size, op.Paging.End} {
		if p != "" && strings.EqualFold(p, name) {
			return true
		}
	}
	return false
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
