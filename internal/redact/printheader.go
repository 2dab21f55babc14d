package redact

import "net/http"

// shown decides which header values a rendering of the SDK's values prints: the headers the
// SDK logs by default (Default: Content-Type, Content-Length, Date, Retry-After,
// X-CorrelationId, X-Request-Id, Traceparent, User-Agent, totalRows, retrievedRows), plus the
// two other trace ids the SDK reads itself, Request-Id (core.Response.TraceID) and
// x-fapi-interaction-id (core.Response.InteractionID). Each is known to carry a media type, a
// size, a date, a wait, an id the SDK or the server generates, or a count: nothing a caller or
// a server authenticates with. Everything else (Authorization, Cookie, Set-Cookie, an
// X-Api-Key, a header no one told the SDK about) is masked: the SDK proves which values are
// harmless and never lists the harmful ones. A client's WithLoggedHeaders does not apply: a
// rendered value does not know its client.
// (core.TestHeadersRenderByAllowlist checks core.InteractionHeader is shown.)
var shown = New(Config{LoggedHeaders: []string{"Request-Id", "x-fapi-interaction-id"}})

// ShownHeader reports whether the value of the header name prints in a rendering of a value
// that holds headers: the one rule for every http.Header of the SDK's values (core.Response,
// core.CallSettings, a built core.Error) and of the test kits' records (a sandbox's Request and
// Fault, a fake's Call). Names compare case-insensitively; a credential header is never shown.
func ShownHeader(name string) bool { return shown.HeaderAllowed(name) }

// PrintableHeader returns a copy of h to render: every name kept, sanitized as text; the
// values of the headers ShownHeader allows sanitized (card numbers, SSNs and control
// characters masked, Sanitize); every other header's values replaced by one Redacted.
// PrintableHeader(nil) is nil.
func PrintableHeader(h http.Header) http.Header {
	if h == nil {
		return nil
	}
	out := make(http.Header, len(h))
	for name, vals := range h {
		key := Sanitize(nil, name)
		if !ShownHeader(name) {
			out[key] = []string{Redacted}
			continue
		}
		c := make([]string, len(vals))
		for i, v := range vals {
			c[i] = Sanitize(nil, v)
		}
		out[key] = append(out[key], c...)
	}
	return out
}
