package sdkclient

import (
	"fmt"
	"net/http"
	"net/netip"
	"strings"
	"sync/atomic"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"golang.org/x/oauth2"
)

// ErrInsecureTransport: a bearer token would travel over plain http (core.ErrInsecureTransport).
var ErrInsecureTransport = core.ErrInsecureTransport

// authPolicy sets the bearer token and records it as a credential of the call. On a 401 it
// refreshes the token and re-sends a safe request once (an unsafe one's 401 returns as is).
type authPolicy struct {
	tokens        *SharedTokenSource
	allowInsecure bool
	header        atomic.Pointer[authHeader] // the header value of the last token sent
	next          Next
}

// authHeader is the Authorization value of one token, shared by the requests that send it.
type authHeader struct {
	tok *oauth2.Token
	val []string
}

// setAuth sets the Authorization header of req for tok.
func (p *authPolicy) setAuth(req *http.Request, tok *oauth2.Token) {
	h := p.header.Load()
	if h == nil || h.tok != tok {
		h = &authHeader{tok: tok, val: []string{tok.Type() + " " + tok.AccessToken}}
		p.header.Store(h)
	}
	req.Header[authorizationHeader] = h.val
}

func newAuthPolicy(ts oauth2.TokenSource, allowInsecure bool, next Next) *authPolicy {
	return &authPolicy{tokens: NewSharedTokenSource(ts), allowInsecure: allowInsecure, next: next}
}

func (p *authPolicy) do(req *http.Request) (*http.Response, error) {
	next := p.next
	if err := CheckSecure(req.URL.Scheme, req.URL.Hostname(), p.allowInsecure); err != nil {
		return nil, err
	}
	ci := infoOf(req)
	tok, err := p.tokens.TokenContext(req.Context())
	if err != nil {
		return nil, err
	}
	ci.recordSent(tok.AccessToken)
	p.setAuth(req, tok)
	resp, err := next(req)
	if err != nil || resp.StatusCode != http.StatusUnauthorized || !ci.safe() || !rewindable(req) {
		return resp, err
	}
	p.tokens.Invalidate(tok)
	fresh, ferr := p.tokens.TokenContext(req.Context())
	if ferr != nil || fresh.AccessToken == tok.AccessToken {
		// Nothing new to offer: the caller gets the server's 401.
		return resp, nil
	}
	DrainAndClose(resp.Body)
	r, err := rewind(req)
	if err != nil {
		return nil, fmt.Errorf("issuerkit: re-sending after token refresh: %w", err)
	}
	ci.recordSent(fresh.AccessToken)
	p.setAuth(r, fresh)
	return next(r)
}

// CheckSecure returns ErrInsecureTransport for http to a non-loopback host unless allowInsecure.
func CheckSecure(scheme, host string, allowInsecure bool) error {
	if allowInsecure || !strings.EqualFold(scheme, "http") || isLoopback(host) {
		return nil
	}
	return ErrInsecureTransport
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") || hasSuffixFold(host, ".localhost") {
		return true
	}
	ip, err := netip.ParseAddr(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"))
	return err == nil && ip.Unmap().IsLoopback()
}

func hasSuffixFold(s, suffix string) bool {
	return len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix)
}
