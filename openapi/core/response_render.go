package core

import (
	"encoding/json"
	"fmt"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// MarshalJSON encodes r for logs, as encoding/json would encode its fields but with Header
// printed by allowlist (redact.PrintableHeader, the one rule for every value that holds
// headers): the values of Content-Type, Content-Length, Date, Retry-After,
// X-CorrelationId, X-Request-Id, Request-Id, Traceparent, x-fapi-interaction-id, User-Agent,
// totalRows and retrievedRows are kept, every other header's value (Set-Cookie, a token a
// proxy echoed, any header the SDK does not know) is "REDACTED", names kept. Card numbers and
// SSNs are masked in every text. r.Header itself holds the values as received.
func (r Response) MarshalJSON() ([]byte, error) {
	type fields Response // the same fields, without these methods
	p := fields(r)
	p.Header, p.CorrelationID, p.TraceID = redact.PrintableHeader(r.Header), redact.Sanitize(nil, r.CorrelationID), redact.Sanitize(nil, r.TraceID)
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
	p.Header, p.CorrelationID = redact.PrintableHeader(s.Header), redact.Sanitize(nil, s.CorrelationID)
	return json.Marshal(p)
}

// Format prints MarshalJSON's JSON for every verb and flag (%#v: as Go syntax,
// core.CallSettings("…")).
func (s CallSettings) Format(f fmt.State, verb rune) {
	redact.FormatJSON(f, verb, "core.CallSettings", s.MarshalJSON)
}
