package cardplatform

import (
	"context"
	"fmt"

	"github.com/issuerkit/issuerkit-go/paging"
)

// IterOption tunes one search iteration (Cards, BulkOrders, BulkOrderSummaries).
type IterOption func(*iterConfig)

// iterConfig is what the IterOptions set.
type iterConfig struct {
	pageSize, maxItems, prefetch int
	from                         paging.Cursor
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
			c.bad = fmt.Errorf("cardplatform: WithMaxItems(%d): %w", n, paging.ErrInvalidConfig)
		}
		c.maxItems = n
	}
}

// WithPageSize sets the limit of each search request, 1 to MaxSearchLimit (default
// DefaultSearchLimit).
func WithPageSize(n int) IterOption { return func(c *iterConfig) { c.pageSize = n } }

// WithCursor resumes an earlier iteration of the same search at the Cursor its Iterator
// reported.
func WithCursor(cur paging.Cursor) IterOption { return func(c *iterConfig) { c.from = cur } }

// WithPrefetch fetches up to k pages ahead of the one being consumed (paging.Config.Prefetch).
func WithPrefetch(k int) IterOption { return func(c *iterConfig) { c.prefetch = k } }

// WithCallOptions applies opts (correlation id, headers, retries) to every page request.
func WithCallOptions(opts ...CallOption) IterOption {
	return func(c *iterConfig) { c.call = append(c.call, opts...) }
}

// newIterator returns the engine's Iterator for a start_index/limit search (the generated
// iterators of iterators.gen.go call it): start_index is 1-based (a row-style window of limit
// items), the response's total ends it. opID names the operation, whose
// x-issuerkit-pagination must be of the index style.
func newIterator[T any](ctx context.Context, opID string, opts []IterOption,
	fetch func(ctx context.Context, p paging.Position, call []CallOption) (paging.Page[T], error)) *paging.Iterator[T] {
	var ic iterConfig
	for _, o := range opts {
		if o != nil {
			o(&ic)
		}
	}
	cfg := paging.Config{Style: paging.StyleRow, PageSize: DefaultSearchLimit, MaxPageSize: MaxSearchLimit,
		MaxItems: ic.maxItems, From: ic.from, Prefetch: ic.prefetch}
	if ic.pageSize != 0 {
		cfg.PageSize = ic.pageSize
	}
	if op, ok := operations.ByID(opID); !ok || op.Paging == nil || op.Paging.Style != "index" || ic.bad != nil {
		cfg.Style = 0 // reported by the first step, before any request
	}
	call := ic.call
	return paging.NewIterator(ctx, cfg, func(ctx context.Context, p paging.Position) (paging.Page[T], error) {
		return fetch(ctx, p, call)
	})
}
