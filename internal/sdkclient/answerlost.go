package sdkclient

import (
	"fmt"
	"net/http"
)

// AnswerLostError says that a 2xx answer's body was lost or did not decode: for an unsafe
// request the Err of an *core.OutcomeUnknownError (the operation ran). It unwraps to the
// failure.
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

// AnswerLost returns err, a failure to read or decode the body of resp (a 2xx of the
// pipeline), as the caller sees it: for an unsafe call an *core.OutcomeUnknownError around an
// *AnswerLostError, else err. Every success body's decode goes through it.
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
