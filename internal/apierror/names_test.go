package apierror

import "github.com/issuerkit/issuerkit-go/openapi/core"

// The tests of this package were written when the error types lived here; they now test the
// types of package core, through these test-only names.
type (
	Error               = core.Error
	Problem             = core.Problem
	BankError           = core.BankError
	ServiceError        = core.ServiceError
	ServiceMessage      = core.ServiceMessage
	PaymentError        = core.PaymentError
	PaymentFault        = core.PaymentFault
	OutcomeUnknownError = core.OutcomeUnknownError
)

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
	ErrOutcomeUnknown   = core.ErrOutcomeUnknown
	StatusSentinel      = core.StatusSentinel
	NewOutcomeUnknown   = core.NewOutcomeUnknownError
)
