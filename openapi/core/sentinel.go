package core

import (
	"errors"
	"net/http"
)

// The status sentinels. An error for a non-2xx response matches, with errors.Is, the sentinel
// of its status code.
var (
	// ErrBadRequest matches a 400 Bad Request.
	ErrBadRequest = errors.New("issuerkit: bad request")
	// ErrUnauthorized matches a 401 Unauthorized: a missing, expired or rejected token.
	ErrUnauthorized = errors.New("issuerkit: unauthorized")
	// ErrForbidden matches a 403 Forbidden (for the bank: entitlements, or a client address that
	// is not allowed).
	ErrForbidden = errors.New("issuerkit: forbidden")
	// ErrNotFound matches a 404 Not Found.
	ErrNotFound = errors.New("issuerkit: not found")
	// ErrConflict matches a 409 Conflict.
	ErrConflict = errors.New("issuerkit: conflict")
	// ErrRateLimited matches a 429 Too Many Requests (the error's RetryAfter says how long the
	// server asked to wait, when it said) and a *LockoutError.
	ErrRateLimited = errors.New("issuerkit: rate limited")
	// ErrTimeout matches a 408 Request Timeout and a 504 Gateway Timeout (the server or a
	// gateway gave up waiting; a 504 matches ErrServerError as well), and a *TimeoutError (the
	// SDK's own time limit).
	ErrTimeout = errors.New("issuerkit: timeout")
	// ErrServerError matches any 5xx status.
	ErrServerError = errors.New("issuerkit: server error")
	// ErrUnexpectedStatus matches every other non-2xx status (3xx, 405, 413, 415, 422, ...).
	ErrUnexpectedStatus = errors.New("issuerkit: unexpected status")
)

// The sentinels of failures that are not a status.
var (
	// ErrOutcomeUnknown matches an *OutcomeUnknownError.
	ErrOutcomeUnknown = errors.New("issuerkit: outcome unknown")
	// ErrInvalidArgument matches every error for a value the SDK refuses before sending
	// anything: an empty path parameter, an invalid header name or value, a correlation id
	// that is not a valid header value.
	ErrInvalidArgument = errors.New("issuerkit: invalid argument")
	// ErrInsecureTransport is returned when a bearer token would travel over plain http to a
	// host other than loopback and the caller has not opted in.
	ErrInsecureTransport = errors.New("issuerkit: refusing to send a bearer token over plain http to a non-loopback host (use https, or opt in explicitly)")
	// ErrRedirectRefused matches a *RedirectError: the server answered with a redirect (301,
	// 302, 303, 307, 308). The SDK follows none, on any origin: the APIs document none, and
	// the target's answer is not this call's. An operation that changes state also matches
	// ErrOutcomeUnknown.
	ErrRedirectRefused = errors.New("issuerkit: redirect refused")
	// ErrTokenSource matches every failure to obtain a bearer token, including a caller who
	// gave up waiting for a refresh when its context ended (that error matches the context's
	// error as well). The request was not sent and is not retried.
	ErrTokenSource = errors.New("issuerkit: obtaining a bearer token failed")
)

// errGatewayTimeout is the sentinel of a 504: it is both a server error and a timeout.
var errGatewayTimeout error = &multiSentinel{
	msg:  "issuerkit: gateway timeout",
	errs: []error{ErrServerError, ErrTimeout},
}

// multiSentinel is a sentinel that matches several exported sentinels.
type multiSentinel struct {
	msg  string
	errs []error
}

func (m *multiSentinel) Error() string   { return m.msg }
func (m *multiSentinel) Unwrap() []error { return m.errs }

// StatusSentinel returns the sentinel that an *[Error] with the status code matches: one of
// the Err* variables, or, for 504, an error that matches both ErrServerError and ErrTimeout. It
// returns nil for 1xx and 2xx codes, and ErrUnexpectedStatus for every other code it does not
// name (3xx, other 4xx, codes outside 100–599).
func StatusSentinel(code int) error {
	switch code {
	case http.StatusBadRequest:
		return ErrBadRequest
	case http.StatusUnauthorized:
		return ErrUnauthorized
	case http.StatusForbidden:
		return ErrForbidden
	case http.StatusNotFound:
		return ErrNotFound
	case http.StatusRequestTimeout:
		return ErrTimeout
	case http.StatusConflict:
		return ErrConflict
	case http.StatusTooManyRequests:
		return ErrRateLimited
	case http.StatusGatewayTimeout:
		return errGatewayTimeout
	}
	switch {
	case code >= 100 && code < 300:
		return nil
	case code >= 500 && code < 600:
		return ErrServerError
	}
	return ErrUnexpectedStatus
}

// ErrResendRefused is returned by next when a middleware step calls it a second time for an
// operation that must not be re-sent (one that moves money or changes state, or an unknown
// one): nothing is sent. When the step returns it, the call fails with an
// *OutcomeUnknownError (the first send may have reached the server).
var ErrResendRefused = errors.New("issuerkit: a middleware step called next again for an operation that must not be re-sent; nothing was sent")
