package sdkclient

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/issuerkit/issuerkit-go/internal/redact"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// ErrRedirectRefused matches a *RedirectError with errors.Is.
var ErrRedirectRefused = core.ErrRedirectRefused

// neverFollow is the CheckRedirect of the client the pipeline sends with.
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

// sendLast returns the last step of the pipeline: askIdentity, sendOnce, then send (the
// client's Do); any redirect response, whoever produced it, is drained and becomes a
// *RedirectError.
func sendLast(send Next, red *redact.Redactor) Next {
	return func(req *http.Request) (*http.Response, error) {
		askIdentity(req)
		out, err := sendOnce(req)
		if err != nil {
			return nil, err
		}
		resp, err := send(out)
		if err != nil || !isRedirect(resp.StatusCode) {
			return resp, err
		}
		DrainAndClose(resp.Body)
		e := &core.RedirectError{Status: resp.StatusCode, Method: req.Method, From: origin(req.URL)}
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
