package pagingtest

import "github.com/issuerkit/issuerkit-go/paging"

// Options for servers that misbehave in ways the bank's documents do not rule out.

// WithExtraItems makes the page-style endpoints (ACH, RTP and wire lists) serve n records
// past each page's window (as far as the records go) while still numbering pages by the
// pageSize asked for and echoing it: consecutive pages then overlap by n records.
func WithExtraItems(n int) Option { return func(c *config) { c.extraItems = max(n, 0) } }

// WithPageMetadata lets f rewrite the metadata.page of every page-style answer before it is
// sent (contradictory or negative totals, a lastPage out of place); the records served are
// those of the page asked for.
func WithPageMetadata(f func(m *paging.PageMetadata)) Option {
	return func(c *config) { c.pageMeta = f }
}
