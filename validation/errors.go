package validation

import "fmt"

// ResultError is a 200 response whose Result carries an errorCode other than 000: the service
// refused or failed the inquiry. Code says why (Code.String gives the meaning).
type ResultError struct {
	// Code is the service's errorCode.
	Code ErrorCode
	// Result is the result record as received (echoes and whatever else was returned).
	Result *Result
	// CorrelationID is the X-CorrelationId of the response.
	CorrelationID string
}

// Error implements error.
func (e *ResultError) Error() string {
	return fmt.Sprintf("validation: errorCode %s: %s (correlation id %s)", string(e.Code), e.Code.String(), e.CorrelationID)
}

// FaultError is a 200 response carrying AOAResponse.errorResponse (the v2 schema): a business
// fault (the service refused the request) or a system fault (the service failed).
type FaultError struct {
	// Business is the errorDescription of businessFault, empty when there is none.
	Business string
	// System is the errorDescription of systemFault, empty when there is none.
	System string
	// Result is the Result sent next to the errorResponse, nil when there was none.
	Result *Result
	// CorrelationID is the X-CorrelationId of the response.
	CorrelationID string
}

// Error implements error.
func (e *FaultError) Error() string {
	switch {
	case e.Business != "" && e.System != "":
		return fmt.Sprintf("validation: business fault: %s; system fault: %s (correlation id %s)", e.Business, e.System, e.CorrelationID)
	case e.System != "":
		return fmt.Sprintf("validation: system fault: %s (correlation id %s)", e.System, e.CorrelationID)
	default:
		return fmt.Sprintf("validation: business fault: %s (correlation id %s)", e.Business, e.CorrelationID)
	}
}
