package core

import "errors"

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
