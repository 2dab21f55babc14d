// Package transport is the HTTP pipeline shared by the SDK's three clients (card platform,
// account validation, bank lists). One ordered chain of small steps runs in front of the
// user's *http.Client; New builds it, and each call passes, in this order:
//
//  1. the checks (Pipeline.Send): a header name that is not a token, or a header value or
//     correlation id with a control character, fails the call with ErrInvalidArgument before
//     any step runs;
//  2. the call span: the call's OpenTelemetry span and metrics (Options.Telemetry);
//  3. the User-Agent;
//  4. the correlation id: X-CorrelationId, the call's own or a new UUID;
//  5. the caller's call middleware, once per call (Options.CallMiddleware);
//  6. retry: whether and when an attempt is sent again (backoff, Retry-After, 429, the
//     delivery rule below), and the *core.Error of a non-2xx answer;
//  7. the attempt span, with the trace context headers;
//  8. the caller's attempt middleware, on every attempt (Options.AttemptMiddleware);
//  9. auth: the bearer token, when Options.TokenSource is set;
//  10. logging: one record per attempt, redacted, when Options.Logger is set;
//  11. the redirect refusal: any 3xx becomes a *RedirectError;
//  12. Accept-Encoding: identity;
//  13. one way out: a request that must not be repeated leaves as a copy without GetBody,
//     with its attempt's httptrace (sendOnce);
//  14. the *http.Client, the SDK's copy of the user's, whose RoundTripper
//     Options.WrapTransport may wrap (the client-side rate limiter does).
//
// Each SDK method builds its request and sends it with Pipeline.Send and a Call that names the
// operation; the pipeline works on its own copy, and a write leaves it one way (sendOnce).
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
