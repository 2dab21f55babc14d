package core

import "fmt"

// DecodeError reports a 2xx response whose body is not the JSON the spec describes.
type DecodeError struct {
	// StatusCode is the HTTP status of the response.
	StatusCode int
	// CorrelationID is the X-CorrelationId of the call.
	CorrelationID string
	// Err is the decoding error.
	Err error
}

// Error implements error.
func (e *DecodeError) Error() string {
	return fmt.Sprintf("issuerkit: decoding the %d response (correlation id %s): %v", e.StatusCode, e.CorrelationID, e.Err)
}

// Unwrap returns the JSON error.
func (e *DecodeError) Unwrap() error { return e.Err }
