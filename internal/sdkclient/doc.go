// Package sdkclient is the call path the SDK's three clients (card platform, account
// validation, bank lists) share, from a generated method to the user's *http.Client, in one
// package: a client built from its options (Build runs core's options and the clients' own,
// made with Own, over the settings.Client its Options hold and reads them there), the
// pipeline built from them (New, Pipeline), and the decoding of 2xx bodies (JSON).
//
// A generated method builds a Request and calls Call (or Send, CallNoContent). One call then
// runs these steps, in this order, each a function of this package holding the next (the
// file in parentheses); TestGetCardFrames (cardplatform) counts the frames they take:
//
//  1. Send (call.go): the URL under the client's base and its path checked (no dot segment),
//     the call's options applied, the operation's required headers checked, the call's time
//     limit started (timeout.go: the whole-call ceiling, or the idle timeout of a streamed
//     transfer); everything one call keeps is one callState, allocated once.
//  2. send (call.go): the body encoded by the model's wire encoder, its Secret values noted
//     for masking, the *http.Request built with Accept, Content-Type and the headers of the
//     request, the client's operation defaults and the method's defaults.
//  3. Pipeline.send (pipeline.go): the pipeline's own copy of the request, with the call's
//     state (callInfo, callinfo.go) in its context; the call's headers added; a header name
//     that is not a token, or a header value or correlation id with a control character,
//     fails the call with ErrInvalidArgument before any step runs.
//  4. the call span (otel.go, callSpanPolicy): the call's OpenTelemetry span and metrics
//     (Options.Telemetry), the User-Agent, the correlation id (correlation.go: the call's
//     own, the request's header, the context's, else a new UUID).
//  5. the caller's call middleware, once per call (middlewarestep.go, Options.CallMiddleware).
//  6. retry (retry.go): each attempt under its attempt timeout (attempttimeout.go); whether
//     and when an attempt is sent again (backoff, Retry-After, 429, the delivery rule below),
//     and the *core.Error of a non-2xx answer.
//  7. the attempt span, with the trace context headers and the request duration (otel.go).
//  8. the caller's attempt middleware, on every attempt (Options.AttemptMiddleware).
//  9. auth (auth.go): the bearer token, when Options.TokenSource is set (token.go,
//     banktoken.go).
//  10. logging (logging.go): one record per attempt, redacted, when Options.Logger is set.
//  11. the last step (sendLast, redirect.go): Accept-Encoding: identity
//     (acceptencoding.go), one way out for a request that must not be repeated (noreplay.go:
//     a copy without GetBody, with its attempt's httptrace, observe.go), the client's Do, and
//     any 3xx answer turned into a *RedirectError.
//  12. the *http.Client, the SDK's copy of the user's (httpclient.go): for the bank clients
//     first the rate limiter (ratelimit.go, limitedTransport, put there by
//     Options.WrapTransport), then identityTransport (acceptencoding.go: identity asked for
//     again, a compressed answer refused unread), then the user's RoundTripper.
//
// Back up: a 2xx answer's body is handed to the caller under the call's time limit (Call
// decodes it, decode.go, its items bounded by itemlimit.go); any other status is the retry
// step's *core.Error, body capped, masked, drained and closed.
//
// The pipeline keeps four promises, whatever RoundTripper the client has:
//
//   - Delivery fails closed. The operation's RetrySafe flag alone decides whether a request
//     may be re-sent once it may have reached the server; an unknown operation is unsafe. An
//     unsafe request is re-sent only on an observation: each attempt carries an httptrace
//     trace of its own, and a second attempt is allowed only when the transport reported
//     looking for a connection and never getting one (no GotConn, no successful TLS
//     handshake, nothing written), or when an SDK step refused the request before the
//     client's RoundTripper; the error's kind must agree (a failed dial, a DNS failure, a TLS
//     handshake the client refused, the SDK's own refusals). Any other failure, a TLS error
//     after the handshake included, and every failure of a RoundTripper that fires no trace
//     hooks, is one attempt and an *core.OutcomeUnknownError (observe.go).
//   - No redirect is followed. The client is used through a copy whose CheckRedirect never
//     lets net/http follow, and every 301, 302, 303, 307 or 308 becomes a *RedirectError
//     (an *core.OutcomeUnknownError too for an unsafe request): nothing, credentials or
//     body, reaches a URL the caller did not choose, and another request's answer never
//     becomes this one's result.
//   - No credential appears in any text. The tokens a call sent, the credentials of a
//     BankTokenSource and Options.Secrets are masked in every error text, error field and
//     log record, wherever the server echoes them.
//   - Token refresh never holds a caller past its deadline. A SharedTokenSource runs one
//     refresh at a time on its own context, ahead of expiry; a caller waits for it only as
//     long as its own context lasts.
//
// Every non-2xx response becomes an *core.Error (body capped, masked, drained and closed).
package sdkclient
