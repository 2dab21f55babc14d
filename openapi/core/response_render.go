package core

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// shownHeaders decides which header values a rendering of the SDK's values prints: the
// headers the SDK logs by default (redact.Default: Content-Type, Content-Length, Date,
// Retry-After, X-CorrelationId, X-Request-Id, Traceparent, User-Agent, totalRows,
// retrievedRows), plus the two other trace ids the SDK reads itself, Request-Id
// (Response.TraceID) and x-fapi-interaction-id (Response.InteractionID). Each is known to
// carry a media type, a size, a date, a wait, an id the SDK or the server generates, or a
// count: nothing a caller or a server authenticates with. Everything else (Authorization,
// Cookie, Set-Cookie, an X-Api-Key, a header no one told the SDK about) is masked: the SDK
// proves which values are harmless and never lists the harmful ones. A client's
// WithLoggedHeaders does not apply here: a Response or CallSettings is a value that does not
// know its client.
var shownHeaders = redact.New(redact.Config{LoggedHeaders: []string{"Request-Id", InteractionHeader}})

// headerShown reports whether the value of the header name prints in a rendering (see
// shownHeaders): the one rule for every header the SDK's values hold.
func headerShown(name string) bool { return shownHeaders.HeaderAllowed(name) }

// printableHeader returns a copy of h to render: every name kept, sanitized as text; the
// values of the headers headerShown allows sanitized (card numbers, SSNs and control
// characters masked, redact.Sanitize); every other header's values replaced by one
// redact.Redacted. printableHeader(nil) is nil.
func printableHeader(h http.Header) http.Header {
	if h == nil {
		return nil
	}
	out := make(http.Header, len(h))
	for name, vals := range h {
		key := redact.Sanitize(nil, name)
		if !headerShown(name) {
			out[key] = []string{redact.Redacted}
			continue
		}
		c := make([]string, len(vals))
		for i, v := range vals {
			c[i] = redact.Sanitize(nil, v)
		}
		out[key] = append(out[key], c...)
	}
	return out
}

// MarshalJSON encodes r for logs, as encoding/json would encode its fields but with Header
// printed by allowlist: the values of Content-Type, Content-Length, Date, Retry-After,
// X-CorrelationId, X-Request-Id, Request-Id, Traceparent, x-fapi-interaction-id, User-Agent,
// totalRows and retrievedRows are kept, every other header's value (Set-Cookie, a token a
// proxy echoed, any header the SDK does not know) is "REDACTED", names kept. Card numbers and
// SSNs are masked in every text. r.Header itself holds the values as received.
func (r Response) MarshalJSON() ([]byte, error) {
	type fields Response // the same fields, without these methods
	p := fields(r)
	p.Header, p.CorrelationID, p.TraceID = printableHeader(r.Header), redact.Sanitize(nil, r.CorrelationID), redact.Sanitize(nil, r.TraceID)
	return json.Marshal(p)
}

// Format prints MarshalJSON's JSON for every verb and flag (%#v: as Go syntax,
// core.Response("…")): fmt and slog show the same masked headers as json.Marshal.
func (r Response) Format(f fmt.State, verb rune) {
	redact.FormatJSON(f, verb, "core.Response", r.MarshalJSON)
}

// MarshalJSON encodes s for logs, as encoding/json would encode its fields (Timeout in
// nanoseconds) but with Header printed by allowlist, as Response's MarshalJSON does: the
// values of the WithHeader headers that are not known harmless (an X-Api-Key, a second
// credential) are "REDACTED", names kept. s.Header itself holds the values as given.
func (s CallSettings) MarshalJSON() ([]byte, error) {
	type fields CallSettings // the same fields, without these methods
	p := fields(s)
	p.Header, p.CorrelationID = printableHeader(s.Header), redact.Sanitize(nil, s.CorrelationID)
	return json.Marshal(p)
}

// Format prints MarshalJSON's JSON for every verb and flag (%#v: as Go syntax,
// core.CallSettings("…")).
func (s CallSettings) Format(f fmt.State, verb rune) {
	redact.FormatJSON(f, verb, "core.CallSettings", s.MarshalJSON)
}
