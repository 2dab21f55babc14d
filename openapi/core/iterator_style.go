package core

import "fmt"

// Style is a pagination style of the bank's list endpoints.
type Style int

// The pagination styles. The zero Style is not a style: it marks an unset [Cursor].
const (
	// StyleRow pages by an inclusive, 1-based row window: startRowIndex and endRowIndex,
	// end = start + size − 1, at most 1,000 rows per window. The totalRows and retrievedRows
	// headers, when present, give the total and the rows actually returned.
	StyleRow Style = iota + 1
	// StyleOffset pages by limit and offset (0-based, the number of rows skipped).
	StyleOffset
	// StylePage pages by pageNumber (from 1) and pageSize (1 to 1,000).
	StylePage
	// StyleKey pages by an opaque key: each answer gives the key of the next page
	// (nextPageKey), none on the last; the size is the limit. See KeyError.
	StyleKey
)

// String returns the name the spec's x-issuerkit-pagination uses for s: row, offset, page or
// key.
func (s Style) String() string {
	switch s {
	case StyleRow:
		return "row"
	case StyleOffset:
		return "offset"
	case StylePage:
		return "page"
	case StyleKey:
		return "key"
	}
	return fmt.Sprintf("Style(%d)", int(s))
}

// ParseStyle returns the Style named name (row, offset, page or key).
func ParseStyle(name string) (Style, error) {
	switch name {
	case "row":
		return StyleRow, nil
	case "offset":
		return StyleOffset, nil
	case "page":
		return StylePage, nil
	case "key":
		return StyleKey, nil
	}
	return 0, fmt.Errorf("paging: unknown style %q: %w", name, ErrInvalidConfig)
}

// base is the first position of s: 1 for rows and page numbers, 0 for offsets (and for
// keys, which have no numbered position).
func (s Style) base() int {
	if s == StyleOffset || s == StyleKey {
		return 0
	}
	return 1
}

// valid reports whether s is one of the four styles.
func (s Style) valid() bool { return s >= StyleRow && s <= StyleKey }
