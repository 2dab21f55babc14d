// Package cardplatformfake is the typed fake of cardplatform.Client for the unit tests of
// your code: no server, no port. Its Fake is an http.RoundTripper behind a real
// *cardplatform.Client, so the SDK's encoding, decoding, typed errors and retry rules run,
// and your code takes the real client, with no interface to declare. For a stateful
// platform behind real HTTP, with its rules and fault injection, use cardplatformtest.
//
//	f := &cardplatformfake.Fake{
//		GetCard: func(ctx context.Context, proxy string) (*cardplatform.CardDTO, error) {
//			return &cardplatform.CardDTO{CardProxy: proxy, CardStatus: "ACTIVE"}, nil
//		},
//	}
//	card, err := f.Client().GetCard(ctx, "proxy-1")
//	calls := f.CallsFor("GetCard") // one per attempt
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
//   - A faked function answers with its result or with an error: Status(status, body) and Problem(status, title) build
//     the API's error answers, and ErrAnswerLost loses the answer after the function ran.
//   - Fake.Calls, CallsFor(method) and ResetCalls read and forget what the fake received, one
//     Call per attempt, values masked and header values printed by the SDK's allowlist (a
//     header it knows nothing of prints REDACTED; Call.RevealHeader and RevealBody as sent);
//     CallFrom gives a faked function the Call it serves.
//
// Hand-written methods (a stream, several answers) are faked by an http.HandlerFunc that
// answers the request as the platform would. The Fake itself is generated from
// openapi/cardplatform.yaml: it has a field for every operation of the spec.
package cardplatformfake
