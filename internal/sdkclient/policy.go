package sdkclient

import "net/http"

// Next sends a request through the rest of the pipeline.
type Next = func(*http.Request) (*http.Response, error)

// Policy is one step of the pipeline. It may change the request (always on a clone), call next
// zero or more times, and inspect or replace the response.
type Policy interface {
	Do(req *http.Request, next Next) (*http.Response, error)
}

// PolicyFunc adapts a function to the Policy interface.
type PolicyFunc func(req *http.Request, next Next) (*http.Response, error)

// Do calls f(req, next).
func (f PolicyFunc) Do(req *http.Request, next Next) (*http.Response, error) { return f(req, next) }

// chain builds the closure that runs policies in order in front of send. It is built once, at
// construction, so a request pays no allocation for the chain itself.
func chain(policies []Policy, send Next) Next {
	next := send
	for i := len(policies) - 1; i >= 0; i-- {
		p, n := policies[i], next
		next = func(req *http.Request) (*http.Response, error) { return p.Do(req, n) }
	}
	return next
}
