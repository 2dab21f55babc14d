package core

import (
	"bytes"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// A Masker masks secrets in a text. The SDK gives each error of a call the call's own masker
// (it masks the credentials the call sent and the Secrets of its request, card numbers and
// SSNs, and keeps the call's own identifiers readable); an error whose masker is nil uses the
// SDK's default sanitizer, which masks card numbers and SSNs and escapes control characters.
type Masker interface {
	Text(s string) string
}

// masker returns m, else the SDK's default redactor.
func masker(m redact.Masker) redact.Masker {
	if m == nil {
		return redact.Default()
	}
	return m
}

// NewError returns a copy of e whose texts, and those of its decoded body (e.Problem,
// e.Bank), m masks when rendered (nil m: the SDK's default sanitizer). The SDK builds every
// *Error of a call this way with the call's masker; a test or fake of yours may use a literal
// &Error{...} instead, which renders with the default sanitizer.
func NewError(e Error, m Masker) *Error {
	if m != nil {
		e.red = m
		if e.Problem != nil {
			e.Problem.red = m
		}
		if e.Bank != nil {
			e.Bank.red = m
		}
	}
	return &e
}

// NewOutcomeUnknownError returns the *OutcomeUnknownError of a call that may have reached the
// server, whose texts m masks when rendered (nil m: the SDK's default sanitizer). url must
// already be redacted.
func NewOutcomeUnknownError(method, url, correlationID string, attempts int, err error, m Masker) *OutcomeUnknownError {
	e := &OutcomeUnknownError{Method: method, URL: url, CorrelationID: correlationID, Attempts: attempts, Err: err}
	if m != nil {
		e.red = m
	}
	return e
}

// errorBody returns body without surrounding white space and byte order mark when it is worth
// decoding: only a JSON object can be an error body, so a body is tried when it starts with
// '{', whatever its media type says (a JSON media type on anything else cannot decode).
func errorBody(body []byte) ([]byte, bool) {
	doc := bytes.TrimSpace(bytes.TrimPrefix(bytes.TrimSpace(body), []byte("\xef\xbb\xbf")))
	if len(doc) == 0 || doc[0] != '{' {
		return nil, false
	}
	return doc, true
}

// DecodeProblem decodes a card platform error body, a ProblemDetails object, as the SDK does
// for an *Error's Problem. The body is tried whatever its media type (application/json,
// application/problem+json, a mislabelled text/plain), as long as it starts with '{' (after
// white space and a byte order mark): only an object can be a problem. ok is false for an
// empty, non-JSON, truncated or malformed body, and for a JSON object without any problem
// details member.
func DecodeProblem(body []byte) (p *Problem, ok bool) {
	doc, ok := errorBody(body)
	if !ok {
		return nil, false
	}
	p = new(Problem)
	if err := p.UnmarshalJSON(doc); err != nil || !p.recognized() {
		return nil, false
	}
	return p, true
}

// DecodeBankError decodes a bank error body as the SDK does for an *Error's Bank: the bank's
// error body with any of the ServiceError shapes, or the commercial account reporting's
// {code, message, debugMessage}. Bodies are tried as [DecodeProblem] tries them; ok is false
// for an empty, non-JSON, truncated or malformed body, and for a JSON object without any
// member of either schema.
func DecodeBankError(body []byte) (b *BankError, ok bool) {
	doc, ok := errorBody(body)
	if !ok {
		return nil, false
	}
	b = new(BankError)
	if err := b.UnmarshalJSON(doc); err != nil || !b.recognized() {
		return decodeReportingBody(doc) // {code, message, debugMessage} (reporting.go)
	}
	return b, true
}
