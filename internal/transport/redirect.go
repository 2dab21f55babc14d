package transport

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// ErrRedirectRefused matches a *RedirectError with errors.Is.
var ErrRedirectRefused = errors.New("issuerkit: redirect refused")

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
// with the redirect, so the error is also inside an *apierror.OutcomeUnknownError (errors.Is
// ErrOutcomeUnknown): reconcile before sending it again. A refused redirect is never retried.
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
	// redacted (redact.URL); "" when the response had no Location.
	To string
}

// Error says what was refused and why.
func (e *RedirectError) Error() string {
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

// Is reports whether target is ErrRedirectRefused.
func (e *RedirectError) Is(target error) bool { return target == ErrRedirectRefused }

// neverFollow is the CheckRedirect of the client the pipeline sends with: net/http returns the
// redirect's response instead of following it, and sendRefusingRedirects turns that response
// into a *RedirectError.
func neverFollow(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }

// isRedirect reports the statuses net/http would follow.
func isRedirect(code int) bool {
	switch code {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		return true
	}
	return false
}

// sendRefusingRedirects returns the last step of the pipeline: send, then any redirect
// response, whoever produced it, is discarded (drained and closed) and becomes a
// *RedirectError.
func sendRefusingRedirects(send Next, red *redact.Redactor) Next {
	return func(req *http.Request) (*http.Response, error) {
		resp, err := send(req)
		if err != nil || !isRedirect(resp.StatusCode) {
			return resp, err
		}
		DrainAndClose(resp.Body)
		e := &RedirectError{Status: resp.StatusCode, Method: req.Method, From: origin(req.URL)}
		if loc := resp.Header.Get("Location"); loc != "" {
			r := infoOf(req).redactor(red)
			if u, perr := req.URL.Parse(loc); perr == nil {
				e.To = r.URL(u)
			} else {
				e.To = r.Text(loc)
			}
		}
		return nil, e
	}
}

// origin is scheme://host[:port] of u.
func origin(u *url.URL) string {
	return strings.ToLower(u.Scheme) + "://" + u.Host
}
