package core

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// A Masker masks secrets in a text. The SDK builds each error of a call with the call's own
// masker (it masks the credentials the call sent and the Secrets of its request, card numbers
// and SSNs, and keeps the call's own identifiers readable), which renders the error's texts
// then and is not kept; a nil masker means the SDK's default sanitizer, which masks card
// numbers and SSNs and escapes control characters.
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
//
// The body is printed by allowlist: Body keeps the members of the decoded schema (a
// ProblemDetails', or the bank's error body's) as masked as before, and masks every value of
// every other member (and of a JSON body of no known schema), keeping the names; the values
// of Problem.Extensions are masked likewise. [Error.RevealBody] gives the body as it was kept
// before (the call's credentials and sent Secrets, card numbers, SSNs and sensitive members
// still masked). The headers are printed by allowlist too: Header keeps the values of the
// headers known harmless and shows every other as REDACTED, names kept, credential headers
// left out; [Error.RevealHeader] gives the values as kept (m's secrets masked).
func NewError(e Error, m Masker) *Error {
	red := masker(m)
	if len(e.Body) > 0 {
		kept := bodyText(e.Body)
		e.revealed = &kept
		e.Body = allowlistBody(e.Body, e.Problem, e.Bank)
	}
	if e.Header != nil {
		kept := keptHeader(e.Header, red)
		e.revealHeader = func() http.Header { return kept.Clone() }
		e.Header = redact.PrintableHeader(kept)
	}
	if e.Problem != nil && e.Problem.Extensions.Len() > 0 {
		ext := make(map[string]json.RawMessage, e.Problem.Extensions.Len())
		for k, v := range e.Problem.Extensions.All() {
			ext[k] = redact.MaskValues(v)
		}
		e.Problem.Extensions = NewExtras(ext)
	}
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

// keptHeader returns a copy of h without the credential headers (Authorization,
// Proxy-Authorization, Cookie, Set-Cookie), every value masked by red: what an Error keeps of
// the response headers (RevealHeader).
func keptHeader(h http.Header, red redact.Masker) http.Header {
	out := make(http.Header, len(h))
	for name, vals := range h {
		if redact.IsCredentialHeader(name) {
			continue
		}
		c := make([]string, len(vals))
		for i, v := range vals {
			c[i] = red.Text(v)
		}
		out[name] = c
	}
	return out
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

// bankMembers are the lower-cased names of the members of the bank's error bodies: the
// envelope, the inquiry APIs' metadata form and the commercial account reporting's body.
var bankMembers = map[string]bool{
	"errormessage": true, "transactionid": true, "x-correlationid": true, "transactiontime": true,
	"api-url": true, "serviceerror": true, "metadata": true, "code": true, "message": true, "debugmessage": true,
}

// genericMembers are the lower-cased names of the members of the error bodies that gateways
// and token endpoints write in front of the APIs (an API gateway's {"message": …}, OAuth 2.0's
// {"error", "error_description", "error_uri"} of RFC 6749, section 5.2).
var genericMembers = map[string]bool{
	"message": true, "error": true, "error_description": true, "error_uri": true, "code": true,
	"status": true, "title": true, "detail": true,
}

// allowlistBody returns the kept body of an error: the members of the decoded schema as they
// are, every value of every other member masked (redact.MaskValues); a JSON object of no known
// schema keeps the members of the generic error bodies (genericMembers); a body that is not a
// JSON object (a text, an HTML page, a truncated body) is returned as it is, already masked as
// text, and other JSON is masked whole.
func allowlistBody(body []byte, p *Problem, b *BankError) []byte {
	red := redact.Default()
	switch {
	case p != nil:
		return red.MaskUnknownMembers(body, func(name string) bool { return problemMembers[strings.ToLower(name)] != "" })
	case b != nil:
		return red.MaskUnknownMembers(body, func(name string) bool { return bankMembers[strings.ToLower(name)] })
	case !json.Valid(body):
		return body
	}
	if doc := bytes.TrimSpace(body); len(doc) > 0 && doc[0] == '{' {
		return red.MaskUnknownMembers(body, func(name string) bool { return genericMembers[strings.ToLower(name)] })
	}
	return red.MaskValues(body)
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
