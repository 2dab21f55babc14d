package sdkclient

import (
	"fmt"
	"net/http"
)

// AnswerLostError says that the server answered a request with a 2xx status whose body was
// then lost (cut off, a reset, a time limit, the caller's cancel) or did not decode. For a
// request that must not be repeated it is the Err of an *core.OutcomeUnknownError: the
// status says the operation ran, and only a read-back can settle what it did. It unwraps to
// the failure (a *core.DecodeError, a *TimeoutError, ...).
type AnswerLostError struct {
	// StatusCode is the 2xx status that arrived.
	StatusCode int
	// Err is the failure to read or decode the body.
	Err error
}

// Error says which status arrived and that its answer is lost.
func (e *AnswerLostError) Error() string {
	return fmt.Sprintf("the server answered with status %d (the operation ran; its answer is lost): %v", e.StatusCode, e.Err)
}

// Unwrap returns the failure.
func (e *AnswerLostError) Unwrap() error { return e.Err }

// AnswerLost returns err, a failure to read or decode the body of resp (a 2xx response of the
// pipeline), as the caller must see it: for a call that must not be repeated (not retry-safe,
// or of an unknown operation) an *core.OutcomeUnknownError whose Err is an
// *AnswerLostError around err, with the call's redacted URL, correlation id and attempts; err
// itself for a safe call. Every decode of a success body goes through it, so a caller's
// ErrOutcomeUnknown branch catches every lost answer of a write.
func AnswerLost(resp *http.Response, err error) error {
	if err == nil || resp == nil || resp.Request == nil {
		return err
	}
	ci, ok := resp.Request.Context().Value(callInfoKey{}).(*callInfo)
	if !ok || ci.safe() || ci.base == nil {
		return err
	}
	return outcomeUnknown(resp.Request, ci, ci.attempt(), &AnswerLostError{StatusCode: resp.StatusCode, Err: err}, ci.redactor(ci.base))
}
