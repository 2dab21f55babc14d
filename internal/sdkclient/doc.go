// Package sdkclient is the call path the SDK's three clients share, from a generated method
// to the user's *http.Client: a client built from its options (Build, Core), the pipeline
// (New, Pipeline) and the decoding of 2xx bodies (Call, JSON). The promises it keeps (writes
// sent once, no redirect followed, no credential in any text, token refresh within the
// caller's deadline) are written once, in openapi/core's package doc.
//
// A generated method builds a Request and calls Call (or Send, CallNoContent). One call runs
// these steps in this order, each holding the next (TestGetCardFrames, cardplatform, counts
// their frames):
//
//  1. Send (call.go): the URL checked (no dot segment), the call's options, required headers
//     and time limit (timeout.go); what the call keeps is one callState, allocated once.
//  2. send (call.go): the body encoded, its Secret values noted for masking, the
//     *http.Request built with its headers and the defaults of the client and the method.
//  3. Pipeline.send (pipeline.go): the pipeline's own copy of the request, with the call's
//     state (callinfo.go) in its context; an invalid header or correlation id fails the call
//     with ErrInvalidArgument before any step runs.
//  4. the call span (otel.go), the User-Agent and the correlation id (correlation.go).
//  5. the caller's call middleware, once per call (middlewarestep.go).
//  6. retry (retry.go): attempts under their timeout (attempttimeout.go), and the *core.Error
//     of a non-2xx answer.
//  7. the attempt span, with the trace context headers (otel.go).
//  8. the caller's attempt middleware, on every attempt.
//  9. auth (auth.go): the bearer token (token.go, banktoken.go).
//  10. logging (logging.go), when Options.Logger is set.
//  11. sendLast (redirect.go): Accept-Encoding: identity (acceptencoding.go), one shape for a
//     request that must not be repeated (noreplay.go, with its attempt's httptrace:
//     observe.go), the client's Do, any 3xx turned into a *RedirectError.
//  12. the SDK's copy of the user's *http.Client (httpclient.go): for the bank clients the rate
//     limiter (ratelimit.go), then identityTransport (acceptencoding.go), then the user's
//     RoundTripper.
//
// Back up: a 2xx body is handed to the caller under the call's time limit (Call decodes it,
// decode.go, its items bounded by itemlimit.go); any other status is the retry step's
// *core.Error, body capped, masked, drained and closed.
package sdkclient
