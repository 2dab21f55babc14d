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
// Snapshot and Reconcile helpers (cardplatform.Client.SnapshotDisbursement and
// ReconcileDisbursement, SnapshotCard and ReconcileCard) or the read-back the method's doc
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

	red redact.Masker // the call's redactor, for Error and LogValue; nil means the SDK's default
}

// Error says that the outcome is unknown and how to reconcile:
//
//	issuerkit: POST https://host/api/v1/disbursements: outcome unknown: the request may have been processed; settle it by a read-back before sending it again (correlation id 0c8e…) (1 attempt): read: connection reset by peer
func (e *OutcomeUnknownError) Error() string { return redact.Sanitize(e.masker(), e.errorText()) }

// errorText is the text of Error before redact.Sanitize.
func (e *OutcomeUnknownError) errorText() string {
	if e == nil {
		return "issuerkit: <nil error>"
	}
	var b strings.Builder
	b.WriteString("issuerkit: ")
	if e.Method != "" || e.URL != "" {
		b.WriteString(strings.TrimSpace(e.Method + " " + masker(e.red).Text(e.URL)))
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
		b.WriteString(strings.TrimPrefix(masker(e.red).Text(e.Err.Error()), "issuerkit: "))
	}
	return b.String()
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (e *OutcomeUnknownError) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, e) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (e *OutcomeUnknownError) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(e) }

// masker is the call's redactor, or nil for the SDK's default.
func (e *OutcomeUnknownError) masker() redact.Masker {
	if e == nil || e.red == nil {
		return nil
	}
	return e.red
}

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
func (e *OutcomeUnknownError) LogValue() slog.Value {
	if e == nil {
		return slog.StringValue("<nil>")
	}
	attrs := []slog.Attr{
		slog.Bool("outcome_unknown", true),
		slog.String("method", redact.Sanitize(e.masker(), e.Method)),
		slog.String("url", redact.Sanitize(e.masker(), e.URL)),
		slog.String("correlation_id", redact.Sanitize(e.masker(), e.CorrelationID)),
		slog.Int("attempts", e.Attempts),
	}
	if e.Err != nil {
		attrs = append(attrs, slog.String("error", redact.Sanitize(e.masker(), e.Err.Error())))
	}
	return slog.GroupValue(attrs...)
}
