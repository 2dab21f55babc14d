package cardplatformtest

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/sandbox"
)

// Fault says how an injected failure answers a call (Server.FailNext; the three sandboxes take
// the same fields). Delay is waited first; then Drop closes the connection without an answer,
// or Status answers with that status instead of running the operation, or DropAnswer runs the
// operation and closes the connection instead of sending its answer. A Fault with only a Delay
// runs the operation late. Its fields:
//
//   - Status int: the status to answer with. 400, 401 and 404 carry a ProblemDetails body
//     where the spec gives the operation one; any other status has no body.
//   - Delay time.Duration: how long to wait before answering (or failing). The wait ends
//     early when the client gives up or the sandbox closes.
//   - Drop bool: close the connection after the whole request was read, without an answer:
//     the client cannot know whether the operation ran (for a disbursement:
//     ErrOutcomeUnknown). The operation does not run.
//   - DropAnswer bool: run the operation (the sandbox's rules and state change exactly as
//     without the fault, a refusal included), then close the connection instead of sending
//     the answer: the platform acted and the client lost the answer. Server.Disbursements,
//     Accounts and Cards show what it did. It excludes Drop and Status.
//   - Header http.Header: extra response headers for a Status answer, for example
//     Retry-After.
type Fault struct {
	// Status is the status to answer with instead of running the operation.
	Status int
	// Delay is how long to wait before answering (or failing).
	Delay time.Duration
	// Drop closes the connection without an answer; the operation does not run.
	Drop bool
	// DropAnswer runs the operation, then closes the connection instead of answering.
	DropAnswer bool
	// Header holds extra response headers for a Status answer, for example Retry-After.
	Header http.Header
}

// FaultHeader is set on every answer of an injected Status fault ("injected"), so that a
// test can tell it from an answer of the sandbox's rules.
const FaultHeader = "Cardplatformtest-Fault"

// Request is a request the sandbox received, as Server.Requests returns it (the three
// sandboxes, cardplatformtest, validationtest and pagingtest, record the same fields):
//
//   - OperationID string: the spec's operationId ("createDisbursement"), empty when the path
//     and method match no operation.
//   - Method, Path string: the request's HTTP method and URL path.
//   - Query url.Values: the query parameters, sensitive values masked.
//   - Header http.Header: the request headers, Authorization masked ("Bearer ****").
//   - Body []byte: the body (at most the body limit plus one byte) with secrets masked as the
//     SDK's logs mask them: the values of sensitive members (pin, cvv, card_number, ...) and
//     card numbers and SSNs in texts. Test output that prints a Request shows no secret.
//   - Time time.Time: the sandbox clock's reading when the request arrived.
//
// Its method RevealBody returns the body as received, secrets in clear, for a test that checks
// what the client sent on the wire; never print or log it.
type Request struct {
	// OperationID is the spec's operationId, empty when no operation matches.
	OperationID string
	// Method and Path are the request's HTTP method and URL path.
	Method, Path string
	// Query holds the query parameters, sensitive values masked.
	Query url.Values
	// Header holds the request headers, credentials masked ("Bearer ****").
	Header http.Header
	// Body is the request body with secrets masked.
	Body []byte
	// Time is when the request arrived, by the sandbox's clock.
	Time time.Time

	// raw returns the body as received. A func, so that fmt, which prints unexported fields,
	// shows only its address.
	raw func() []byte
}

// RevealBody returns the request body exactly as received, secrets in clear, for a test that
// checks what the client sent on the wire. Never print or log it.
func (r Request) RevealBody() []byte {
	if r.raw == nil {
		return bytes.Clone(r.Body)
	}
	return r.raw()
}

// requestsOf returns the sandbox's records as Requests.
func requestsOf(rs []sandbox.Request) []Request {
	out := make([]Request, len(rs))
	for i, r := range rs {
		out[i] = Request{OperationID: r.OperationID, Method: r.Method, Path: r.Path, Query: r.Query,
			Header: r.Header, Body: r.Body, Time: r.Time, raw: r.RevealBody}
	}
	return out
}

// ErrUnknownOperation is the error of FailNext and RequestsFor given a name that is neither a
// method of *cardplatform.Client nor an operation id of the spec.
var ErrUnknownOperation = errUnknownOperation

// errUnknownOperation is the value the three sandboxes share.
var errUnknownOperation = sandbox.ErrUnknownOperation

// recorder keeps the requests seen and the faults to inject.
type recorder struct {
	log    sandbox.Log
	faults *sandbox.Faults
}

func newRecorder() *recorder { return &recorder{faults: sandbox.NewFaults()} }

func (r *recorder) stop() { r.faults.Stop() }

// FailNext makes the next n calls of the client method name (for example "GetCard",
// "CreateDisbursement", "Cards" for the iterator's pages) fail as f says. The spec's operation
// id ("createDisbursement") is accepted too. Calls to FailNext queue up: after these n calls
// come the faults of the next FailNext for the same operation. It returns an error for a name
// that is neither (matching ErrUnknownOperation), n < 1, or a Fault that neither delays,
// drops nor sets a status in 100-599.
func (s *Server) FailNext(name string, n int, f Fault) error {
	ids, err := s.api.spec.names.Resolve(name)
	if err != nil {
		return fmt.Errorf("FailNext: %w", err)
	}
	if err := s.calls.faults.Add(ids, n, sandbox.Fault(f)); err != nil {
		return fmt.Errorf("cardplatformtest: FailNext: %w", err)
	}
	return nil
}

// Requests returns the requests the sandbox received so far, oldest first, including the
// refused ones (401, 400) and those answered by an injected fault.
func (s *Server) Requests() []Request { return requestsOf(s.calls.log.All()) }

// RequestsFor returns the requests of the client method name ("GetCard"; an operation id such
// as "getCard" is accepted too), oldest first. It panics on a name that is neither, as a test
// asking for it has a typo.
func (s *Server) RequestsFor(name string) []Request {
	ids, err := s.api.spec.names.Resolve(name)
	if err != nil {
		panic("RequestsFor: " + err.Error())
	}
	var out []Request
	for _, r := range s.Requests() {
		if slices.Contains(ids, r.OperationID) {
			out = append(out, r)
		}
	}
	return out
}

// ResetRequests forgets the requests received so far.
func (s *Server) ResetRequests() { s.calls.log.Reset() }
