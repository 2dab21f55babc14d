package paging

import (
	"github.com/issuerkit/issuerkit-go/openapi/core"

	"fmt"
)

// IterOption tunes one typed iteration (PreviousDayTransactions, ACHTransactions, ...).
type IterOption func(*iterConfig)

// iterConfig is what the IterOptions set.
type iterConfig struct {
	pageSize, maxItems, prefetch int
	eager, prefetchSet           bool
	from                         core.Cursor
	call                         []CallOption
	bad                          error
	bind                         string // fingerprint of the request (bindOpts, cursorbind.go)
}

// WithMaxItems caps the items the iteration delivers (0: no cap). Windows and limits shrink so
// that no more rows than needed are requested.
func WithMaxItems(n int) IterOption {
	return func(c *iterConfig) {
		if n < 0 {
			c.bad = fmt.Errorf("paging: WithMaxItems(%d): %w", n, core.ErrInvalidConfig)
		}
		c.maxItems = n
	}
}

// WithPageSize sets the rows per window, the limit or the pageSize (default: the endpoint's
// largest, 1,000, for rows and pages; core.DefaultLimit for offsets). Sizes the bank rejects fail
// before any request with a *core.RangeError.
func WithPageSize(n int) IterOption {
	return func(c *iterConfig) {
		if n < 1 {
			c.bad = &core.RangeError{Param: "page size", Value: n, Min: 1}
		}
		c.pageSize = n
	}
}

// WithCursor resumes an earlier iteration of the same endpoint at the Cursor it reported
// (Iterator.Cursor or CursorAt, or its text form decoded with Cursor.UnmarshalText). The
// request must be the same as the one the cursor came from, sent by a client of the same base
// URL and credential: a bound cursor (Cursor.Bound) of another request or endpoint, or taken
// at another bank origin or base path or with another credential, fails with
// *core.CursorMismatchError before any request.
func WithCursor(cur core.Cursor) IterOption { return func(c *iterConfig) { c.from = cur } }

// WithPrefetch fetches up to k pages ahead of the one being consumed (see core.Config.Prefetch),
// the first page alone; of WithPrefetch and WithEagerPrefetch the last one given applies.
// Every prefetched request still goes through the client's rate limiter. Without either
// option, the depth follows the latency observed (core.Config.AutoPrefetch), which keeps an export
// at the bank's budget of five requests a second; WithPrefetch(0) fetches on demand.
func WithPrefetch(k int) IterOption {
	return func(c *iterConfig) {
		if k < 0 {
			c.bad = fmt.Errorf("paging: WithPrefetch(%d): %w", k, core.ErrInvalidConfig)
		}
		c.prefetch, c.eager, c.prefetchSet = k, false, true
	}
}

// WithEagerPrefetch is WithPrefetch(k) with the first k pages requested together, before the
// first answer (see core.Config.EagerPrefetch): fastest for long drains, but a result shorter than
// k pages still costs k requests of the bank's five a second. k must be at least 1.
func WithEagerPrefetch(k int) IterOption {
	return func(c *iterConfig) {
		if k < 1 {
			c.bad = fmt.Errorf("paging: WithEagerPrefetch(%d): %w", k, core.ErrInvalidConfig)
		}
		c.prefetch, c.eager, c.prefetchSet = k, true, true
	}
}

// WithCallOptions applies opts (correlation id, headers, retries) to every page request.
// WithResponseInto is not useful here: the iterator reads the response metadata itself.
func WithCallOptions(opts ...CallOption) IterOption {
	return func(c *iterConfig) { c.call = append(c.call, opts...) }
}
