// Package pagingtest is an in-process sandbox of the bank's paginated list endpoints
// (openapi/banklists.yaml): it serves N synthetic records per endpoint in the row, offset,
// page, sequence and key styles, with the totalRows and retrievedRows headers (and
// the commercial account reporting reads: see WithKeyCycle), and can misbehave on
// request (latency, failures at page k, lying totals, ignored page parameters), recording
// every request it sees.
//
//	srv := pagingtest.NewServer(t, pagingtest.WithRecords(2500))
//	for tx, err := range srv.Client().ACHTransactions(ctx, req) { ... }
//	// or point a client of one's own, or a core.FetchFunc, at srv.URL (srv.HTTPClient())
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
// Its own: WithRecords, WithSeed and the options that misbehave on request (WithLatency,
// WithFailure, WithClaimedTotal, WithPageParamsIgnored, ...) set it up; Key(i) is the key of
// the i-th synthetic record; Server.Published reports which form of the bank's API it serves.
//
// # What it implements
//
// Every request is validated against the spec first: a request the bank's description refuses
// is answered 400 with the bank's error body naming the fields.
//
// Every operation of the spec has a route (a test enumerates the generated operation table).
// Should one lack it, it answers 501 Not Implemented with the header
// Issuerkit-Sandbox-Not-Served naming the operation and the bank's error body whose message
// starts "not served by the sandbox: ": the client returns an error of status 501
// (core.ErrServerError), never core.ErrNotFound, and does not retry it.
package pagingtest
