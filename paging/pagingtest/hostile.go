package pagingtest

import "github.com/issuerkit/issuerkit-go/paging"

// Options for servers that misbehave in ways the bank's documents do not rule out.

// WithExtraItems makes the page-style endpoints (ACH, RTP and wire lists) serve n records
// past each page's window (as far as the records go) while still numbering pages by the
// pageSize asked for and echoing it: consecutive pages then overlap by n records.
func WithExtraItems(n int) Option { return func(c *config) { c.extraItems = max(n, 0) } }

// WithPageSizeLimit makes the page-style endpoints serve pages of at most n records, numbered
// by that size, and echo n as metadata.page.pageSize, as a server with a lower maximum than
// the bank's 1,000 would; and the addenda endpoint serve at most n addenda a page, whatever
// pageSize asks (it echoes no size). Sizes below 1 set no limit.
func WithPageSizeLimit(n int) Option { return func(c *config) { c.sizeLimit = n } }

// WithShortPage makes the page-style endpoints (ACH, RTP and wire lists) serve only the first
// n records of page number (n below the page's own), with the metadata of a full page: its
// totals still count the records left out, which no later page serves.
func WithShortPage(number, n int) Option {
	return func(c *config) { c.shortPage, c.shortLen = number, max(n, 0) }
}

// WithShiftAfter makes the page-style endpoints answer every request after the k-th to their
// path as if n records had been inserted before the first (pages then begin with records an
// earlier page already held, as offset and page positions shift when the data changes), while
// the metadata still counts the records as before: only the records' ids give the shift away.
func WithShiftAfter(k, n int) Option {
	return func(c *config) { c.shiftAfter, c.shiftBy = k, max(n, 0) }
}

// WithPageMetadata lets f rewrite the metadata.page of every page-style answer before it is
// sent (contradictory or negative totals, a lastPage out of place); the records served are
// those of the page asked for.
func WithPageMetadata(f func(m *paging.PageMetadata)) Option {
	return func(c *config) { c.pageMeta = f }
}

// WithWithheldRows makes the row-style endpoints (previous day, legacy wire details) retrieve
// every k-th row but not send it, as a server filtering rows out: retrievedRows counts the
// rows of the window, the items leave those rows out. Steps below 2 withhold nothing.
func WithWithheldRows(k int) Option { return func(c *config) { c.withheld = k } }

// rows builds the records of w with rec, leaving out the rows WithWithheldRows withholds.
func rows[T any](s *Server, w window, rec func(int) T) []T {
	out := make([]T, 0, w.len())
	for i := w.from; i <= w.to; i++ {
		if s.cfg.withheld < 2 || i%s.cfg.withheld != 0 {
			out = append(out, rec(i))
		}
	}
	return out
}

// WithPartiesJSON makes the RTP participants endpoint send raw as its parties member on every
// page (an object, null, a list with nulls in it, a string), count and the echoes unchanged.
func WithPartiesJSON(raw string) Option { return func(c *config) { c.partiesJSON = raw } }

// WithSequenceStep numbers the addenda 1, 1+step, 1+2·step, ... instead of 1, 2, 3, as after
// addenda were withdrawn: a page starting at sequence s holds the first records numbered s or
// more, so an iterator that counts items instead of starting after the last sequence returned
// sees records twice. Steps below 1 count as 1.
func WithSequenceStep(step int) Option { return func(c *config) { c.seqStep = max(step, 1) } }

// WithSequenceText makes the addenda endpoint write each addendaSequenceNumber as f gives it
// from the number (instead of four digits): text that is not a number, or other numbers.
func WithSequenceText(f func(seq int) string) Option { return func(c *config) { c.seqText = f } }

// WithoutAddendaEndMessage leaves the information message 1002040-50I ("all addenda have been
// received") out of the addenda endpoint's last page, as a server that does not announce the
// end: the client then learns it from an empty page, one request later.
func WithoutAddendaEndMessage() Option { return func(c *config) { c.noEndMessage = true } }

// WithPositionIgnored makes every list endpoint ignore the position asked for while claiming
// to honour it: it serves the records of the first window (rows 1 to the window's length for
// startRowIndex, page 1 for pageNumber, offset 0, sequence 1) but echoes the position asked
// for (metadata.page.pageNumber and lastPage, offset) and counts retrievedRows for the window
// it served, so that no echo gives it away. Unlike WithPageParamsIgnored, which says which
// page it served, only the records themselves show the repeat. The reporting reads (key style)
// serve their first page for every key, with the next key the key asked for would give.
func WithPositionIgnored() Option { return func(c *config) { c.ignorePosition = true } }
