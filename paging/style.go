package paging

import "fmt"

// Style is a pagination style of the bank's list endpoints (seed 002).
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
)

// String returns the name the spec's x-issuerkit-pagination uses for s: row, offset or page.
func (s Style) String() string {
	switch s {
	case StyleRow:
		return "row"
	case StyleOffset:
		return "offset"
	case StylePage:
		return "page"
	}
	return fmt.Sprintf("Style(%d)", int(s))
}

// ParseStyle returns the Style named name (row, offset or page).
func ParseStyle(name string) (Style, error) {
	switch name {
	case "row":
		return StyleRow, nil
	case "offset":
		return StyleOffset, nil
	case "page":
		return StylePage, nil
	}
	return 0, fmt.Errorf("paging: unknown style %q: %w", name, ErrInvalidConfig)
}

// base is the first position of s: 1 for rows and page numbers, 0 for offsets.
func (s Style) base() int {
	if s == StyleOffset {
		return 0
	}
	return 1
}

// valid reports whether s is one of the three styles.
func (s Style) valid() bool { return s >= StyleRow && s <= StylePage }
