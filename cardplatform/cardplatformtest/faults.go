package cardplatformtest

import (
	"bytes"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// Fault says how an injected failure answers a call (Server.FailNext). Delay is waited first;
// then Drop closes the connection without an answer, or Status answers with that status
// instead of running the operation, or DropAnswer runs the operation and closes the
// connection instead of sending its answer. A Fault with only a Delay runs the operation late.
type Fault struct {
	// Status is the status to answer with. 400, 401 and 404 carry a ProblemDetails body where
	// the spec gives the operation one; any other status has no body.
	Status int
	// Delay is how long to wait before answering (or failing). The wait ends early when the
	// client gives up or the sandbox closes.
	Delay time.Duration
	// Drop closes the connection after the whole request was read, without an answer: the
	// client cannot know whether the operation ran (for a disbursement: ErrOutcomeUnknown).
	// The operation does not run.
	Drop bool
	// DropAnswer runs the operation (the sandbox's rules and state change exactly as without
	// the fault, a refusal included), then closes the connection instead of sending the
	// answer: the platform acted and the client lost the answer. Server.Disbursements,
	// Accounts and Cards show what it did. It excludes Drop and Status.
	DropAnswer bool
	// Header holds extra response headers for a Status answer, for example Retry-After.
	Header http.Header
}

// FaultHeader is set on every answer of an injected Status fault ("injected"), so that a
// test can tell it from an answer of the sandbox's rules.
const FaultHeader = "Cardplatformtest-Fault"

// Request is a request the sandbox received, as Server.Requests returns it.
type Request struct {
	// OperationID is the spec's operationId of the request (createDisbursement), or empty
	// when the path and method match no operation.
	OperationID string
	// Method and Path are the request's method and URL path; Query is its raw query.
	Method, Path, Query string
	// Header holds the request headers; Authorization is masked.
	Header http.Header
	// Body holds the request body (at most the body limit plus one byte) with secrets masked
	// as the SDK's logs mask them: the values of sensitive members (pin, cvv, card_number,
	// accountNumber, ...) and card numbers and SSNs in texts. Test output that prints it
	// shows no secret. RevealBody returns the body as received.
	Body []byte
	// Time is the sandbox clock's reading when the request arrived.
	Time time.Time

	// raw returns the body as received. A func, so that fmt, which prints unexported fields,
	// shows only its address.
	raw func() []byte
}

// RevealBody returns the request body exactly as received, secrets in clear, for a test that
// checks what the client sent on the wire. Never print or log it.
func (r Request) RevealBody() []byte {
	if r.raw == nil {
		return slices.Clone(r.Body)
	}
	return r.raw()
}

// maskedRequest returns req for the request log: the query and body masked (Request.Body),
// the body as received behind RevealBody.
func maskedRequest(req Request, body []byte) Request {
	raw := bytes.Clone(body)
	req.Query = redact.Default().Query(req.Query)
	req.Body = redact.JSON(raw)
	if bytes.Equal(req.Body, raw) {
		req.Body = bytes.Clone(raw)
	}
	req.raw = func() []byte { return bytes.Clone(raw) }
	return req
}

type pendingFault struct {
	fault Fault
	left  int
}

// recorder keeps the requests seen and the faults to inject.
type recorder struct {
	mu       sync.Mutex
	requests []Request
	faults   map[string][]*pendingFault
	done     chan struct{}
	once     sync.Once
}

func newRecorder() *recorder {
	return &recorder{faults: map[string][]*pendingFault{}, done: make(chan struct{})}
}

func (r *recorder) stop() { r.once.Do(func() { close(r.done) }) }

func (r *recorder) record(req Request) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.requests = append(r.requests, req)
}

// take returns the fault for the next call of operation id, if any, and counts it down.
func (r *recorder) take(id string) (Fault, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	q := r.faults[id]
	if len(q) == 0 {
		return Fault{}, false
	}
	f := q[0]
	f.left--
	if f.left <= 0 {
		r.faults[id] = q[1:]
	}
	return f.fault, true
}

// FailNext makes the next n calls of the operation operationID (the spec's operationId, for
// example "createDisbursement") fail as f says. Calls to FailNext queue up: after these n
// calls come the faults of the next FailNext for the same operation. It returns an error for
// an unknown operation id, n < 1, or a Fault that neither delays, drops nor sets a status
// in 100-599.
func (s *Server) FailNext(operationID string, n int, f Fault) error {
	if !slices.Contains(s.api.spec.operationIDs(), operationID) {
		return fmt.Errorf("cardplatformtest: FailNext: unknown operation %q", operationID)
	}
	if n < 1 {
		return fmt.Errorf("cardplatformtest: FailNext: n must be at least 1, got %d", n)
	}
	if f.Status != 0 && (f.Status < 100 || f.Status > 599) {
		return fmt.Errorf("cardplatformtest: FailNext: status %d out of range", f.Status)
	}
	if f.Status == 0 && !f.Drop && !f.DropAnswer && f.Delay <= 0 {
		return fmt.Errorf("cardplatformtest: FailNext: the fault neither delays, drops nor sets a status")
	}
	if f.DropAnswer && (f.Drop || f.Status != 0) {
		return fmt.Errorf("cardplatformtest: FailNext: DropAnswer excludes Drop and Status")
	}
	f.Header = f.Header.Clone()
	s.calls.mu.Lock()
	defer s.calls.mu.Unlock()
	s.calls.faults[operationID] = append(s.calls.faults[operationID], &pendingFault{fault: f, left: n})
	return nil
}

// Requests returns the requests the sandbox received so far, oldest first, including the
// refused ones (401, 400) and those answered by an injected fault.
func (s *Server) Requests() []Request {
	s.calls.mu.Lock()
	defer s.calls.mu.Unlock()
	out := make([]Request, len(s.calls.requests))
	for i, r := range s.calls.requests {
		r.Header = r.Header.Clone()
		r.Body = slices.Clone(r.Body)
		out[i] = r
	}
	return out
}

// RequestsFor returns the requests of the operation operationID, oldest first.
func (s *Server) RequestsFor(operationID string) []Request {
	var out []Request
	for _, r := range s.Requests() {
		if r.OperationID == operationID {
			out = append(out, r)
		}
	}
	return out
}

// ResetRequests forgets the requests received so far.
func (s *Server) ResetRequests() {
	s.calls.mu.Lock()
	defer s.calls.mu.Unlock()
	s.calls.requests = nil
}

// maskHeaders returns a copy of h with the credentials masked.
func maskHeaders(h http.Header) http.Header {
	out := h.Clone()
	for _, k := range []string{"Authorization", "Proxy-Authorization", "Cookie"} {
		if vs := out.Values(k); len(vs) > 0 {
			masked := make([]string, len(vs))
			for i, v := range vs {
				masked[i] = maskCredential(v)
			}
			out[http.CanonicalHeaderKey(k)] = masked
		}
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

// dropConnection closes the connection under w without an answer.
func dropConnection(w http.ResponseWriter) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	if conn, _, err := hj.Hijack(); err == nil {
		_ = conn.Close()
	}
}

// discardWriter takes an answer that is never sent (Fault.DropAnswer).
type discardWriter struct {
	header http.Header
}

func (d *discardWriter) Header() http.Header         { return d.header }
func (d *discardWriter) Write(p []byte) (int, error) { return len(p), nil }
func (d *discardWriter) WriteHeader(int)             {}
