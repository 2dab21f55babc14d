package core

import (
	"fmt"
	"strconv"
	"strings"
)

// Cursor is where an iteration stands: the next page to request and how many of its items
// were already delivered. Store it (it marshals to a short text, e.g. "row:1001:1000:0") and
// pass it back as Config.From to resume. The zero Cursor means "from the beginning".
//
// A cursor of a typed iterator (PreviousDayTransactionsIterator, ...) is bound to the request
// it came from: Bound is a fingerprint of the endpoint, the request's filters (not its page
// parameters) and where the client spoke as whom (its base URL's origin and path, and its
// credential's identity: a hash, never the credential), written after an "@"
// ("row:1001:1000:0@9f86d081884c7d65"). Resuming another request or endpoint with it, or the
// same at another bank origin or with another credential, fails with *CursorMismatchError
// (ErrCursorMismatch) before any request. A cursor without one (from Config.From, or stored before binding existed) is not
// checked.
type Cursor struct {
	Style Style
	Start int  // Position.Start of the next page
	Size  int  // Position.Size of the next page
	Skip  int  // items of that page already delivered (page and key styles, and rows withheld: see Page)
	Done  bool // the iteration reached the end: resuming yields nothing
	// Key is the opaque key of the next page (key style; "" for the first page).
	Key string
	// Bound is the fingerprint of the request the cursor came from: 16 lowercase hex digits,
	// or empty for an unbound cursor.
	Bound string
}

// IsZero reports whether c is the zero Cursor.
func (c Cursor) IsZero() bool { return c == Cursor{} }

// position returns the page request c points at.
func (c Cursor) position() Position {
	return Position{Style: c.Style, Start: c.Start, Size: c.Size, Key: c.Key}
}

// String returns the text form of c (see MarshalText).
func (c Cursor) String() string {
	b, _ := c.MarshalText()
	return string(b)
}

// MarshalText encodes c as "STYLE:START:SIZE:SKIP" ("key:KEY:SIZE:SKIP" with the key in
// unpadded base64url), or "STYLE:done" once done, followed by "@BOUND" for a bound cursor;
// the zero Cursor encodes as an empty text.
func (c Cursor) MarshalText() ([]byte, error) {
	if c.IsZero() {
		return []byte{}, nil
	}
	var b []byte
	if c.Done {
		b = []byte(c.Style.String() + ":done")
	} else if c.Style == StyleKey {
		b = fmt.Appendf(nil, "key:%s:%d:%d", keyText(c.Key), c.Size, c.Skip)
	} else {
		b = fmt.Appendf(nil, "%s:%d:%d:%d", c.Style, c.Start, c.Size, c.Skip)
	}
	if c.Bound != "" {
		b = append(append(b, '@'), c.Bound...)
	}
	return b, nil
}

// UnmarshalText decodes a text written by MarshalText. A malformed text, or one MarshalText
// cannot write (a skip of the whole page or more, a window past the largest int), fails with
// an error matching ErrInvalidConfig; the empty text gives the zero Cursor.
func (c *Cursor) UnmarshalText(text []byte) error {
	s := string(text)
	if s == "" {
		*c = Cursor{}
		return nil
	}
	bad := func() error { return fmt.Errorf("paging: cursor %q: %w", s, ErrInvalidConfig) }
	pos, bound, isBound := strings.Cut(s, "@")
	if isBound && !validFingerprint(bound) {
		return bad()
	}
	parts := strings.Split(pos, ":")
	style, err := ParseStyle(parts[0])
	if err != nil {
		return bad()
	}
	if len(parts) == 2 && parts[1] == "done" {
		*c = Cursor{Style: style, Done: true, Bound: bound}
		return nil
	}
	if len(parts) != 4 {
		return bad()
	}
	if style == StyleKey {
		next, ok := parseKeyCursor(parts[1:])
		if !ok {
			return bad()
		}
		next.Bound = bound
		if err := next.position().Validate(0); err != nil {
			return fmt.Errorf("paging: cursor %q: %w: %w", s, ErrInvalidConfig, err)
		}
		if err := next.checkSkip(); err != nil {
			return fmt.Errorf("paging: cursor %q: %w", s, err)
		}
		*c = next
		return nil
	}
	var n [3]int
	for i, p := range parts[1:] {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 {
			return bad()
		}
		n[i] = v
	}
	next := Cursor{Style: style, Start: n[0], Size: n[1], Skip: n[2], Bound: bound}
	if err := next.position().Validate(0); err != nil {
		return fmt.Errorf("paging: cursor %q: %w: %w", s, ErrInvalidConfig, err)
	}
	if err := next.checkSkip(); err != nil {
		return fmt.Errorf("paging: cursor %q: %w", s, err)
	}
	*c = next
	return nil
}

// checkSkip reports a skip that cannot be: negative, or the whole page or more (a cursor
// after a page's last item is the next page's start), which would pass over items never
// delivered.
func (c Cursor) checkSkip() error {
	if c.Skip < 0 || (c.Skip > 0 && c.Skip >= c.Size) {
		return fmt.Errorf("paging: cursor skip %d of a page of %d: %w", c.Skip, c.Size, ErrInvalidConfig)
	}
	return nil
}
