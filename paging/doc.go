// Package paging is the client of the bank's paginated list endpoints (ACH addenda and
// transactions, wire details and list, RTP participants and transactions, previous-day
// reports, and the commercial account reporting reads) and the generic engine that iterates
// them in their pagination styles: row, offset, page (seed 002), and key (an opaque next-page
// key from each answer: [StyleKey], [KeyError]). [WithPublishedAPI] selects the bank's
// current published forms; without it the client speaks the seed's.
//
// The engine works with any endpoint: give NewIterator (or Items, Pages) a Config and a
// FetchFunc that fetches one page at a Position, and range over the items or pages:
//
//	cfg := paging.Config{Style: paging.StyleRow, MaxItems: 5000, Prefetch: 2}
//	for tx, err := range paging.Items(ctx, cfg, fetch) { ... }
//
// Row windows are 1-based and inclusive, at most 1,000 rows ([RowWindow]); offsets start at
// 0; page numbers at 1 with pageSize 1 to 1,000. Iterators are lazy, stop on the first
// error, cap items separately from the page size, resume from a [Cursor], never loop on an
// empty or non-advancing page ([ErrEmptyPage], [ErrPositionMismatch]), nor deliver a page
// that begins like one served at another position (a server ignoring the position, caught
// by its records: [ErrPositionMismatch]), nor repeat rows a
// server's retrievedRows contradicts ([ErrRetrievedMismatch]), nor end on totals that are
// negative or contradict each other ([ErrInconsistentTotals]), and can fetch pages
// ahead (Config.Prefetch: after the first answer; with Config.EagerPrefetch, from the first
// request). Out-of-range requests fail before the network ([ErrOutOfRange]).
//
// Every list operation of openapi/banklists.yaml is also one method of Client that fetches a
// single page (client.gen.go). The models are generated from the same spec (api.gen.go), whose
// x-issuerkit-pagination extension says how each operation pages (operations.gen.go).
package paging
