package cardplatform

import (
	"fmt"

	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// IterOption tunes one search iteration (Cards, BulkOrders, BulkOrderSummaries).
type IterOption func(*iterConfig)

// iterConfig is what the IterOptions set.
type iterConfig struct {
	pageSize, maxItems, prefetch int
	eager                        bool
	from                         core.Cursor
	call                         []CallOption
	bad                          error
}

// DefaultSearchLimit is the limit the search iterators ask for unless WithPageSize (the
// platform publishes no default), and MaxSearchLimit the largest they accept.
const (
	DefaultSearchLimit = 100
	MaxSearchLimit     = 1000
)

// WithMaxItems caps the items the iteration delivers (0: no cap); the last limit shrinks so
// that no more are requested than needed.
func WithMaxItems(n int) IterOption {
	return func(c *iterConfig) {
		if n < 0 {
			c.bad = fmt.Errorf("cardplatform: WithMaxItems(%d): %w", n, core.ErrInvalidConfig)
		}
		c.maxItems = n
	}
}

// WithPageSize sets the limit of each search request, 1 to MaxSearchLimit (default
// DefaultSearchLimit); another size fails before any request with a *core.RangeError.
func WithPageSize(n int) IterOption {
	return func(c *iterConfig) {
		if n < 1 || n > MaxSearchLimit {
			c.bad = &core.RangeError{Param: "limit", Value: n, Min: 1, Max: MaxSearchLimit}
		}
		c.pageSize = n
	}
}

// WithCursor resumes an earlier iteration of the same search at the Cursor its Iterator
// reported.
func WithCursor(cur core.Cursor) IterOption { return func(c *iterConfig) { c.from = cur } }

// WithPrefetch fetches up to k pages ahead of the one being consumed (core.Config.Prefetch),
// after the first page has answered. Of WithPrefetch and WithEagerPrefetch the last applies.
func WithPrefetch(k int) IterOption {
	return func(c *iterConfig) {
		if k < 0 {
			c.bad = fmt.Errorf("cardplatform: WithPrefetch(%d): %w", k, core.ErrInvalidConfig)
		}
		c.prefetch, c.eager = k, false
	}
}

// WithEagerPrefetch is WithPrefetch(k) with the first k pages requested together, before the
// first answer (core.Config.EagerPrefetch): fastest for long searches, at the cost of up to
// k − 1 wasted requests when the result is shorter than k pages. k must be at least 1.
func WithEagerPrefetch(k int) IterOption {
	return func(c *iterConfig) {
		if k < 1 {
			c.bad = fmt.Errorf("cardplatform: WithEagerPrefetch(%d): %w", k, core.ErrInvalidConfig)
		}
		c.prefetch, c.eager = k, true
	}
}

// WithCallOptions applies opts (correlation id, headers, retries) to every page request.
func WithCallOptions(opts ...CallOption) IterOption {
	return func(c *iterConfig) { c.call = append(c.call, opts...) }
}
