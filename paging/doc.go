// Package paging is the client of the bank's paginated list endpoints (ACH addenda and
// transactions, wire details and list, RTP participants and transactions, previous-day
// reports, and the commercial account reporting reads) and the generic engine that iterates
// them. By default the client sends the page parameters of the ACH and RTP inquiry lists and
// the addenda pageSize in the query string, the documented form of the bank's list endpoints;
// [WithPublishedAPI] selects the bank's current published files instead (page parameters in
// the JSON body).
//
// # Styles
//
// The bank's lists page in five styles, named the same in [Style], in the spec's
// x-issuerkit-pagination and in every doc comment here:
//
//   - row style: an inclusive, 1-based row window, startRowIndex..endRowIndex ([StyleRow]);
//   - offset style: limit and a 0-based offset ([StyleOffset]);
//   - page style: pageNumber from 1 and pageSize ([StylePage]);
//   - sequence style: the ACH addenda, each page starting after the last sequence number
//     returned (run by the engine as a row iteration whose start is the sequence number);
//   - key style: an opaque next-page key from each answer ([StyleKey], [KeyError]).
//
// # One package for the engine and the client
//
// The engine ([Config], [Iterator], [Items], [Pages], [Cursor]) and the bank's client
// ([Client]) share this package. The bank client's iterators are the engine's types
// (*Iterator[T], [Page], [Cursor], the mismatch errors), and so are the card platform's
// (cardplatform's CardsIterator returns a *paging.Iterator too): one package gives both
// clients one iterator type, and a user of the bank's lists one import. A card platform user
// imports paging only to name the iterator and its cursor. The engine's names (Config,
// Iterator, FetchFunc, Position) and the bank client's (Client, and request and model types
// named for the bank's lists) do not collide. Splitting the engine into a package of its own
// would change the result type of every iterator method of both clients, for a gain in
// import hygiene only; it is not done.
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
