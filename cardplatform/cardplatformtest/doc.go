// Package cardplatformtest is a stateful, in-process sandbox of the card platform for tests,
// in the spirit of net/http/httptest: NewServer starts it on a loopback port and returns it
// with a *cardplatform.Client pointed at it.
//
//	srv := cardplatformtest.NewServer(t)
//	card, err := srv.Client().GetCard(ctx, proxy)
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
// (CardStatusActive, AccountStatusClosed, BulkOrderCreatedAfter, ...). Seed data (WithSeed),
// the clock (WithClock) and the accepted token (WithToken) are options.
//
// Fault injection (Server.FailNext, addressed by the client method a test calls:
// srv.FailNext("CreateDisbursement", 1, fault)) makes its next calls fail with a status,
// a delay, a connection dropped after the request was read (the operation does not run), or
// an answer lost after the operation ran (Fault.DropAnswer: the case a read-back is
// for). Server.Requests returns every request the sandbox saw, with the Authorization header
// masked, as the record type the three sandboxes share (RequestsFor filters by method), and Server.Disbursements, Accounts and Cards read the sandbox's state without a
// request, so that a test can assert what happened on the platform's side.
//
// Every operation of the spec has a route (a test enumerates the generated operation table).
// Should one lack it, it answers 501 Not Implemented with the header
// Issuerkit-Sandbox-Not-Served naming the operation and a ProblemDetails body whose title
// starts "not served by the sandbox: ": the client returns an error of status 501
// (ErrServerError), never ErrNotFound, and does not retry it.
package cardplatformtest
