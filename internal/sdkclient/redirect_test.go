package sdkclient

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/issuerkit/issuerkit-go/openapi/core"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// authLog records the Authorization header of every request a test server saw.
type authLog struct {
	mu   sync.Mutex
	seen []string
}

func (l *authLog) add(r *http.Request) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.seen = append(l.seen, r.Header.Get("Authorization"))
}

func (l *authLog) all() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.seen...)
}

// redirectWorld is a set of servers for the redirect matrix: api (TLS, the origin the token
// is for), samePortless paths on api, other (TLS, another port on the same host), plain (http,
// same host name), and otherHost (TLS, addressed as localhost instead of 127.0.0.1).
type redirectWorld struct {
	api, other, otherHost *httptest.Server
	plain                 *httptest.Server
	apiLog, otherLog      authLog
	otherHostLog          authLog
	plainLog              authLog
	roots                 *x509.CertPool
}

func newRedirectWorld(t *testing.T) *redirectWorld {
	t.Helper()
	w := &redirectWorld{}
	landing := func(l *authLog) http.HandlerFunc {
		return func(rw http.ResponseWriter, r *http.Request) {
			l.add(r)
			_, _ = rw.Write([]byte(`{"landed":true}`))
		}
	}
	w.other = httptest.NewTLSServer(landing(&w.otherLog))
	w.otherHost = httptest.NewTLSServer(landing(&w.otherHostLog))
	w.plain = httptest.NewServer(landing(&w.plainLog))
	w.api = httptest.NewTLSServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		w.apiLog.add(r)
		switch r.URL.Path {
		case "/same":
			http.Redirect(rw, r, "/landing", http.StatusTemporaryRedirect)
		case "/hop1":
			http.Redirect(rw, r, "/hop2", http.StatusTemporaryRedirect)
		case "/hop2":
			http.Redirect(rw, r, "/hop3", http.StatusPermanentRedirect)
		case "/hop3":
			http.Redirect(rw, r, "/landing", http.StatusTemporaryRedirect)
		case "/chain-out":
			http.Redirect(rw, r, "/hop-out", http.StatusTemporaryRedirect)
		case "/hop-out":
			http.Redirect(rw, r, w.other.URL+"/landing", http.StatusTemporaryRedirect)
		case "/other-port":
			http.Redirect(rw, r, w.other.URL+"/landing?token=leaked-in-query", http.StatusTemporaryRedirect)
		case "/other-host":
			http.Redirect(rw, r, strings.Replace(w.otherHost.URL, "127.0.0.1", "localhost", 1)+"/landing", http.StatusFound)
		case "/to-http":
			http.Redirect(rw, r, w.plain.URL+"/landing", http.StatusTemporaryRedirect)
		default:
			_, _ = rw.Write([]byte(`{"landed":true}`))
		}
	}))
	w.roots = x509.NewCertPool()
	for _, s := range []*httptest.Server{w.api, w.other, w.otherHost} {
		w.roots.AddCert(s.Certificate())
	}
	t.Cleanup(func() {
		for _, s := range []*httptest.Server{w.api, w.other, w.otherHost, w.plain} {
			s.Close()
		}
	})
	return w
}

