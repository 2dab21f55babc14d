package apierror

import (
	"io"
	"math"
	"mime"
	"net/http"
	"strings"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/redact"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// MaxBodyBytes is the default cap, 64 KiB, on the part of an error body that is kept in
// core.Error.Body and decoded. Error bodies of the three APIs are a few hundred bytes; the cap only
// bounds what a misbehaving server or gateway can make the SDK hold in memory. A longer body
// is cut at the cap and core.Error.Truncated is set.
const MaxBodyBytes = 64 << 10

// Decoder decodes an error body into a typed error: *core.Problem for the card platform,
// *core.BankError for the bank APIs. ok is false when the body is not of that kind (empty, not
// JSON, truncated, malformed, or another JSON document); decoded is then nil. The body it gets
// has already been masked by redact.JSON. A decoded value of any other type is not kept.
type Decoder func(body []byte, contentType string) (decoded error, ok bool)

// RequestInfo describes the request whose response failed, for the error text.
type RequestInfo struct {
	// Method is the HTTP method.
	Method string
	// URL is the request URL, already redacted (redact.URL).
	URL string
	// CorrelationID is the X-CorrelationId sent with the request, if any.
	CorrelationID string
}

// DecodeOptions configures how an error response is turned into a *core.Error.
type DecodeOptions struct {
	// MaxBodyBytes caps the part of the body kept and decoded; zero or less means the package
	// constant MaxBodyBytes.
	MaxBodyBytes int64
	// Decode decodes the body; nil keeps the body undecoded.
	Decode Decoder
	// Now is the clock used to turn a Retry-After date into a duration; nil means time.Now.
	Now func() time.Time
	// Redactor masks the body and the headers kept in the error; nil means redact.Default().
	// Give it the credentials the request carried (Redactor.WithSecrets) so that a server
	// echoing them back cannot put them in any field or text of the error.
	Redactor *redact.Redactor
}

// FromResponse builds the *core.Error of a non-2xx response. It reads at most limit bytes of
// resp.Body, plus one to tell whether there was more (limit <= 0 means MaxBodyBytes), and does
// not close it: the caller drains and closes the body. decode may be nil. See
// DecodeOptions.FromResponse.
func FromResponse(resp *http.Response, req RequestInfo, decode Decoder, limit int64) *core.Error {
	return DecodeOptions{MaxBodyBytes: limit, Decode: decode}.FromResponse(resp, req)
}

// FromResponse builds the *core.Error of a non-2xx response:
//
//   - the body is read up to the cap; a longer body keeps its first MaxBodyBytes bytes and a
//     body whose read fails midway (a reset connection) keeps what was read, both with
//     Truncated set;
//   - the body is masked with Redactor.JSON (which falls back to Redactor.Text for non-JSON,
//     and masks the Redactor's secret values everywhere) and then decoded with Decode, so the
//     decoded fields are masked too; an empty, non-JSON, truncated or malformed body simply
//     leaves Problem and Bank nil;
//   - the headers are cloned without Authorization, Proxy-Authorization, Cookie and
//     Set-Cookie, with secret values masked and Location redacted like a URL
//     (Redactor.ErrorHeader);
//   - CorrelationID is the one sent, else the X-CorrelationId response header, else the one in
//     the body; TraceID is the body's (ProblemDetails traceId, bank TransactionId), else the
//     traceparent's trace id, else X-Request-Id or Request-Id;
//   - RetryAfter is the parsed Retry-After header.
//
// It does not close resp.Body. A nil resp gives a *core.Error with status 0. The error, its
// Problem and its Bank render their texts with the Redactor (core.NewError).
func (o DecodeOptions) FromResponse(resp *http.Response, req RequestInfo) *core.Error {
	e := core.Error{Method: req.Method, URL: req.URL, CorrelationID: req.CorrelationID}
	if resp == nil {
		return &e
	}
	r := o.Redactor
	if r == nil {
		r = redact.Default()
	}
	e.StatusCode = resp.StatusCode
	e.Header = r.ErrorHeader(resp.Header)

	limit := o.MaxBodyBytes
	if limit <= 0 {
		limit = MaxBodyBytes
	}
	raw, truncated := readCapped(resp.Body, limit)
	e.Truncated = truncated
	if len(raw) > 0 {
		e.Body = r.JSON(raw)
	}

	contentType := resp.Header.Get("Content-Type")
	if o.Decode != nil && len(e.Body) > 0 {
		if d, ok := o.Decode(e.Body, contentType); ok && d != nil {
			switch v := d.(type) {
			case *core.Problem:
				e.Problem = v
			case *core.BankError:
				e.Bank = v
			}
		}
	}

	if e.CorrelationID == "" {
		e.CorrelationID = e.Header.Get("X-CorrelationId")
	}
	if e.CorrelationID == "" && e.Bank != nil {
		e.CorrelationID = e.Bank.CorrelationID
	}
	switch {
	case e.Problem != nil && e.Problem.TraceID != "":
		e.TraceID = e.Problem.TraceID
	case e.Bank != nil && e.Bank.TransactionID != "":
		e.TraceID = e.Bank.TransactionID
	default:
		e.TraceID = headerTraceID(e.Header)
	}

	now := time.Now
	if o.Now != nil {
		now = o.Now
	}
	if v := resp.Header.Get("Retry-After"); v != "" {
		e.RetryAfter, _ = ParseRetryAfter(v, now())
	}
	return core.NewError(e, r)
}

// readCapped reads at most limit bytes of body and reports whether the body was longer or
// its read failed.
func readCapped(body io.Reader, limit int64) ([]byte, bool) {
	if body == nil || body == http.NoBody {
		return nil, false
	}
	n := limit
	if n < math.MaxInt64 {
		n++
	}
	raw, err := io.ReadAll(io.LimitReader(body, n))
	truncated := err != nil
	if int64(len(raw)) > limit {
		raw, truncated = raw[:limit], true
	}
	return raw, truncated
}

// headerTraceID returns a trace id from the response headers: the trace id of a W3C
// traceparent, else the whole traceparent, else X-Request-Id, else Request-Id.
func headerTraceID(h http.Header) string {
	if tp := strings.TrimSpace(h.Get("Traceparent")); tp != "" {
		// version-traceid-parentid-flags
		if parts := strings.Split(tp, "-"); len(parts) >= 4 && len(parts[1]) == 32 {
			return parts[1]
		}
		return tp
	}
	if id := strings.TrimSpace(h.Get("X-Request-Id")); id != "" {
		return id
	}
	return strings.TrimSpace(h.Get("Request-Id"))
}

// IsJSONMediaType reports whether the Content-Type value names JSON: application/json,
// text/json, or any +json suffix such as application/problem+json (parameters and case are
// ignored).
func IsJSONMediaType(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		mt, _, _ = strings.Cut(contentType, ";")
		mt = strings.ToLower(strings.TrimSpace(mt))
	}
	switch {
	case mt == "application/json", mt == "text/json":
		return true
	case strings.HasSuffix(mt, "+json"):
		return strings.HasPrefix(mt, "application/") || strings.HasPrefix(mt, "text/")
	}
	return false
}

// DecodeProblem is the Decoder of the card platform: it decodes a ProblemDetails body into a
// *core.Problem (core.DecodeProblem). The body is tried as JSON whatever its media type says (application/json,
// application/problem+json, text/json, application/*+json, or a mislabelled text/plain), as
// long as it starts with '{' (after white space and a byte order mark): only an object can be
// a problem. ok is false for an empty, non-JSON, truncated or malformed body, and for a JSON
// object without any problem details member.
func DecodeProblem(body []byte, contentType string) (error, bool) {
	if p, ok := core.DecodeProblem(body); ok {
		return p, true
	}
	return nil, false
}

// DecodeBankError is the Decoder of the bank APIs: it decodes the bank's error body (with any
// of the ServiceError shapes), or the commercial account reporting's {code, message,
// debugMessage}, into a *core.BankError (core.DecodeBankError). Bodies are tried as DecodeProblem tries them; ok is false
// for an empty, non-JSON, truncated or malformed body, and for a JSON object without any
// member of either schema.
func DecodeBankError(body []byte, contentType string) (error, bool) {
	if b, ok := core.DecodeBankError(body); ok {
		return b, true
	}
	return nil, false
}
