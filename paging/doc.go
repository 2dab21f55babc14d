// Package paging is the client of the bank's paginated list endpoints (ACH addenda and
// transactions, wire details and list, RTP participants and transactions, previous-day
// reports, and the commercial account reporting reads), iterated by the SDK's shared engine
// (see The engine). The client speaks the bank as its published OpenAPI files describe it,
// with no switch:
// the page parameters of the ACH and RTP inquiry lists and the addenda pageSize in the JSON
// body. [WithDocumentedAPI] selects the documented form of the bank's list documentation
// instead (page parameters in the query string, the legacy wire details and /ddaReports lists);
// its doc lists the operations that differ.
//
// # Styles
//
// The bank's lists page in five styles, named the same in the engine's core.Style, in the
// spec's x-issuerkit-pagination and in every doc comment here:
//
//   - row style: an inclusive, 1-based row window, startRowIndex..endRowIndex ([core.StyleRow]);
//   - offset style: limit and a 0-based offset ([core.StyleOffset]);
//   - page style: pageNumber from 1 and pageSize ([core.StylePage]);
//   - sequence style: the ACH addenda, each page starting after the last sequence number
//     returned (run by the engine as a row iteration whose start is the sequence number);
//   - key style: an opaque next-page key from each answer ([core.StyleKey], [core.KeyError]).
//
// # The engine
//
// The iterator engine is shared by the SDK's clients and defined once, in package
// github.com/issuerkit/issuerkit-go/openapi/core: [core.Iterator] (here [core.Iterator], an alias,
// as [core.Page], [core.Position] and [core.Cursor]), core.Config, core.NewIterator and the errors an
// iteration ends with. It works with any endpoint: give core.NewIterator (or core.Items,
// core.Pages) a core.Config and a core.FetchFunc that fetches one page at a Position, and
// range over the items or pages:
//
//	cfg := core.Config{Style: core.StyleRow, MaxItems: 5000, Prefetch: 2}
//	for tx, err := range core.Items(ctx, cfg, fetch) { ... }
//
// Row windows are 1-based and inclusive, at most 1,000 rows ([core.RowWindow]); offsets start
// at 0; page numbers at 1 with pageSize 1 to 1,000. Iterators are lazy, stop on the first
// error, cap items separately from the page size, resume from a [core.Cursor], never loop on an
// empty or non-advancing page ([core.ErrEmptyPage], [core.ErrPositionMismatch]), nor deliver
// a page that begins like one served at another position (a server ignoring the position,
// caught by its records: [core.ErrPositionMismatch]), nor repeat rows a server's retrievedRows
// contradicts ([core.ErrRetrievedMismatch]), nor end on totals that are negative or
// contradict each other ([core.ErrInconsistentTotals]), nor end before their count reconciles
// with the totals the bank announced ([core.ErrCountMismatch], [core.ErrListShifted]: see
// "Servers that contradict themselves"), and can fetch pages ahead
// (core.Config.Prefetch: after the first answer; with core.Config.EagerPrefetch, from the first
// request). Out-of-range requests fail before the network ([core.ErrOutOfRange]).
//
// Every list operation of openapi/banklists.yaml is also one method of Client that fetches a
// single page (client.gen.go). The models are generated from the same spec (api.gen.go), whose
// x-issuerkit-pagination extension says how each operation pages (operations.gen.go).
//
// # Iterators
//
// Every list operation of the specs carries x-issuerkit-pagination; go generate turns each into
// a typed iterator pair (paging/iterators.gen.go, cardplatform/iterators.gen.go): Name yields
// the items as iter.Seq2[T, error], NameIterator gives the *Iterator with Items(),
// Pages() and Cursor(). A new list operation gets its iterator from the spec alone. Iterators
// are lazy (no request before the first step), stop on the first error (which they yield),
// never loop on an empty or non-advancing page, and refuse out-of-range sizes before the
// network (*core.RangeError).
//
//	b, err := paging.New(bankURL, paging.WithTokenSource(ts), paging.WithTLSConfig(tlsConfig),
//		paging.WithKeyClientID(id)) // the onboarding id, sent as KeyClientId where the spec requires it
//
//	// page style (pageNumber/pageSize, until lastPage; a server that repeats a page fails with *core.MismatchError):
//	for tx, err := range b.ACHTransactions(ctx, achReq, paging.WithPageSize(500)) { ... }
//	// offset style (limit/offset, until count):
//	for p, err := range b.RTPParticipants(ctx) { ... }
//	// key style (pageKey/limit: the next key from each answer, never parsed, until none):
//	for tx, err := range b.PreviousDayAccountTransactions(ctx, accountID, paging.ListPreviousDayAccountTransactionsRequest{}) { ... }
//	// sequence style (after the last addendaSequenceNumber, until the bank's end message):
//	for a, err := range b.ACHAddenda(ctx, paging.ACHAddendaRequest{UUID: paymentID}) { ... }
//	// row style (startRowIndex/endRowIndex, windows 1-1000, 1001-2000, ... until totalRows): the
//	// legacy lists, absent from the bank's published files, so a client built with
//	// paging.WithDocumentedAPI() (the default client refuses them before the network):
//	for tx, err := range documented.PreviousDayTransactions(ctx, req, paging.WithMaxItems(5000)) { ... }
//	// The card platform's start_index/limit searches (offset style):
//	for card, err := range c.Cards(ctx, cardplatform.SearchCardsRequest{ProgramGUID: pg}) { ... }
//
//	// By default the typed iterators keep as many pages in flight as the latency observed
//	// calls for (core.Config.AutoPrefetch: one up to 100 ms, three at 300 ms, eight at 1 s), so
//	// that an export runs at the rate limiter's pace.
//	// WithPrefetch(k): exactly k pages in flight while you consume one (0: on demand),
//	// delivered in order, memory bounded by k pages; breaking out of the loop cancels what is
//	// in flight. The first page goes alone, so a one-page result costs one request.
//	for tx, err := range b.ACHTransactions(ctx, achReq, paging.WithPrefetch(2)) { ... }
//	// Eager: the first k pages at once, before the first answer: fastest for long drains, but a
//	// result shorter than k pages still costs k requests of the bank's five a second.
//	for tx, err := range b.ACHTransactions(ctx, achReq, paging.WithEagerPrefetch(8)) { ... }
//
//	// Resume: store the cursor (it is text) and pass it back with the same request.
//	it := b.ACHTransactionsIterator(ctx, achReq)
//	for tx, err := range it.Items() { ...; break }
//	text, _ := it.Cursor().MarshalText()
//	var cur core.Cursor
//	_ = cur.UnmarshalText(text)
//	for tx, err := range b.ACHTransactions(ctx, achReq, paging.WithCursor(cur)) { ... }
//
//	// At least once: store it.CursorAt() before handling an item; resuming with it delivers that
//	// item again first (Cursor, the default, resumes exactly after it).
//	for tx, err := range it.Items() {
//		save(it.CursorAt())
//		if handle(tx) != nil { break } // the next run resumes at tx
//	}
//
// A typed iterator's cursor is bound to its request and to where it was taken: its text ends in
// @ and a fingerprint of the endpoint, the filters (not the page parameters; account numbers
// enter through 16 bits only), the client's bank origin and base path, and its credential's
// identity (a hash of what names it: WithCredentialID, a BankTokenSource's client, a static
// token; never the credential). Given with another request or endpoint, or to a client of
// another bank origin or credential, it fails with *core.CursorMismatchError
// (core.ErrCursorMismatch) before any request, instead of replaying one day's position against
// another day's list, or skipping another bank's first rows. Cursors without a fingerprint are
// not checked.
//
// # Placement
//
// By default (the bank as published) ListACHTransactions, ListRTPTransactions and
// ListACHAddenda, and their iterators, send pageNumber/pageSize as members of the JSON body,
// the addenda pageSize as a string; paging.WithDocumentedAPI() puts them in the query. The request types keep PageNumber and PageSize
// typed either way: the single-page method alone decides where they travel, so a method and
// its iterator never disagree. The current wire list (WireTransactionsByPage) always pages in
// the body. The legacy WireTransactions and the /ddaReports PreviousDayTransactions, absent
// from the published files, are refused before the network with ErrInvalidArgument, naming
// the operation to use instead, unless WithDocumentedAPI. A client and a server on different
// forms fail (core.ErrPositionMismatch, a 404), never lose rows silently.
//
// # Key style
//
// Key style (the commercial account reporting reads: PreviousDayAccountTransactions,
// CurrentDayAccountTransactions, CommercialAccounts): the next page's pageKey comes from the
// answer (page.nextPageKey), passed on unparsed, with no total; a cursor holds the key
// (key:BASE64URL:SIZE:SKIP). Nothing is fetched ahead: the next key only comes with the answer,
// so WithPrefetch has no effect there. A next key that repeats the one asked with, or one given
// before (a cycle), an empty page that still gives a key, or a page that repeats another key's
// items fail with *core.KeyError (core.ErrPositionMismatch, core.ErrEmptyPage), and so does an answer
// without a next key before the total the answers announce (page.totalElements, core.KeyEndedEarly).
// A 206 (a partial success, whose body may not even be a page: the previous-day transactions
// 206 is an account) ends the iteration with *core.PartialError (core.ErrPartial), which carries
// the partial items; the cursor stays at that page. Every call sends a new
// x-fapi-interaction-id unless one is given, and Response.InteractionID() returns the echo.
// Errors {code, message, debugMessage} are a *BankError (Codes(), DebugMessage()).
//
// # Servers that contradict themselves
//
// A list ends only when its count reconciles with what the bank announced: "more" is decided by
// the totals (totalRows, totalRecords, totalPages, count, totalElements), never by the size
// asked for. A page-style page holding fewer records than the totals put on it (a short page
// before the last, or a page-size cap the bank applied without echoing it) delivers its rows and
// then fails with *core.ReconcileError (core.ReconcileShortPage, core.ErrCountMismatch); items
// past the announced total, in every style, fail the same way after the rows within it
// (core.ReconcileBeyondTotal). The bank warns that offset pages shift when the data changes
// between requests: a total that moves between pages (core.ReconcileTotalChanged) and a row
// served twice by its identity (core.ReconcileRowRepeated) fail before the page is delivered,
// with core.ErrListShifted: start the list again. Row and offset styles ask for each window from
// the row after the last one counted, so a short page there loses nothing. Only the addenda,
// which announce no total, end on an empty page without a check.
//
// Servers that contradict themselves fail with a typed error instead of looping, repeating or
// dropping rows: a total above the rows served (core.ErrEmptyPage), a page or offset other than the
// one asked for (core.ErrPositionMismatch), a retrievedRows below the items sent
// (core.ErrRetrievedMismatch), a page holding more items than its request asked for (its
// pageSize, limit or row window, else the documented maximum: a *core.DecodeError with
// core.ErrTooManyItems, decided at the first item beyond, before any is built, so that a page
// costs no more than the items asked for; its items allocate at most 160 times the bytes they
// take), a negative total or page count, or a lastPage before the end
// totalPages or totalRecords announce (core.ErrInconsistentTotals). A total below the rows served
// ends the iteration at the total (core.ReconcileBeyondTotal when the bank sent rows past it); a
// retrievedRows above the items (rows withheld) is trusted,
// and a cursor inside such a page counts the items delivered from the window's start
// (row:START:SIZE:SKIP), since their rows are unknown; core.MaxStalledPages pages in a row that
// deliver no item while the counts say the list goes on (retrievedRows on empty pages, a total
// of MaxInt64 or one that cannot be read) fail with *core.NoProgressError (core.ErrEmptyPage), in every
// style, instead of being requested forever. A page-style server that echoes a
// smaller metadata.page.pageSize than asked is paged by its own size.
//
// # Servers that ignore the position
//
// Servers that ignore the position while echoing it (or echoing nothing) are caught by their
// records, in every style: a page whose first items (up to three) equal those of the first page
// or of one of the latest 16 at another position fails with core.ErrPositionMismatch before any of
// its items is delivered (openapi/core/iterator_repeat.go). Two honest pages would be taken for a repeat only
// if their first three rows were equal in every field (bank rows carry ids, keys or sequence
// numbers), or with pages of one or two rows equal to another page's.
//
// # Card platform searches
//
// Card platform searches have no echo of their position and a total that reads 0 when absent. A
// page that holds items although its total is absent, zero, negative or below its start_index
// fails with core.ErrInconsistentTotals (*core.TotalsError) instead of ending there. A page that
// begins with the first item of a page at another start_index (the first page's or one of the
// latest 16) fails with core.ErrPositionMismatch: the server ignores start_index.
//
// # Sequence style: ACH addenda
//
// They page by startAddendaSequenceNumber with no total: each page starts after the last
// sequence number returned (not after as many numbers as items), so numbering with gaps neither
// repeats nor skips addenda, a stored cursor resumes after the last number delivered, and
// nothing is asked past 9999. The engine takes these numbers from Page.Seq, for any endpoint
// that pages by an item's number. The end is the bank's information message 1002040-50I ("all
// addenda have been received") or an empty page, never a short page alone: a server whose own
// page size is smaller than the one asked for serves short pages all along (25 addenda by 10:
// all 25, in 3 requests with the message, 4 without it, where a short-page rule stopped at 10).
//
// # KeyClientId
//
// WithKeyClientID(id) sends the header on every operation whose spec requires it (the RTP
// participant endpoints; the spec's ClientId name is not what the bank reads); one call or
// iteration may give its own with
// WithCallOptions(WithHeader("KeyClientId", id)), which wins over the client's.
//
// # Rate limit
//
// The bank clients (paging, validation) keep to 5 requests per second by default (requests
// spaced 10% wider than 1/5 s, to absorb latency jitter), every attempt and every prefetched
// page included (WithRateLimit(n), 0 turns it off); a 60-page drain with eager prefetch 8 (8
// requests at once from the start) never brings more than 5 requests to the server in any
// one-second window (timed at the server). A request whose turn would come
// after its deadline fails at once, and one whose call ends while it waits fails then; neither
// is sent, so the error matches ErrRateLimited and the context's error, is not retried, and is
// never an outcome unknown.
//
// # 429 and the lock-out
//
// On the bank clients a 429 is final: the call returns at once an *Error matching
// ErrRateLimited whose RetryAfter is the lock-out (the Retry-After, or the documented two
// minutes when absent), even when the Retry-After is short; calls made during the lock-out fail
// at once with *LockoutError (Wait, Until) without reaching the bank and are never retried.
// WithRateLimitWait() opts in to waiting the lock-out out, bounded by the call's context. The
// card platform keeps the usual behaviour: a safe request answered 429 with a Retry-After
// within the retry policy's MaxDelay is waited for and re-sent. The lock-out is at most
// DefaultMaxLockout (10 minutes; WithMaxLockout(d) changes it): a longer Retry-After, or one
// too large for a time.Duration (9223372037, 18446744074), is cut to it and never wraps around
// to no lock-out.
//
// # One budget per credential
//
// The bank counts its 5 requests a second per credential across its APIs, so every paging and
// validation client of one process built with the same credential for the same bank origin
// shares one limiter and one lock-out (a validation and a
// paging client together stay under 5 a second at the server, and a 429 on one locks the other
// out). The credential is a BankTokenSource's consumer key and client id, a static token, or
// WithCredentialID(id); only a SHA-256 of it is kept. The shared limiter runs at the lowest
// rate any of those clients was given (the strictest wins).
// WithPrivateBudget() opts a client out; a fake's clients share their fake's budget only. A
// turn woken for more than 25 ms late (a busy machine) is given up for a new one.
//
// # A fleet: the budget in Redis
//
// Replicas of a service with one credential share the budget through WithLimiter and
// WithLockout (interfaces in package banklimit), implemented on Redis by the module
// github.com/issuerkit/issuerkit-go/paging/redisfleet (its own go.mod: core users do not get
// Redis in their module graph); its package doc says how the budget, the lock-out, Redis
// failures and fairness work.
package paging
