package transport

import (
	"errors"
	"net/http"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
)

// Pipeline is the ordered chain of policies in front of an *http.Client. It is immutable after
// New and safe for concurrent use. It implements the Do method the generated clients call.
type Pipeline struct {
	run       Next
	retrySafe func(method, path string) bool
}

// New builds the pipeline: user agent, correlation id, retry, auth, logging, then the client.
func New(o Options) (*Pipeline, error) {
	hc, err := httpClientFor(o.HTTPClient, o.TLSConfig)
	if err != nil {
		return nil, err
	}
	if o.DecodeError == nil {
		return nil, errors.New("issuerkit: transport.Options.DecodeError is required")
	}
	if o.MaxErrorBody <= 0 {
		o.MaxErrorBody = apierror.MaxBodyBytes
	}
	safe := o.RetrySafe
	if safe == nil {
		safe = defaultRetrySafe
	}
	policies := []Policy{
		userAgentPolicy(o.UserAgent),
		correlationPolicy{},
		newRetryPolicy(o.Retry, o.DecodeError, o.MaxErrorBody),
	}
	if o.TokenSource != nil {
		policies = append(policies, newAuthPolicy(o.TokenSource, o.AllowInsecureHTTP))
	}
	if o.Logger != nil {
		policies = append(policies, loggingPolicy{logger: o.Logger, bodies: o.LogBodies})
	}
	return &Pipeline{run: chain(policies, hc.Do), retrySafe: safe}, nil
}

// Do sends req through the pipeline. It returns the response of a 2xx (the caller closes its
// body) or an error: *apierror.Error for any other status, *apierror.OutcomeUnknownError when a
// request that must not be repeated failed after it may have reached the server, or the
// transport or context error. The caller's request is never modified.
func (p *Pipeline) Do(req *http.Request) (*http.Response, error) {
	ci := &callInfo{safe: p.retrySafe(req.Method, req.URL.EscapedPath()), attempt: 1}
	r := req.Clone(withInfo(req.Context(), ci))
	return p.run(r)
}
