package apierror

import "github.com/issuerkit/issuerkit-go/openapi/core"

// The decoded error bodies, defined in package core (openapi/core) where users read them.
type (
	// Problem is the card platform's ProblemDetails error body: core.Problem.
	Problem = core.Problem
	// BankError is the bank APIs' error body: core.BankError.
	BankError = core.BankError
	// ServiceError is core.ServiceError.
	ServiceError = core.ServiceError
	// ServiceMessage is core.ServiceMessage.
	ServiceMessage = core.ServiceMessage
	// PaymentError is core.PaymentError.
	PaymentError = core.PaymentError
	// PaymentFault is core.PaymentFault.
	PaymentFault = core.PaymentFault
)
