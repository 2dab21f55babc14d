package transport

import (
	"net/http"

	"github.com/issuerkit/issuerkit-go/internal/ops"
)

// Call is what one SDK method passes down with its request.
type Call struct {
	// Op is the operation the request sends. Nil means an unknown operation, which is treated
	// as unsafe: never re-sent once it may have reached the server.
	Op *ops.Operation
	// CorrelationID is the caller's id for this call; "" means the request's header, else the
	// context's (WithCorrelationID), else a new UUID.
	CorrelationID string
	// Header holds extra headers for this call. They never replace Authorization or the
	// credential headers the SDK sets.
	Header http.Header
	// Retry overrides the client's retry options for this call; nil keeps them.
	Retry *RetryOptions
}

// Send sends req through the pipeline for call. The result contract is Do's.
func (p *Pipeline) Send(req *http.Request, call *Call) (*http.Response, error) {
	if call != nil {
		for k, vs := range call.Header {
			if http.CanonicalHeaderKey(k) == "Authorization" {
				continue
			}
			for _, v := range vs {
				req.Header.Add(k, v)
			}
		}
		if call.CorrelationID != "" {
			req.Header.Set(CorrelationHeader, call.CorrelationID)
		}
	}
	return p.Do(req)
}
