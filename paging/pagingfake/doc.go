// Package pagingfake is the typed fake of paging.Client for the unit tests of your code: no
// server, no port. Its Fake is an http.RoundTripper behind a real *paging.Client, so the SDK's
// encoding, decoding, typed errors, retry rules and iterators run, and your code takes the
// real client. A faked list function gets the request decoded into its typed struct, page
// parameters included, whichever form of the bank's API the client speaks. For a sandbox that
// pages synthetic records over real HTTP and misbehaves on request, use pagingtest.
//
//	f := &pagingfake.Fake{
//		ListACHTransactions: func(ctx context.Context, req paging.ListACHTransactionsRequest) (*paging.ACHListResponse, error) {
//			return nil, pagingfake.BankError(429, "Too many requests", 2*time.Minute)
//		},
//	}
//	_, err := f.Client().ListACHTransactions(ctx, req) // a *core.BankError, status 429
//
// # Verbs
//
// The three fakes (cardplatformfake, validationfake, pagingfake) offer the same verbs with the
// same shapes, the counterparts of the sandboxes' (cardplatformtest, validationtest,
// pagingtest):
//
//   - A Fake is a struct literal: one function field per client method, with the method's
//     own arguments and result; a field left nil answers 501 "not faked: <Method>".
//   - Fake.Client(opts...) returns a client whose calls go to the fake (it panics on an
//     option New refuses, as httptest.NewRequest does on bad input); Fake.HTTPClient serves
//     a client of one's own; Fake.RoundTrip is what answers them.
//   - A faked function answers with its result or with an error: Status(status, body) and BankError(status, message, retryAfter) build
//     the API's error answers, and ErrAnswerLost loses the answer after the function ran.
//   - Fake.Calls, CallsFor(method) and ResetCalls read and forget what the fake received, one
//     Call per attempt, values masked and header values printed by the SDK's allowlist (a
//     header it knows nothing of prints REDACTED; Call.RevealHeader and RevealBody as sent);
//     CallFrom gives a faked function the Call it serves.
//
// The clients of one Fake share a rate-limit budget of their own (Fake.Client). The Fake is
// generated from openapi/banklists.yaml: it has a field for every operation of the spec.
package pagingfake
