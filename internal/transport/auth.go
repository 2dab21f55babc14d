package transport

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"

	"golang.org/x/oauth2"
)

// ErrInsecureTransport is returned when a bearer token would travel over plain http to a host
// other than loopback and the caller has not opted in.
var ErrInsecureTransport = errors.New("issuerkit: refusing to send a bearer token over plain http to a non-loopback host (use https, or opt in explicitly)")

// authPolicy sets the bearer token. On a 401 it refreshes the token once and re-sends a safe
// request once (an unsafe one is returned as is: a 401 means it was not processed, and the
// caller decides).
type authPolicy struct {
	tokens        *SharedTokenSource
	allowInsecure bool
}

func newAuthPolicy(ts oauth2.TokenSource, allowInsecure bool) *authPolicy {
	return &authPolicy{tokens: NewSharedTokenSource(ts), allowInsecure: allowInsecure}
}

func (p *authPolicy) Do(req *http.Request, next Next) (*http.Response, error) {
	if err := CheckSecure(req.URL.Scheme, req.URL.Hostname(), p.allowInsecure); err != nil {
		return nil, err
	}
	tok, err := p.tokens.Token()
	if err != nil {
		return nil, err
	}
	tok.SetAuthHeader(req)
	resp, err := next(req)
	if err != nil || resp.StatusCode != http.StatusUnauthorized || !infoOf(req).safe || !rewindable(req) {
		return resp, err
	}
	p.tokens.Invalidate(tok)
	fresh, ferr := p.tokens.Token()
	if ferr != nil || fresh.AccessToken == tok.AccessToken {
		// Nothing new to offer: the caller gets the server's 401.
		return resp, nil
	}
	DrainAndClose(resp.Body)
	r, err := rewind(req)
	if err != nil {
		return nil, fmt.Errorf("issuerkit: re-sending after token refresh: %w", err)
	}
	fresh.SetAuthHeader(r)
	return next(r)
}

// CheckSecure returns ErrInsecureTransport for scheme http to a non-loopback host unless
// allowInsecure is set.
func CheckSecure(scheme, host string, allowInsecure bool) error {
	if allowInsecure || !strings.EqualFold(scheme, "http") || isLoopback(host) {
		return nil
	}
	return ErrInsecureTransport
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}
