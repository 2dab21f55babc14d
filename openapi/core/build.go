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

// rendered is the Masker of texts that were masked when their error was built: it returns
// them as they are.
type rendered struct{}

func (rendered) Text(s string) string { return s }

// NewError returns a copy of e whose texts, and those of its decoded body (e.Problem,
// e.Bank), m masks (nil m: the SDK's default sanitizer), now: the error keeps the masked
// texts (its Error text, and URL, CorrelationID and TraceID masked in place), never m, so
// that nothing m knows (the call's credentials and sent Secrets) sits where fmt's reflection
// could print it. The SDK builds every *Error of a call this way with the call's masker; a
// test or fake of yours may use a literal &Error{...} instead, which renders with the default
// sanitizer.
func NewError(e Error, m Masker) *Error {
	red := masker(m)
	e.Method, e.URL = red.Text(e.Method), red.Text(e.URL)
	e.CorrelationID, e.TraceID = red.Text(e.CorrelationID), red.Text(e.TraceID)
	if e.Problem != nil {
		e.Problem.text = e.Problem.render(red)
	}
	if e.Bank != nil {
		e.Bank.text = e.Bank.render(red)
	}
	e.msg = e.message(red)
	e.text = e.render(red)
	return &e
}

// NewOutcomeUnknownError returns the *OutcomeUnknownError of a call that may have reached the
// server, its texts masked by m now (nil m: the SDK's default sanitizer), as [NewError] does.
// url must already be redacted.
func NewOutcomeUnknownError(method, url, correlationID string, attempts int, err error, m Masker) *OutcomeUnknownError {
	red := masker(m)
	e := &OutcomeUnknownError{Method: red.Text(method), URL: red.Text(url), CorrelationID: red.Text(correlationID), Attempts: attempts, Err: err}
	e.text = e.render(red)
	if err != nil {
		e.errText = red.Text(err.Error())
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
