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

// maxRedirects is net/http's default limit, kept when the caller's client has no
// CheckRedirect of its own.
const maxRedirects = 10

// RedirectError reports a redirect the SDK refused to follow because it leaves the origin the
// request was sent to (scheme, host and port), or goes from https to http.
//
// The SDK refuses such a redirect rather than following it without credentials: a 307 or 308
// re-sends the request body, so following it would deliver a payment instruction, and the
// account data it holds, to a server the caller never chose; and a redirect to another origin
// from a payments API is a misconfiguration or an attack, not something to work around
// silently. The Authorization header, and every other header of the request, therefore only
// ever reach the origin they were set for. Nothing was sent to the target; the response that
// asked for the redirect was discarded.
type RedirectError struct {
	// Status is the status of the response that asked for the redirect (301, 302, 303, 307,
	// 308).
	Status int
	// Method is the method the redirected request would have used.
	Method string
	// From is the origin the request was sent to: scheme://host[:port].
	From string
	// To is the redirect target, redacted (redact.URL).
	To string
}

// Error says what was refused and why.
func (e *RedirectError) Error() string {
	why := "it leaves the origin " + e.From
	if strings.HasPrefix(e.From, "https:") && strings.HasPrefix(e.To, "http:") {
		why = "it goes from https to http"
	}
	return fmt.Sprintf("issuerkit: refusing to follow a %d redirect to %s: %s (the request and its credentials stay with their origin)", e.Status, e.To, why)
}

// Is reports whether target is ErrRedirectRefused.
func (e *RedirectError) Is(target error) bool { return target == ErrRedirectRefused }

// checkRedirect returns a CheckRedirect function that refuses a redirect to another origin
// than the first request's, then defers to next (the caller's own policy), or to net/http's
// default limit of 10 redirects when next is nil.
func checkRedirect(next func(*http.Request, []*http.Request) error, red *redact.Redactor) func(*http.Request, []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		if len(via) > 0 && !sameOrigin(via[0].URL, req.URL) {
			e := &RedirectError{
				Method: req.Method,
				From:   origin(via[0].URL),
				To:     infoOf(req).redactor(red).URL(req.URL),
			}
			if req.Response != nil {
				e.Status = req.Response.StatusCode
			}
			return e
		}
		if next != nil {
			return next(req, via)
		}
		if len(via) >= maxRedirects {
			return fmt.Errorf("issuerkit: stopped after %d redirects", maxRedirects)
		}
		return nil
	}
}

// sameOrigin reports whether a and b have the same scheme, host and port (an absent port is
// the scheme's default).
func sameOrigin(a, b *url.URL) bool {
	return strings.EqualFold(a.Scheme, b.Scheme) && strings.EqualFold(a.Hostname(), b.Hostname()) &&
		effectivePort(a) == effectivePort(b)
}

func effectivePort(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	switch strings.ToLower(u.Scheme) {
	case "https":
		return "443"
	case "http":
		return "80"
	}
	return ""
}

// origin is scheme://host[:port] of u.
func origin(u *url.URL) string {
	return strings.ToLower(u.Scheme) + "://" + u.Host
}
