package apierror

import (
	"errors"
	"net/http"
)

// The status sentinels. An *Error matches, with errors.Is, the sentinel of its status code
// (see StatusSentinel).
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
	// ErrRateLimited matches a 429 Too Many Requests; Error.RetryAfter says how long the
	// server asked to wait, when it said.
	ErrRateLimited = errors.New("issuerkit: rate limited")
	// ErrTimeout matches a 408 Request Timeout and a 504 Gateway Timeout: the server or a
	// gateway gave up waiting. A 504 matches ErrServerError as well.
	ErrTimeout = errors.New("issuerkit: timeout")
	// ErrServerError matches any 5xx status.
	ErrServerError = errors.New("issuerkit: server error")
	// ErrUnexpectedStatus matches every other non-2xx status (3xx, 405, 413, 415, 422, ...).
	ErrUnexpectedStatus = errors.New("issuerkit: unexpected status")
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

// StatusSentinel returns the sentinel that an *Error with the status code matches: one of the
// Err* variables, or, for 504, an error that matches both ErrServerError and ErrTimeout. It
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
