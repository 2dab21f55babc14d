package core

import (
	"fmt"
	"log/slog"
	"strings"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// OutcomeUnknownError reports that a request that must not be repeated (it moves money or
// changes state, and the API has no idempotency keys) failed after it may have reached the
// server: a broken connection, a timeout, a status that does not prove the request was not
// processed (408, any 5xx including 503, a redirect), or a 2xx whose body was lost (Err then
// names the status: the operation ran). The SDK does not re-send such a request, and nothing
// below it can. Before trying again, find out whether it took effect with the write's
// read-back: the platform has no lookup by correlation id or client reference, so use the
// Snapshot and Settle methods (cardplatform.Client.SnapshotDisbursement and
// SettleDisbursement, SnapshotCard and SettleCard) or the read-back the method's doc
// names; where none exists, a manual review. The correlation id identifies the call in the
// platform's logs for that review.
type OutcomeUnknownError struct {
	// Method is the HTTP method of the request.
	Method string
	// URL is the request URL, redacted.
	URL string
	// CorrelationID is the X-CorrelationId the request was sent with.
	CorrelationID string
	// Attempts is how many times the request was sent (normally 1).
	Attempts int
	// Err is the failure: a transport error, a context error, or the client's *Error (a non-2xx
	// response).
	Err error

	// text and errText are the Error text and Err's, masked by NewOutcomeUnknownError with
	// the call's masker (the error holds masked text, never the masker); empty for a literal,
	// which renders with the SDK's default sanitizer.
	text, errText string
}

// Error says that the outcome is unknown and how to settle it:
//
//	issuerkit: POST https://host/api/v1/disbursements: outcome unknown: the request may have been processed; settle it by a read-back before sending it again (correlation id 0c8e…) (1 attempt): read: connection reset by peer
//
// The method has a value receiver, as every rendering method of the SDK's errors.
func (e OutcomeUnknownError) Error() string {
	if e.text != "" {
		return e.text
	}
	return e.render(redact.Default())
}

// render is the Error text, masked by red.
func (e *OutcomeUnknownError) render(red redact.Masker) string {
	var b strings.Builder
	b.WriteString("issuerkit: ")
	if e.Method != "" || e.URL != "" {
		b.WriteString(strings.TrimSpace(e.Method + " " + red.Text(e.URL)))
		b.WriteString(": ")
	}
	b.WriteString("outcome unknown: the request may have been processed; ")
	b.WriteString("settle it by a read-back before sending it again")
	if e.CorrelationID != "" {
		b.WriteString(" (correlation id " + e.CorrelationID + ")")
	}
	switch {
	case e.Attempts == 1:
		b.WriteString(" (1 attempt)")
	case e.Attempts > 1:
		fmt.Fprintf(&b, " (%d attempts)", e.Attempts)
	}
	if e.Err != nil {
		b.WriteString(": ")
		b.WriteString(strings.TrimPrefix(red.Text(e.Err.Error()), "issuerkit: "))
	}
	return red.Text(b.String())
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (e OutcomeUnknownError) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, e) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (e OutcomeUnknownError) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(e) }

// Unwrap returns ErrOutcomeUnknown and Err, so that errors.Is(err, ErrOutcomeUnknown),
// errors.Is(err, context.DeadlineExceeded) and errors.As(err, &apiErr) all work.
func (e *OutcomeUnknownError) Unwrap() []error {
	if e == nil {
		return nil
	}
	if e.Err == nil {
		return []error{ErrOutcomeUnknown}
	}
	return []error{ErrOutcomeUnknown, e.Err}
}

// LogValue makes the error log as a group of its fields, redacted.
func (e OutcomeUnknownError) LogValue() slog.Value {
	red, errText := redact.Masker(redact.Default()), e.errText
	if e.text != "" {
		red = rendered{} // NewOutcomeUnknownError masked the fields with the call's masker
	} else if e.Err != nil {
		errText = red.Text(e.Err.Error())
	}
	attrs := []slog.Attr{
		slog.Bool("outcome_unknown", true),
		slog.String("method", red.Text(e.Method)),
		slog.String("url", red.Text(e.URL)),
		slog.String("correlation_id", red.Text(e.CorrelationID)),
		slog.Int("attempts", e.Attempts),
	}
	if errText != "" {
		attrs = append(attrs, slog.String("error", errText))
	}
	return slog.GroupValue(attrs...)
}
