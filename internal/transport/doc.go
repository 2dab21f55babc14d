// Package transport is the HTTP pipeline shared by the SDK's three clients (card platform,
// account validation, bank lists). One ordered chain of small policies runs in front of the
// user's *http.Client:
//
//	user agent -> correlation id -> retry -> auth -> logging -> *http.Client
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
package transport
