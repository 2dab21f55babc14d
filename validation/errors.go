package validation

import (
	"fmt"
	"log/slog"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// ResultError is a 200 response whose Result carries an errorCode other than 000: the service
// refused or failed the inquiry. Code says why (Code.String gives the meaning).
type ResultError struct {
	// Code is the service's errorCode.
	Code ErrorCode
	// Result is the result record as received (echoes and whatever else was returned).
	Result *Result
	// CorrelationID is the X-CorrelationId of the response, sanitized like every text.
	CorrelationID string

	text string // the Error text, masked with the call's redactor by sanitize; "" until then
}

// Is reports whether the errorCode means target (ErrorCode.Sentinel, from the spec): 997
// (authorization unavailable) and 998 (system failure) match [core.ErrServerError], 999 (timeout)
// [core.ErrTimeout], so that errors.Is branches on the service's failures as on the HTTP ones.
func (e *ResultError) Is(target error) bool {
	s := e.Code.Sentinel()
	return s != nil && s == target
}

// Error implements error.
func (e ResultError) Error() string {
	if e.text != "" {
		return e.text
	}
	return redact.Sanitize(nil, e.errorText())
}

// errorText is the text of Error before redact.Sanitize.
func (e ResultError) errorText() string {
	return fmt.Sprintf("validation: errorCode %s: %s (correlation id %s)", string(e.Code), e.Code.String(), e.CorrelationID)
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (e ResultError) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, e) }

// LogValue implements slog.LogValuer: the sanitized Error text.
func (e ResultError) LogValue() slog.Value { return redact.ErrorLogValue(e) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (e ResultError) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(e) }

// FaultError is a 200 response carrying a fault: an errorResponse (beside AOAResponse, where
// the bank's published v2 file puts it, or inside it) whose businessFault (the service refused
// the request) or systemFault (the service failed) has an errorDescription. An errorResponse
// without a description is no fault.
//
// The fault decides: a fault makes the answer a *FaultError even when a Result with errorCode
// 000 comes with it (the bank's own example does exactly that), and nothing of the Result is
// dropped: it is in Result, match data included. A caller who accepts such a Result anyway
// (having read the fault text) can do so explicitly:
//
//	var fe *validation.FaultError
//	if errors.As(err, &fe) && fe.Result != nil {
//		log.Print(fe.Business, fe.System, fe.Result.OwnerMatched())
//	}
//
// When the Result's errorCode is not 000 either, the FaultError also matches *ResultError
// with errors.As.
type FaultError struct {
	// Business is the errorDescription of businessFault, empty when there is none (several
	// descriptions, from both placements, are joined with "; "). It is sanitized as every text
	// of the SDK: what the call sent as a Secret, the call's credentials, card numbers and SSNs
	// masked, control and bidi characters escaped.
	Business string
	// System is the errorDescription of systemFault, empty when there is none; sanitized
	// like Business.
	System string
	// Result is the Result sent with the fault, nil when there was none.
	Result *Result
	// CorrelationID is the X-CorrelationId of the response, sanitized like Business.
	CorrelationID string

	text   string       // the Error text, masked with the call's redactor by sanitize; "" until then
	failed *ResultError // the Result's own error, when its errorCode is not 000
}

// Unwrap returns the *ResultError of a Result whose errorCode is not 000, else nil.
func (e *FaultError) Unwrap() error {
	if e.failed == nil {
		return nil
	}
	return e.failed
}

// Error implements error.
func (e FaultError) Error() string {
	if e.text != "" {
		return e.text
	}
	return redact.Sanitize(nil, e.errorText())
}

// errorText is the text of Error before redact.Sanitize.
func (e FaultError) errorText() string {
	switch {
	case e.Business != "" && e.System != "":
		return fmt.Sprintf("validation: business fault: %s; system fault: %s (correlation id %s)", e.Business, e.System, e.CorrelationID)
	case e.System != "":
		return fmt.Sprintf("validation: system fault: %s (correlation id %s)", e.System, e.CorrelationID)
	default:
		return fmt.Sprintf("validation: business fault: %s (correlation id %s)", e.Business, e.CorrelationID)
	}
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (e FaultError) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, e) }

// LogValue implements slog.LogValuer: the sanitized Error text.
func (e FaultError) LogValue() slog.Value { return redact.ErrorLogValue(e) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (e FaultError) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(e) }

// sanitize sets the correlation id of e (and of the ResultError it wraps), sanitizes the texts
// the server wrote into its exported fields and renders the Error text, all with the call's
// redactor: e keeps the masked text, never the redactor.
func (e *FaultError) sanitize(red redact.Masker, correlationID string) {
	e.Business = redact.Sanitize(red, e.Business)
	e.System = redact.Sanitize(red, e.System)
	e.CorrelationID = redact.Sanitize(red, correlationID)
	e.text = redact.Sanitize(red, e.errorText())
	if e.failed != nil {
		e.failed.sanitize(red, correlationID)
	}
}

// sanitize sets the sanitized correlation id of e and renders its Error text with the call's
// redactor.
func (e *ResultError) sanitize(red redact.Masker, correlationID string) {
	e.CorrelationID = redact.Sanitize(red, correlationID)
	e.text = redact.Sanitize(red, e.errorText())
}
