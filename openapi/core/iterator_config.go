package core

import "fmt"

// Config says how to page one endpoint. Style is required; every other field has a default.
type Config struct {
	Style Style
	// PageSize is the rows per window (row), the limit (offset, key) or the pageSize (page).
	// 0 means MaxPageSize for rows and pages, DefaultLimit for offsets and keys.
	PageSize int
	// MaxPageSize is the largest size the endpoint accepts (from the spec's maxSize). 0 means
	// MaxRowWindow for rows, MaxPageSize for pages and keys, no maximum for offsets.
	MaxPageSize int
	// MaxItems caps the items one Iterator delivers, across all its ranges; 0 means no cap.
	// Row and offset windows shrink so that no more rows than needed are requested.
	MaxItems int
	// Start is the first position (startRowIndex, offset or pageNumber); 0 means the style's
	// first (1, 0, 1). Ignored when From is set; must be 0 for keys (the first page has none).
	Start int
	// From resumes an earlier iteration at its Cursor; the zero Cursor starts at Start.
	From Cursor
	// Prefetch is the number of pages fetched ahead of the one being consumed. 0 fetches
	// on demand. With k > 0, once the first page has answered, up to k pages are in flight
	// at once, delivered in order: each page handed over starts the one k places after it
	// (a sliding window), never past the total or MaxItems. The first page goes alone, so a
	// one-page result costs one request. Where the server gives no total, the window runs
	// ahead on the guess that pages are full: when a short page ends the iteration, up to
	// k − 1 requests past the end are cancelled and discarded. At most k pages are held
	// besides the one being consumed. Breaking out of the loop leaves no request in flight:
	// the pages whose request the SDK's clients have not sent yet are cancelled (nothing of
	// them is sent), and those already sent are awaited until the server starts answering,
	// then dropped (see iterator_prefetch.go); cancel the context to abandon them at once.
	// Key style fetches nothing ahead: the next key is only known from the answer.
	Prefetch int
	// EagerPrefetch (with Prefetch k > 0) requests the first k pages together, before the
	// first answer says how many there are, instead of the first page alone: a drain of n
	// pages then takes ⌈n / k⌉ round trips instead of 1 + ⌈(n − 1) / k⌉. The price is paid on
	// short results: a result of fewer than k pages still costs k requests (up to k − 1
	// wasted, cancelled and discarded), each one counted by the bank's rate limit. Nothing is
	// requested past MaxItems. Off by default.
	EagerPrefetch bool
	// AutoPrefetch sizes the prefetch depth to the latency observed (from the request written
	// to its page, without the time spent waiting for the client's rate limiter), so that
	// the bank's budget of BankRate requests a second, not the latency, sets the pace: one
	// page in flight up to 100 ms, three at 300 ms, eight at 1 s, at most MaxAutoPrefetch;
	// see
	// Prefetch for the window's rules. Prefetch and EagerPrefetch must be unset. The typed
	// iterators use it unless WithPrefetch or WithEagerPrefetch is given.
	AutoPrefetch bool
	// AppendOnly declares a list that changes only at its end (the card platform adds cards
	// after the last): a total that moves between pages then moves no row the iteration has
	// passed (pages prefetched together are answered in any order, so their totals may even
	// go down), and the iteration follows the latest total. Without it, a total that moves
	// fails with *ReconcileError (ReconcileTotalChanged, ErrListShifted).
	AppendOnly bool
	// Bound, when not empty, is the fingerprint of the request iterated (a client's typed
	// iterators set it): every Cursor the Iterator returns carries it (Cursor.Bound), and a
	// From bound to another fingerprint fails with *CursorMismatchError before any request.
	Bound string
}

// DefaultLimit is the offset-style limit used when Config.PageSize is 0 (the bank publishes
// no default).
const DefaultLimit = 100

// maxSize returns the effective largest size.
func (c Config) maxSize() int {
	if c.MaxPageSize > 0 {
		return c.MaxPageSize
	}
	switch c.Style {
	case StyleRow:
		return MaxRowWindow
	case StylePage, StyleKey:
		return MaxPageSize
	}
	return 0
}

// first returns the first page request, from From or Start.
func (c Config) first() Position {
	if !c.From.IsZero() {
		return c.From.position()
	}
	size := c.PageSize
	if size == 0 {
		size = c.maxSize()
		if c.Style == StyleOffset || c.Style == StyleKey {
			size = DefaultLimit
			if m := c.maxSize(); m > 0 && m < size {
				size = m
			}
		}
	}
	start := c.Start
	if start == 0 {
		start = c.Style.base()
	}
	return Position{Style: c.Style, Start: start, Size: size}
}

// Validate reports a Config that cannot work, before any request: an unknown style, a
// negative cap or prefetch depth, EagerPrefetch without a depth, a cursor of another style,
// or a first page the bank would reject (*RangeError).
func (c Config) Validate() error {
	if !c.Style.valid() {
		return fmt.Errorf("paging: %v: %w", c.Style, ErrInvalidConfig)
	}
	if c.MaxItems < 0 || c.Prefetch < 0 || c.MaxPageSize < 0 {
		return fmt.Errorf("paging: negative MaxItems, Prefetch or MaxPageSize: %w", ErrInvalidConfig)
	}
	if c.AutoPrefetch && (c.Prefetch > 0 || c.EagerPrefetch) {
		return fmt.Errorf("paging: AutoPrefetch with a Prefetch depth: %w", ErrInvalidConfig)
	}
	if c.EagerPrefetch && c.Prefetch == 0 {
		return fmt.Errorf("paging: EagerPrefetch without a Prefetch depth: %w", ErrInvalidConfig)
	}
	if !c.From.IsZero() {
		if c.From.Style != c.Style {
			return fmt.Errorf("paging: cursor of style %v for a %v iteration: %w", c.From.Style, c.Style, ErrInvalidConfig)
		}
		if c.From.Done {
			return nil
		}
		if err := c.From.checkSkip(); err != nil {
			return err
		}
	}
	return c.first().Validate(c.maxSize())
}
