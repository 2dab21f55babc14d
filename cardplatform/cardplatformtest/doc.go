// Package cardplatformtest is a stateful, in-process sandbox of the card platform for tests
// and demos, in the spirit of net/http/httptest: a real HTTP server on a loopback port, built
// from openapi/cardplatform.yaml, with a *cardplatform.Client pointed at it.
//
//	srv := cardplatformtest.NewServer(t)
//	card, err := srv.Client().GetCard(ctx, proxy)
//	srv.FailNext("CreateDisbursement", 1, cardplatformtest.Fault{DropAnswer: true})
//	reqs := srv.RequestsFor("CreateDisbursement")
//
// # Verbs
//
// The three sandboxes (cardplatformtest, validationtest, pagingtest) offer the same verbs with
// the same shapes:
//
//   - NewServer(tb, opts...) starts a sandbox for a test and closes it when the test ends,
//     failing the test if it cannot start; Start(opts...) does the same from a program and
//     returns an error; Server.Close stops it. An Option is a func(*config); WithClientOptions
//     adds options to the Server's Client.
//   - Server.Client returns the client pointed at Server.URL, sending Token; Server.HTTPClient
//     and Server.Handler serve a client or an origin of one's own.
//   - Server.FailNext(method, n, Fault) makes the next n calls of a client method fail: a
//     status, a delay, a connection dropped before the operation ran, an answer lost after
//     it ran (an unknown name is ErrUnknownOperation).
//   - Server.Requests, RequestsFor(method) and ResetRequests read and forget what the sandbox
//     received, secrets masked and header values printed by the SDK's allowlist (a header
//     it knows nothing of prints REDACTED; Request.RevealHeader, RevealBody and RevealQuery
//     as received); DisableRecording stops recording, for benchmarks.
//
// Its own: Server.Disbursements, Accounts and Cards read the sandbox's state without a
// request; WithSeed, WithClock, WithToken, WithMaxBodyBytes, WithHTTP2 and
// WithoutDefaultProgram set it up.
//
// # What it implements
//
// Routing and request and response types are generated from openapi/cardplatform.yaml
// (oapi-codegen's strict net/http server), and every request is validated against that spec
// before it reaches the sandbox's rules: a request the platform would refuse is answered 400
// with a ProblemDetails body whose errors map names each offending field. A request without
// the sandbox's bearer token is answered 401. 404 comes with or without a body exactly as the
// spec says per operation; 500 has no body.
//
// Persons, cards, accounts, companies and programs, bulk orders, checks, disputes, fees and
// disbursements live in memory, behind one mutex, and follow the platform's published rules:
// a new card is PENDING; only VIRTUAL to FULL changes an issuance type; an account rename
// changes only account_name; balances move by exact decimals; interest is posted only on an
// account closed that day (otherwise the request prepares the closing); bulk orders go
// PENDING, CREATED, SHIPPED; a check's new status is REVERSED, STOPPED or DROP; disbursements
// are queued; a batch file uploaded again unchanged is answered 200 with the stored file's
// batchfile_guid (201 creates one); searches page by a 1-based start_index and a limit. Where the platform publishes
// no rule, the sandbox's assumption is documented with the constants of this package
// (CardStatusActive, AccountStatusClosed, BulkOrderCreatedAfter, ...).
//
// A lost answer (Fault.DropAnswer) is the case a read-back settles: the operation ran, the
// client never saw its answer.
//
// Every operation of the spec has a route (a test enumerates the generated operation table).
// Should one lack it, it answers 501 Not Implemented with the header
// Issuerkit-Sandbox-Not-Served naming the operation and a ProblemDetails body whose title
// starts "not served by the sandbox: ": the client returns an error of status 501
// (core.ErrServerError), never core.ErrNotFound, and does not retry it.
package cardplatformtest
