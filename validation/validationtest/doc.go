// Package validationtest is an in-process sandbox of the bank's account-validation service
// for tests and demos, in the spirit of net/http/httptest: a real HTTP server on a loopback
// port, built from openapi/validation.yaml, holding preloaded accounts and owners and
// answering as the bank's service does, with a *validation.Client pointed at it.
//
//	srv := validationtest.NewServer(t)
//	res, err := srv.Client().VerifyAccount(ctx, validation.Inquiry{
//		SecondaryID:   validationtest.SecondaryID,
//		RoutingNumber: validationtest.RoutingNumber,
//		AccountNumber: core.NewSecret(validationtest.AccountPerson),
//		AcctOwner:     validation.AcctOwner{FirstName: "Pat", LastName: "Lee"},
//	})
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
// Its own: Server.AddAccount and WithAccounts add accounts; WithDocumentedAPI serves the
// documented form too; WithRateLimit sets the bank's limit.
//
// # What it implements
//
// Which API: by default the sandbox serves what the client speaks by default, the bank's
// published files exactly: v2 (errorResponse beside AOAResponse, empty when there is no
// fault) only, v1 answers 404; its Client speaks v2. WithDocumentedAPI, the switch
// validation.WithDocumentedAPI has on the client, also serves version 1 of the design
// documents, and its Client speaks v1.
//
// What it implements:
//   - v1 and v2 paths and envelopes of healthCheck and verifyAccount; every request is
//     validated against the spec (kin-openapi) before it is answered.
//   - v2 faults: AccountBankExample answers like the bank's own example (699 "Open Valid",
//     an owner match, a businessFault beside the Result), AccountSystemFault a systemFault
//     without a Result; Account.BusinessFault and Account.SystemFault set them for any
//     account.
//   - Bearer authentication (401 without Token, 403 with DeniedToken), 404 for unknown paths,
//     415 for a body that is not application/json, and the bank's error body for each.
//   - The rate limit of the bank: 5 requests per second, 429 afterwards (WithRateLimit).
//   - Malformed input: 400 with the service's errorCode in ServiceError.AOAResponse.Result
//     (the code of the first problem the SDK's client-side rules find, 105 for a body that
//     does not fit the schema at all).
//   - Client ids: SecondaryID; SecondaryIDWithAdditional requires AdditionalID (106 when
//     missing, 103 when wrong); any other secondary id is 103. A serialNumber that is not
//     digits is 005.
//   - Routing numbers: RoutingNumber (participant and contributor), RoutingNotContributor
//     (conditionCode 301, account status still returned), any other valid routing number
//     (300, not a participant).
//   - Accounts: located by routing and account number; not found is primaryStatusCode 000 with
//     conditionCode 396; preloaded accounts carry 099 (open), 012 (closed) and 096 (no
//     information); an account without owner data answers 302.
//   - Owner matching only when first and last name, or business name, are sent (304 when the
//     owner has no name, 900 when no owner was sent); every field sent is matched, ignoring
//     case, spacing and punctuation; Y/N/C/U per field as the bank's service assigns them (rules in matching.go);
//     overallMatchScore from 0 to 100 over the fields sent.
//   - Accounts added with an ErrorCode or HTTPStatus answer that code or status, so a program
//     can test its handling of every outcome (AccountSystemFailure and the others preloaded).
//
// Every operation of the spec has a route (a test enumerates the generated operation table).
// Should one lack it, it answers 501 Not Implemented with the header
// Issuerkit-Sandbox-Not-Served naming the operation and the bank's error body whose message
// starts "not served by the sandbox: ": the client returns an error of status 501
// (core.ErrServerError), never core.ErrNotFound, and does not retry it.
package validationtest
