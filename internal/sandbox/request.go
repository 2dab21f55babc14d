package sandbox

import (
	"bytes"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/mask"
	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// Request is a request a sandbox received, as its Server.Requests returns it. Test output that
// prints it shows no secret: every header value but those of the headers known harmless
// (redact.ShownHeader), every query value and every string and number value of the body are
// masked, by allowlist, names kept. RevealHeader, RevealBody and RevealQuery return them as
// received.
type Request struct {
	// OperationID is the spec's operationId of the request ("getCard", "verifyAccountV2",
	// "listAchTransactions"), or empty when its method and path match no operation.
	OperationID string
	// Method and Path are the request's HTTP method and URL path.
	Method, Path string
	// Query holds the query parameters, every value masked (mask.Mask), names kept.
	Query url.Values
	// Header holds the request headers by allowlist (redact.PrintableHeader): the values of
	// the headers known harmless (Content-Type, X-CorrelationId, ...), card numbers masked;
	// every other header's value "REDACTED", names kept.
	Header http.Header
	// Body is the request body with every string and number value masked at any depth, member
	// names and structure kept (redact.LogBody).
	Body []byte
	// Time is when the request arrived, by the sandbox's clock.
	Time time.Time

	// raw returns the body as received. A func, so that fmt, which prints unexported fields,
	// shows only its address.
	raw func() []byte
	// rawQuery returns the query parameters as received, for the same reason a func.
	rawQuery func() url.Values
	// rawHeader returns the headers as received (credentials masked), for the same reason a
	// func.
	rawHeader func() http.Header
}

// RevealHeader returns the request headers as received, values in clear but those of
// Authorization, Proxy-Authorization, Cookie and Set-Cookie, masked keeping an Authorization
// scheme ("Bearer ****"), for a test that checks what the client sent on the wire. Never
// print or log them.
func (r Request) RevealHeader() http.Header {
	if r.rawHeader == nil {
		return r.Header.Clone()
	}
	return r.rawHeader()
}

// RevealQuery returns the query parameters exactly as received, values in clear, for a test
// that checks what the client sent on the wire. Never print or log them.
func (r Request) RevealQuery() url.Values {
	if r.rawQuery == nil {
		return cloneValues(r.Query)
	}
	return r.rawQuery()
}

// RevealBody returns the request body exactly as received, secrets in clear, for a test that
// checks what the client sent on the wire. Never print or log it.
func (r Request) RevealBody() []byte {
	if r.raw == nil {
		return bytes.Clone(r.Body)
	}
	return r.raw()
}

// Record returns the masked record of r, whose body was read as body, for the operation
// operationID, arrived at at.
func Record(r *http.Request, body []byte, operationID string, at time.Time) Request {
	raw, kept := bytes.Clone(body), maskHeaders(r.Header)
	req := Request{OperationID: operationID, Method: r.Method, Path: r.URL.Path, Header: redact.PrintableHeader(kept),
		Time: at, raw: func() []byte { return bytes.Clone(raw) }, rawHeader: kept.Clone}
	sent := r.URL.Query()
	req.Query = MaskQuery(sent)
	req.rawQuery = func() url.Values { return cloneValues(sent) }
	req.Body = redact.LogBody(raw)
	return req
}

// Clone returns a copy of r that shares nothing a caller could change.
func (r Request) Clone() Request {
	r.Header = r.Header.Clone()
	r.Query = cloneValues(r.Query)
	r.Body = bytes.Clone(r.Body)
	return r
}

// MaskQuery returns a copy of q with every value masked (mask.Mask), names kept: the query of a
// Request as recorded and as printed. MaskQuery(nil) is nil.
func MaskQuery(q url.Values) url.Values {
	if q == nil {
		return nil
	}
	out := make(url.Values, len(q))
	for name, vals := range q {
		masked := make([]string, len(vals))
		for i, v := range vals {
			masked[i] = mask.Mask(v)
		}
		out[name] = masked
	}
	return out
}

func cloneValues(v url.Values) url.Values {
	if v == nil {
		return nil
	}
	out := make(url.Values, len(v))
	for k, vs := range v {
		out[k] = append([]string(nil), vs...)
	}
	return out
}

// maskHeaders returns a copy of h with the values of credential headers masked, keeping an
// Authorization scheme ("Bearer ****"): what RevealHeader gives of a recorded request.
func maskHeaders(h http.Header) http.Header {
	out := h.Clone()
	for name, vals := range out {
		if !redact.IsCredentialHeader(name) {
			continue
		}
		masked := make([]string, len(vals))
		for i, v := range vals {
			masked[i] = maskCredential(v)
		}
		out[name] = masked
	}
	return out
}

// maskCredential keeps the scheme of an Authorization value ("Bearer ****").
func maskCredential(v string) string {
	for i := 0; i < len(v); i++ {
		if v[i] == ' ' {
			return v[:i] + " ****"
		}
	}
	return "****"
}

// Log is the request log of a sandbox, safe for concurrent use. The zero value records.
type Log struct {
	mu   sync.Mutex
	reqs []Request
	off  bool
}

// Add records req unless recording is off.
func (l *Log) Add(req Request) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.off {
		l.reqs = append(l.reqs, req)
	}
}

// Keep records the request r with body, its operation id and arrival time (Record) unless
// recording is off, in which case it builds no record: every sandbox records through it.
func (l *Log) Keep(r *http.Request, body []byte, operationID string, at time.Time) {
	if l.On() {
		l.Add(Record(r, body, operationID, at))
	}
}

// All returns copies of the requests recorded, oldest first.
func (l *Log) All() []Request {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]Request, len(l.reqs))
	for i, r := range l.reqs {
		out[i] = r.Clone()
	}
	return out
}

// On reports whether the log records (Disable was not called): a sandbox skips building a
// record nobody keeps.
func (l *Log) On() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return !l.off
}

// Reset forgets the requests recorded so far.
func (l *Log) Reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.reqs = nil
}

// Disable stops recording; the requests recorded so far stay.
func (l *Log) Disable() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.off = true
}
