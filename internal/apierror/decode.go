package apierror

import (
	"io"
	"math"
	"net/http"
	"strings"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/redact"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// MaxBodyBytes is the default cap on the part of an error body kept in core.Error.Body and
// decoded (error bodies of the three APIs are a few hundred bytes); a longer one is cut, with
// core.Error.Truncated set.
const MaxBodyBytes = 64 << 10

// Decoder decodes an error body, already masked, into *core.Problem (the card platform) or
// *core.BankError (the bank APIs); ok is false when the body is not of that kind. A decoded
// value of any other type is not kept.
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
	// Redactor masks the body and the headers kept in the error, with the credentials the
	// request carried (Redactor.WithSecrets); nil means redact.Default().
	Redactor *redact.Redactor
}

// FromResponse is DecodeOptions{MaxBodyBytes: limit, Decode: decode}.FromResponse.
func FromResponse(resp *http.Response, req RequestInfo, decode Decoder, limit int64) *core.Error {
	return DecodeOptions{MaxBodyBytes: limit, Decode: decode}.FromResponse(resp, req)
}

// FromResponse builds the *core.Error of a non-2xx response: the body read up to the cap (cut,
// or failing midway, it is Truncated), masked (Redactor.JSON) and then decoded; the headers
// without credentials (Redactor.ErrorHeader); CorrelationID the one sent, else the response
// header's, else the body's; TraceID the body's, else the headers' (TraceIDFromHeader);
// RetryAfter parsed. It does not close resp.Body; a nil resp gives status 0.
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
		e.TraceID = TraceIDFromHeader(e.Header)
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

// TraceIDFromHeader returns the server's trace id from response headers (a success carries it
// only there): the trace id of a W3C traceparent, else the whole traceparent, else
// X-Request-Id, else Request-Id.
func TraceIDFromHeader(h http.Header) string {
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

// DecodeProblem is the Decoder of the card platform (core.DecodeProblem): any media type, as
// long as the body is a JSON object with a problem details member.
func DecodeProblem(body []byte, contentType string) (error, bool) {
	if p, ok := core.DecodeProblem(body); ok {
		return p, true
	}
	return nil, false
}

// DecodeBankError is the Decoder of the bank APIs (core.DecodeBankError): the bank's error
// body in any of its ServiceError shapes, or the reporting APIs' {code, message, debugMessage}.
func DecodeBankError(body []byte, contentType string) (error, bool) {
	if b, ok := core.DecodeBankError(body); ok {
		return b, true
	}
	return nil, false
}
