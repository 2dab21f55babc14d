package sdkclient

import (
	"errors"
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
)

// Middleware is a step of the caller's own in the pipeline (core.Middleware: Options.CallMiddleware,
// Options.AttemptMiddleware).
type Middleware = core.Middleware

// errNoResponse is returned when a middleware step returns neither a response nor an error.
var errNoResponse = errors.New("issuerkit: a middleware step returned neither a response nor an error")

// OperationID implements settings.Call: the call's operationId ("" without one).
func (ci *callInfo) OperationID() string {
	if ci == nil || ci.op() == nil {
		return ""
	}
	return ci.call.Op.ID
}

// Attempt implements settings.Call: the 1-based number of the call's current attempt.
func (ci *callInfo) Attempt() int {
	if ci == nil {
		return 1
	}
	return ci.attempt()
}

// middlewarePolicy runs one caller's step, guarding next: a second call of next is refused
// with ErrResendRefused for an unsafe request, sends a rewound copy for a safe one.
type middlewarePolicy struct {
	step Middleware
	next Next
}

func (p middlewarePolicy) do(req *http.Request) (*http.Response, error) {
	next := p.next
	ci := infoOf(req)
	// The step never sees a credential: an Authorization header is taken off a copy of the
	// headers and put back when the step calls next.
	hidden := req.Header[authorizationHeader]
	if len(hidden) > 0 {
		r := req.WithContext(req.Context())
		r.Header = req.Header.Clone()
		delete(r.Header, authorizationHeader)
		req = r
	}
	var calls atomic.Int32
	// got holds what next returned until the step returns: a step that panics after next
	// leaves the response to be closed as the panic goes by.
	var (
		mu       sync.Mutex
		got      []*http.Response
		returned bool
	)
	keep := func(resp *http.Response, err error) (*http.Response, error) {
		if resp != nil && resp.Body != nil {
			mu.Lock()
			got = append(got, resp)
			mu.Unlock()
		}
		return resp, err
	}
	defer func() {
		if !returned {
			mu.Lock()
			defer mu.Unlock()
			for _, r := range got {
				_ = r.Body.Close()
			}
		}
	}()
	scheme, host := req.URL.Scheme, req.URL.Host
	guarded := func(r *http.Request) (*http.Response, error) {
		if r.URL == nil || !strings.EqualFold(r.URL.Scheme, scheme) || !strings.EqualFold(r.URL.Host, host) {
			// The SDK's auth runs after the step: it would send the token there.
			return nil, fmt.Errorf("%w: a middleware step moved the request from %s://%s to another origin; nothing was sent",
				ErrInvalidArgument, scheme, host)
		}
		if r.Header == nil {
			r.Header = make(http.Header)
		}
		if len(hidden) > 0 && len(r.Header[authorizationHeader]) == 0 {
			r.Header[authorizationHeader] = hidden
		}
		if calls.Add(1) == 1 {
			return keep(next(r))
		}
		if !ci.safe() || !rewindable(r) {
			ci.resendRefused = true
			return nil, core.ErrResendRefused
		}
		rr, err := rewind(r)
		if err != nil {
			return nil, err
		}
		return keep(next(rr))
	}
	resp, err := p.step(req, guarded)
	returned = true
	if resp == nil && err == nil {
		err = errNoResponse
	}
	if err != nil && resp != nil {
		DrainAndClose(resp.Body)
		resp = nil
	}
	return resp, err
}

// withMiddleware returns next behind the caller's steps, the first step outermost.
func withMiddleware(steps []Middleware, next Next) Next {
	for i := len(steps) - 1; i >= 0; i-- {
		if steps[i] != nil {
			next = middlewarePolicy{step: steps[i], next: next}.do
		}
	}
	return next
}
