package apierror

import (
	"net/http"

	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// The status sentinels, defined in package core (openapi/core) where users read them. An
// *Error matches, with errors.Is, the sentinel of its status code (see StatusSentinel).
var (
	ErrBadRequest       = core.ErrBadRequest
	ErrUnauthorized     = core.ErrUnauthorized
	ErrForbidden        = core.ErrForbidden
	ErrNotFound         = core.ErrNotFound
	ErrConflict         = core.ErrConflict
	ErrRateLimited      = core.ErrRateLimited
	ErrTimeout          = core.ErrTimeout
	ErrServerError      = core.ErrServerError
	ErrUnexpectedStatus = core.ErrUnexpectedStatus
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