// TestNoRedirectIsFollowed: every redirect, on the same origin as on another, is refused
// after the first request; nothing, token or body, reaches the target; an unsafe request also
// matches ErrOutcomeUnknown (the server received it), a safe one does not and is not retried.
func TestNoRedirectIsFollowed(t *testing.T) {
	const token = "redirect-secret-token"
	w := newRedirectWorld(t)
	clients := []struct {
		name  string
		build func(t *testing.T) func(*testOptions)
	}{
		{"default client", func(t *testing.T) func(*testOptions) {
			return func(o *testOptions) {
				o.HTTPClient = nil
				o.TLSConfig = &tls.Config{RootCAs: w.roots}
			}
		}},
		{"caller's client", func(t *testing.T) func(*testOptions) {
			tr := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: w.roots}}
			t.Cleanup(tr.CloseIdleConnections)
			return func(o *testOptions) { o.HTTPClient = &http.Client{Transport: tr} }
		}},
		{"caller's client whose CheckRedirect allows everything", func(t *testing.T) func(*testOptions) {
			tr := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: w.roots}}
			t.Cleanup(tr.CloseIdleConnections)
			return func(o *testOptions) {
				o.HTTPClient = &http.Client{Transport: tr, CheckRedirect: func(*http.Request, []*http.Request) error { return nil }}
			}
		}},
	}
	cases := []struct {
		name   string
		path   string
		target *authLog // nil: the target is on the API server
		to     string   // the expected RedirectError.To, after the server's URL
	}{
		{name: "same origin", path: "/same", to: "/landing"},
		{name: "first of three hops on the same origin", path: "/hop1", to: "/hop2"},
		{name: "another port on the same host", path: "/other-port", target: &w.otherLog},
		{name: "another host", path: "/other-host", target: &w.otherHostLog},
		{name: "https to http on the same host name", path: "/to-http", target: &w.plainLog},
		{name: "first hop on the origin, then another port", path: "/chain-out", to: "/hop-out"},
	}
	for _, cl := range clients {
		t.Run(cl.name, func(t *testing.T) {
			for _, tc := range cases {
				t.Run(tc.name, func(t *testing.T) {
					w.otherLog, w.otherHostLog, w.plainLog = authLog{}, authLog{}, authLog{}
					p := newPipeline(t, nil, func(o *testOptions) {
						o.TokenSource = StaticToken(token)
						o.AllowInsecureHTTP = true // even so, https -> http is refused
					}, cl.build(t))
					for _, method := range []string{"GET", "POST"} {
						w.apiLog = authLog{}
						_, err := do(t, p, context.Background(), method, w.api.URL+tc.path, `{"amount":"10.00"}`)
						require.Error(t, err)
						assert.ErrorIs(t, err, ErrRedirectRefused)
						var re *core.RedirectError
						if assert.ErrorAs(t, err, &re) {
							assert.Equal(t, w.api.URL, re.From)
							assert.Equal(t, method, re.Method)
							assert.NotContains(t, re.To, "leaked-in-query")
							if tc.to != "" {
								assert.Equal(t, w.api.URL+tc.to, re.To)
							}
						}
						if method == "GET" {
							assert.NotErrorIs(t, err, core.ErrOutcomeUnknown)
						} else {
							assert.ErrorIs(t, err, core.ErrOutcomeUnknown, "the server received the unsafe request")
						}
						assert.NotContains(t, err.Error(), token)
						assert.NotContains(t, err.Error(), "leaked-in-query")
						if tc.target != nil {
							assert.Empty(t, tc.target.all(), "%s: nothing reaches another origin", method)
						}
						seen := w.apiLog.all()
						assert.Equal(t, []string{"Bearer " + token}, seen, "%s: one request, to the URL asked for; not followed, not retried", method)
					}
				})
			}
		})
	}
}

func TestRedirectCallerClientNotModifiedNorConsulted(t *testing.T) {
	w := newRedirectWorld(t)
	tr := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: w.roots}}
	t.Cleanup(tr.CloseIdleConnections)
	var calls int
	hc := &http.Client{Transport: tr, CheckRedirect: func(req *http.Request, via []*http.Request) error {
		calls++
		return nil
	}}
	before := *hc
	p := newPipeline(t, hc, func(o *testOptions) { o.TokenSource = StaticToken("tok") })
	assert.Equal(t, before.Transport, hc.Transport)
	assert.Equal(t, before.Timeout, hc.Timeout)
	assert.Equal(t, before.Jar, hc.Jar)
	assert.NotNil(t, hc.CheckRedirect, "the caller's client keeps its CheckRedirect")

	_, err := do(t, p, context.Background(), "GET", w.api.URL+"/same", "")
	assert.ErrorIs(t, err, ErrRedirectRefused)
	assert.Zero(t, calls, "the caller's CheckRedirect is never consulted: the SDK follows nothing")

	useLast := &http.Client{Transport: tr, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	p = newPipeline(t, useLast, func(o *testOptions) { o.Retry.MaxAttempts = 1 })
	_, err = do(t, p, context.Background(), "GET", w.api.URL+"/same", "")
	assert.ErrorIs(t, err, ErrRedirectRefused, "a 3xx handed back by the client is refused the same way")
}

// TestRedirectFromARoundTripper: a 3xx that a custom RoundTripper hands back (a mesh sidecar, a
// recorder) is refused like one from the server; it never becomes a status error or a success.
func TestRedirectFromARoundTripper(t *testing.T) {
	rt := roundTripFunc(func(r *http.Request) (*http.Response, error) {
		h := http.Header{"Location": {"/elsewhere"}}
		return &http.Response{StatusCode: http.StatusSeeOther, Header: h, Body: http.NoBody, Request: r}, nil
	})
	p := newPipeline(t, &http.Client{Transport: rt})
	_, err := do(t, p, context.Background(), "POST", "http://127.0.0.1:9/api/x", `{}`)
	assert.ErrorIs(t, err, ErrRedirectRefused)
	assert.ErrorIs(t, err, core.ErrOutcomeUnknown)
	var re *core.RedirectError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, "http://127.0.0.1:9/elsewhere", re.To)
}

// roundTripFunc adapts a function to http.RoundTripper.
type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
