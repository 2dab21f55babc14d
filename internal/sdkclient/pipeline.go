package sdkclient

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
	"github.com/issuerkit/issuerkit-go/internal/redact"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// Pipeline is the ordered chain of policies in front of an *http.Client. It is immutable after
// New and safe for concurrent use.
type Pipeline struct {
	run Next
	red *redact.Redactor // the client's redactor; each call adds the credentials it sent
}

// New builds the pipeline of o, its steps in the package doc's order.
func New(o Options) (*Pipeline, error) {
	if o.DecodeError == nil {
		return nil, errors.New("issuerkit: sdkclient.Options.DecodeError is required")
	}
	if o.MaxErrorBody <= 0 {
		o.MaxErrorBody = apierror.MaxBodyBytes
	}
	secrets := o.Secrets
	if cs, ok := o.TokenSource.(credentialHolder); ok {
		secrets = append(append([]string(nil), secrets...), cs.credentials()...)
	}
	red := redact.New(redact.Config{
		Keys:          o.RedactKeys,
		QueryParams:   o.RedactQueryParams,
		LoggedHeaders: o.LoggedHeaders,
		Secrets:       secrets,
	})
	hc, err := httpClientFor(o.HTTPClient, o.EffectiveTLSConfig())
	if err != nil {
		return nil, err
	}
	if o.WrapTransport != nil {
		hc.Transport = o.WrapTransport(hc.Transport) // the SDK's own copy: identityTransport
	}
	if err := CheckHeader("User-Agent", o.UserAgent); err != nil {
		return nil, err
	}
	tel, err := newTelemetry(&o)
	if err != nil {
		return nil, err
	}
	// Built from the last step to the first: each step holds the one after it.
	next := sendLast(hc.Do, red)
	if o.Logger != nil {
		next = loggingPolicy{logger: o.Logger, bodies: o.LogBodies, redactor: red, next: next}.do
	}
	if o.TokenSource != nil {
		next = newAuthPolicy(o.TokenSource, o.AllowInsecureHTTP, next).do
	}
	next = withMiddleware(o.AttemptMiddleware, next)
	next = attemptSpanPolicy{tel: tel, next: next}.do
	retry := &retryPolicy{opt: retryDefaults(o.retry()), decode: o.DecodeError, maxBody: o.MaxErrorBody,
		redactor: red, no429: o.No429Retry, next: next}
	next = withMiddleware(o.CallMiddleware, retry.do)
	next = callSpanPolicy{tel: tel, ua: []string{userAgent(o.UserAgent)}, next: next}.do
	return &Pipeline{run: next, red: red}, nil
}

// Do sends req as a call of an unknown operation: Send(req, nil).
func (p *Pipeline) Do(req *http.Request) (*http.Response, error) { return p.Send(req, nil) }

// Send sends req through the pipeline for call (nil: an unknown operation, no per-call
// settings) and returns the response of a 2xx (the caller closes its body) or an error:
// *core.Error for any other status, *core.OutcomeUnknownError, *RedirectError, or the
// transport, token or context error, the call's credentials masked. The pipeline works on its
// own shallow copy of req, with the call's state in its context and a header map of its own:
// req is never modified.
func (p *Pipeline) Send(req *http.Request, call *CallConfig) (*http.Response, error) {
	ci := new(callInfo)
	ci.init(call)
	return p.send(req, ci, call)
}

// headerOf returns a map of the pipeline's own holding h's entries (one allocation, where
// http.Header.Clone makes two), their capacity cut so that an append copies rather than writes
// into h's arrays.
func headerOf(h http.Header) http.Header {
	out := make(http.Header, len(h)+6)
	for k, v := range h {
		out[k] = v[:len(v):len(v)]
	}
	return out
}

// send is Send with the call's state ci, set up by ci.init(call).
func (p *Pipeline) send(req *http.Request, ci *callInfo, call *CallConfig) (*http.Response, error) {
	r := req.WithContext(context.WithValue(req.Context(), callInfoKey{}, ci))
	r.Header = headerOf(req.Header)
	ci.base = p.red
	if call != nil {
		ci.notePathArgs(call.Op, r.URL.EscapedPath())
		for k, vs := range call.Header {
			k = http.CanonicalHeaderKey(k)
			if _, set := r.Header[k]; !set && len(vs) > 0 {
				r.Header[k] = append([]string(nil), vs...)
			}
		}
	}
	// Refused before any step: no attempt, no log line, nothing sent.
	if err := checkHeaders(r.Header); err != nil {
		return nil, err
	}
	if err := checkCorrelationID(ci.correlationID()); err != nil {
		return nil, err
	}
	if a := r.Header[authorizationHeader]; len(a) > 0 {
		// A credential the caller set itself: masked like the SDK's own.
		for _, v := range a {
			ci.recordSent(v)
			if _, cred, ok := strings.Cut(v, " "); ok {
				ci.recordSent(strings.TrimSpace(cred))
			}
		}
	}
	resp, err := p.run(r)
	if err != nil && ci.resendRefused && !errors.Is(err, core.ErrOutcomeUnknown) {
		// A call step sent the request, then tried again: the first send may have arrived.
		err = outcomeUnknown(r, ci, ci.attempt(), err, ci.redactor(p.red))
	}
	if resp != nil {
		// The call's own request, whatever the RoundTripper put there: ResponseRedactor and
		// AnswerLost find the call's state through it.
		resp.Request = r
	}
	return resp, err
}

// ResponseRedactor returns the redactor of the call that got resp (the client's, with the
// credentials the call sent), for texts built from its body; redact.Default() for a response
// that did not come through a Pipeline.
func ResponseRedactor(resp *http.Response) *redact.Redactor {
	if resp == nil || resp.Request == nil {
		return redact.Default()
	}
	ci, ok := resp.Request.Context().Value(callInfoKey{}).(*callInfo)
	if !ok || ci.base == nil {
		return redact.Default()
	}
	return ci.redactor(ci.base)
}

// authorizationHeader is the canonical name of the Authorization header.
const authorizationHeader = "Authorization"
