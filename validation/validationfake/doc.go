// Package validationfake is the typed fake of validation.Client for the unit tests of your
// code: no server, no port. Its Fake is an http.RoundTripper behind a real
// *validation.Client, so the SDK's encoding, decoding, typed errors and retries run: a Result
// whose errorCode is not 000 reaches your code as a *ResultError, as from the bank. For the
// bank's service over real HTTP, with its accounts and matching rules, use validationtest.
//
//	f := &validationfake.Fake{
//		VerifyAccount: func(ctx context.Context, inq validation.Inquiry) (*validation.Result, error) {
//			return &validation.Result{ErrorCode: "000"}, nil
//		},
//	}
//	res, err := f.Client().VerifyAccount(ctx, inq)
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
// VerifyAccount gets the Inquiry your code passed (after the client's defaults and rules) and
// returns the Result to answer, whichever API version the client speaks. The client's two
// methods are written by hand over envelopes the package does not export, so this fake is
// written by hand too, with the shapes of the generated fakes.
package validationfake
