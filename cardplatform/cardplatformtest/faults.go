package cardplatformtest

import "github.com/issuerkit/issuerkit-go/internal/sandbox"

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
	return s.api.spec.names.FailNext(s.calls.faults, name, n, sandbox.Fault(f))
}

// Requests returns the requests the sandbox received so far, oldest first, including the
// refused ones (401, 400) and those answered by an injected fault.
func (s *Server) Requests() []Request { return requestsOf(s.calls.log.All()) }

// RequestsFor returns the requests of the client method name ("GetCard"; an operation id such
// as "getCard" is accepted too), oldest first. It panics on a name that is neither, as a test
// asking for it has a typo.
func (s *Server) RequestsFor(name string) []Request {
	return requestsOf(s.api.spec.names.RequestsFor(&s.calls.log, name))
}

// ResetRequests forgets the requests received so far.
func (s *Server) ResetRequests() { s.calls.log.Reset() }

// DisableRecording stops recording requests (Requests stays as it is): for benchmarks that
// make millions of requests.
func (s *Server) DisableRecording() { s.calls.log.Disable() }
