// Package paging is the client of the bank's paginated list endpoints: ACH addenda and
// transactions, wire transactions, RTP participants and transactions, previous-day reports, and
// the commercial account reporting reads.
//
// A method per operation (listed under Operations below) fetches a single page, and every list
// has a typed iterator over all its pages, run by the SDK's shared engine ([core.Iterator]:
// every row once, or an error). The client speaks the bank as its published OpenAPI files
// describe it, with no switch; [WithDocumentedAPI] selects the form of the bank's list
// documentation instead (see Published and documented forms below).
//
//	b, err := paging.New(bankURL, core.WithTokenSource(ts), core.WithTLSConfig(tlsConfig),
//		paging.WithKeyClientID(id)) // the onboarding id, sent as KeyClientId where the spec requires it
//
//	// page style: pageNumber/pageSize until the totals are reached
//	for tx, err := range b.ACHTransactions(ctx, achReq, core.WithPageSize(500)) { ... }
//	// offset style: limit/offset until count
//	for p, err := range b.RTPParticipants(ctx) { ... }
//	// key style: the next key from each answer, never parsed, until none
//	for tx, err := range b.PreviousDayAccountTransactions(ctx, accountID, paging.ListPreviousDayAccountTransactionsRequest{}) { ... }
//	// sequence style: after the last addendaSequenceNumber, until the bank's end message
//	for a, err := range b.ACHAddenda(ctx, paging.ACHAddendaRequest{UUID: paymentID}) { ... }
//
//	// Resume: store the cursor (it is text) and pass it back with the same request.
//	it := b.ACHTransactionsIterator(ctx, achReq)
//	for tx, err := range it.Items() { ...; break }
//	text, _ := it.Cursor().MarshalText()
//	var cur core.Cursor
//	_ = cur.UnmarshalText(text)
//	for tx, err := range b.ACHTransactions(ctx, achReq, core.WithCursor(cur)) { ... }
//
//	// At least once: store it.CursorAt() before handling an item; resuming with it delivers
//	// that item again first (Cursor, the default, resumes exactly after it).
//	for tx, err := range it.Items() {
//		save(it.CursorAt())
//		if handle(tx) != nil { break } // the next run resumes at tx
//	}
//
// What the iterators, the errors, the bank's rate limit of 5 requests a second (one budget per
// credential, shared with validation's clients; a 429 locks the credential out) and a fleet's
// shared budget in Redis (module github.com/issuerkit/issuerkit-go/paging/redisfleet) promise
// is written once, in package [core]. pagingtest is an in-process sandbox of the bank's lists
// and pagingfake a typed fake; both serve a real Client.
//
// # What is the bank's own
//
// The request types keep PageNumber and PageSize typed in both forms: the single-page method
// alone decides where they travel, so a method and its iterator never disagree. An operation
// the published files lack is refused before the network with [core.ErrInvalidArgument], naming
// the one to use instead. A client and a server on different forms fail
// ([core.ErrPositionMismatch], a 404), never lose rows silently.
//
// The reporting reads (key style) send a new x-fapi-interaction-id on every call unless one is
// given, and Response.InteractionID returns the echo; their errors {code, message,
// debugMessage} are a *[core.BankError]. A 206 partial success ends their iteration with
// *[core.PartialError], the cursor staying at that page.
//
// [WithKeyClientID] sends the KeyClientId header on every operation whose spec requires it (the
// RTP participant endpoints); one call or iteration may give its own with
// core.WithCallOptions(core.WithHeader("KeyClientId", id)), which wins over the client's.
package paging
