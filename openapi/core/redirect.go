package core

import (
	"fmt"
	"log/slog"
	"strings"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// RedirectError reports a redirect (301, 302, 303, 307 or 308) the SDK refused to follow.
// The SDK follows no redirect, for any operation, on the request's own origin as on any other.
//
// The APIs document no redirect, and a redirect's target answers another request than the one
// the caller made: a 301, 302 or 303 turns a POST that moves money into a GET of another
// path, whose 200 would come back as this operation's success; a 307 or 308 re-sends the
// payment body and the token to a path nobody chose, on this origin or another; and a read
// redirected to the same path template with another argument returns another record. None of
// this is told apart reliably by looking at the target, so nothing is followed: the request
// went to the URL the caller chose and to nothing else, the redirect's response was discarded,
// and nothing was sent to the target.
//
// For an operation that is not retry-safe, the server received the request before it answered
// with the redirect, so the error is also inside an *OutcomeUnknownError (errors.Is
// ErrOutcomeUnknown): settle it by its read-back before sending it again. A refused redirect is never retried.
//
// This holds with any *http.Client: the pipeline sends through a copy whose CheckRedirect
// never lets net/http follow, whatever the caller's client says.
type RedirectError struct {
	// Status is the status of the response that asked for the redirect (301, 302, 303, 307,
	// 308).
	Status int
	// Method is the method of the request that was answered with the redirect.
	Method string
	// From is the origin the request was sent to: scheme://host[:port].
	From string
	// To is the redirect target (the Location header resolved against the request URL),
	// redacted; "" when the response had no Location.
	To string
}

// Error says what was refused and why.
func (e RedirectError) Error() string { return redact.Sanitize(nil, e.errorText()) }

// errorText is the text of Error before redact.Sanitize.
func (e RedirectError) errorText() string {
	to := e.To
	if to == "" {
		to = "(no Location)"
	}
	where := "on the same origin"
	switch {
	case to == "(no Location)":
		where = "without a target"
	case strings.HasPrefix(e.From, "https:") && strings.HasPrefix(to, "http:"):
		where = "from https to http"
	case !strings.HasPrefix(to, e.From+"/") && to != e.From:
		where = "to another origin than " + e.From
	}
	return fmt.Sprintf("issuerkit: refusing to follow a %d redirect %s to %s: the SDK follows no redirect (the API documents none; the target answers another request)", e.Status, where, to)
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (e RedirectError) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, e) }

// LogValue implements slog.LogValuer: the sanitized Error text.
func (e RedirectError) LogValue() slog.Value { return redact.ErrorLogValue(e) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (e RedirectError) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(e) }

// Is reports whether target is ErrRedirectRefused.
func (e *RedirectError) Is(target error) bool { return target == ErrRedirectRefused }
