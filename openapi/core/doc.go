// Package core holds the types the three clients (cardplatform, validation, paging) share, so
// that their fields, methods and constructors appear in go doc where a user looks, as Azure's
// azcore does for the Azure SDK. They are defined here once and used from here: a client
// package keeps only what is its own (Client, New, its operations, models and options).
//
// The scalar types are the Go form of the specs' shared formats:
//
//   - [Timestamp] for `format: local-date-time`: a zone-less date-time such as
//     2024-05-01T10:20:30.1234567, kept exactly as the service wrote it.
//   - [Decimal] for `format: decimal`: an exact decimal amount such as 12.50; never a float.
//     [ParseDecimal], [MustParseDecimal], [NewDecimalFromInt]; [Decimal.Add], [Decimal.Sub],
//     [Decimal.Cmp].
//   - [Secret] for `format: sensitive`: card numbers, CVVs, PINs, track data, account numbers
//     and tokens; masked whenever printed, logged or marshalled ([Secret.Reveal] gives the
//     value), sent in full to the API by the SDK's own encoders only.
//   - [GUID] for `format: uuid` and [Date] for `format: date`.
//
// All of them encode and decode themselves as JSON, as text (encoding.TextMarshaler and
// encoding.TextUnmarshaler, used for query, path and header parameters), and report bad input
// as a *[ParseError].
//
// The errors and options every client shares are here too: [Error], the one error of every
// answer that is not a success, whichever client returned it (one errors.As reads the
// status, the ids, Retry-After and the decoded body of any of them); the sentinels to test with
// errors.Is ([ErrNotFound], [ErrOutcomeUnknown], [ErrInvalidArgument], ...); the decoded
// error bodies ([Problem], the card platform's ProblemDetails; [BankError], the bank's); the
// failures that are not a status ([OutcomeUnknownError], [TimeoutError], [LockoutError],
// [RedirectError], [DecodeError]); [RetryOptions] and the bank's [BankCredentials].
//
// An answer costs memory by the bytes received: a page or list result holds no more items
// than its request asked for (more is a [DecodeError] with [ErrTooManyItems], decided while
// decoding, before the items are built), and the items of an answer allocate at most 160
// times the bytes they take (a page of {} items of the largest model), the whole answer at
// most 162.25 times its bytes plus a constant per call (reading the body: at most 2.25
// times its size, 1.5 times with a Content-Length), on every Go release.
//
// Every list of every answer has its count bound stated in the spec: the size the request
// asked for, else the documented default or maximum (a card search without limit holds at
// most 25 cards, ListAccountsByBalance at most 50 accounts); more is [ErrTooManyItems]. A list
// whose source documents no maximum (the []T results, the searches that do not page, a
// program's configurations, a bank answer's messages; the spec says why for each) is bounded
// by the success-body limit instead, 64 MiB: at most 22,369,621 items of {} (3 bytes each with
// its comma), each costing no more than the multiple above, so that memory is still bounded
// by the bytes received.
//
// The iterator engine ([Iterator], [Config], [Cursor], the page styles) is here too, with the
// errors an iteration ends with. Its promise: every row once, or an error. A list ends only
// when its count reconciles with what the server announced (totalRows, totalRecords and
// totalPages, count, totalElements): "more" is decided by the announced totals, never by the
// size asked for. A short page before the announced end, a page-size cap the server did not
// echo, and items past the total deliver the rows that can be trusted and then fail with
// *[ReconcileError] ([ErrCountMismatch]); a total that moves between pages or a row served
// twice (Page.IDs) fail before the page ([ErrListShifted]): the list changed under the
// iteration, and offset or page positions point at other rows than before. An end short of the
// total fails with [ErrEmptyPage]. A list without any total can only end by its documented
// mark (an empty or short page, the last-page flag). The rules, in one place, are in
// iterator_reconcile.go.
//
// Why under openapi/: the repository's top level is a fixed list (the specs in openapi/, the
// three client packages, examples, internal). A shared package under one client would make
// the other two import a sibling they do not use; the SDK's internal packages cannot be
// imported by users. openapi/ belongs to no client and holds what all three are generated
// from, and these types are what its formats become in Go.
package core
