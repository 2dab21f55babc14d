package core

import (
	"fmt"

	"github.com/issuerkit/issuerkit-go/internal/settings"
)

// IterOption tunes one typed iteration of a client (cardplatform's Cards, paging's
// ACHTransactions, ...). An invalid value fails the iteration's first step, before any
// request.
type IterOption func(*iterConfig)

// iterConfig is what the IterOptions set.
type iterConfig = settings.Iter

// WithMaxItems caps the items the iteration delivers (0: no cap). Windows and limits shrink so
// that no more rows than needed are requested. Negative fails with ErrInvalidConfig.
func WithMaxItems(n int) IterOption {
	return func(c *iterConfig) {
		if n < 0 {
			c.Bad = fmt.Errorf("issuerkit: WithMaxItems(%d): %w", n, ErrInvalidConfig)
		}
		c.MaxItems = n
	}
}

// WithPageSize sets the rows per window, the limit or the pageSize of each request (default:
// the endpoint's; cardplatform's searches: cardplatform.DefaultSearchLimit; the bank's lists:
// their largest, 1,000, for rows and pages, DefaultLimit for offsets). A size the endpoint
// does not accept (below 1, above its largest) fails before any request with a *RangeError.
func WithPageSize(n int) IterOption {
	return func(c *iterConfig) { c.PageSize, c.PageSizeSet = n, true }
}

// WithCursor resumes an earlier iteration of the same endpoint at the Cursor it reported
// (Iterator.Cursor or CursorAt, or its text form decoded with Cursor.UnmarshalText). The
// request must be the same as the one the cursor came from, sent by a client of the same base
// URL and credential: a bound cursor (Cursor.Bound) of another request or endpoint, or taken
// at another bank origin or base path or with another credential, fails with
// *CursorMismatchError before any request.
func WithCursor(cur Cursor) IterOption { return func(c *iterConfig) { c.From = cur } }

// WithPrefetch fetches up to k pages ahead of the one being consumed (see Config.Prefetch),
// the first page alone; of WithPrefetch and WithEagerPrefetch the last one given applies.
// Every prefetched request still goes through the client's rate limiter. Without either
// option, the bank's lists size the depth to the latency observed (Config.AutoPrefetch),
// which keeps an export at the bank's budget of five requests a second, and the card
// platform's searches fetch on demand; WithPrefetch(0) fetches on demand. Negative fails with
// ErrInvalidConfig.
func WithPrefetch(k int) IterOption {
	return func(c *iterConfig) {
		if k < 0 {
			c.Bad = fmt.Errorf("issuerkit: WithPrefetch(%d): %w", k, ErrInvalidConfig)
		}
		c.Prefetch, c.Eager, c.PrefetchSet = k, false, true
	}
}

// WithEagerPrefetch is WithPrefetch(k) with the first k pages requested together, before the
// first answer (see Config.EagerPrefetch): fastest for long drains, but a result shorter than
// k pages still costs k requests (on the bank, of its five a second). k must be at least 1:
// less fails with ErrInvalidConfig.
func WithEagerPrefetch(k int) IterOption {
	return func(c *iterConfig) {
		if k < 1 {
			c.Bad = fmt.Errorf("issuerkit: WithEagerPrefetch(%d): %w", k, ErrInvalidConfig)
		}
		c.Prefetch, c.Eager, c.PrefetchSet = k, true, true
	}
}

// WithCallOptions applies opts (correlation id, headers, retries) to every page request.
// WithResponseInto is not useful here: the iterator reads the response metadata itself.
func WithCallOptions(opts ...CallOption) IterOption {
	return func(c *iterConfig) {
		call, _ := c.Call.([]CallOption)
		c.Call = append(call, opts...)
	}
}
