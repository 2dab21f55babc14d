// Package banktest is an in-process sandbox of the bank on one origin: the account
// validation service (validationtest) and the list endpoints (pagingtest) served together,
// behind the bank's rate limit of 5 requests a second per credential across both APIs, with
// the lock-out that follows a 429 (two minutes by default, announced in Retry-After). A test
// sees there what a service sees at the bank: a validation client and a paging client of one
// credential share one budget, and a 429 earned by one locks the other out.
//
//	srv := banktest.NewServer(t)
//	res, err := srv.ValidationClient().VerifyAccount(ctx, inq)
//	for tx, err := range srv.PagingClient().ACHTransactions(ctx, req) { ... }
//	srv.Arrivals() // every request that reached the origin, those refused with 429 marked
//
// # Verbs
//
// It starts and stops as the sandboxes it joins (validationtest, pagingtest) do:
//
//   - NewServer(tb, opts...) starts it for a test and closes it when the test ends, failing
//     the test if it cannot start; Start(opts...) does the same from a program and returns
//     an error; Server.Close stops it. An Option is a func(*config); WithListsOptions and
//     WithValidationOptions configure the two sandboxes, WithPagingClientOptions and
//     WithValidationClientOptions the two clients.
//   - Server.PagingClient and Server.ValidationClient return the two clients pointed at
//     Server.URL, sending Token; Server.HTTPClient serves a client of one's own, and
//     Server.CredentialID gives it the same budget.
//   - Server.Lists and Server.Validation are the two sandboxes behind URL: their FailNext,
//     Requests, RequestsFor and ResetRequests work as in their packages.
//   - Server.Arrivals lists every request that reached the origin, those refused with 429
//     marked.
//
// The two clients send Token and share one rate-limit budget of their own
// (the same WithCredentialID): no other client of the test process shares it, so the
// lock-out one test earns never reaches another test. A client of one's own pointed at URL
// (WithHTTPClient(srv.HTTPClient())) is another credential to the SDK unless it is given the
// same credential id (CredentialID); to the sandbox, a credential is its bearer token.
package banktest
