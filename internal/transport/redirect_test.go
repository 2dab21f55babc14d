package transport

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

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

func TestRedirectsKeepCredentialsWithTheirOrigin(t *testing.T) {
	const token = "redirect-secret-token"
	w := newRedirectWorld(t)
	clients := []struct {
		name  string
		build func(t *testing.T) func(*Options)
	}{
		{"default client", func(t *testing.T) func(*Options) {
			return func(o *Options) {
				o.HTTPClient = nil
				o.TLSConfig = &tls.Config{RootCAs: w.roots}
				t.Cleanup(func() {}) // the default transport's idle connections end with the servers
			}
		}},
		{"caller's client", func(t *testing.T) func(*Options) {
			tr := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: w.roots}}
			t.Cleanup(tr.CloseIdleConnections)
			return func(o *Options) { o.HTTPClient = &http.Client{Transport: tr} }
		}},
	}
	cases := []struct {
		name       string
		path       string
		wantRefuse bool
		target     *authLog
		wantAPI    int // requests the API server saw
	}{
		{name: "same origin: followed, token kept", path: "/same", wantAPI: 2},
		{name: "three hops on the same origin: followed, token kept", path: "/hop1", wantAPI: 4},
		{name: "another port on the same host: refused", path: "/other-port", wantRefuse: true, target: &w.otherLog, wantAPI: 1},
		{name: "another host: refused", path: "/other-host", wantRefuse: true, target: &w.otherHostLog, wantAPI: 1},
		{name: "https to http on the same host name: refused", path: "/to-http", wantRefuse: true, target: &w.plainLog, wantAPI: 1},
		{name: "two hops on the origin, then another port: refused", path: "/chain-out", wantRefuse: true, target: &w.otherLog, wantAPI: 2},
	}
	for _, cl := range clients {
		t.Run(cl.name, func(t *testing.T) {
			for _, tc := range cases {
				t.Run(tc.name, func(t *testing.T) {
					w.apiLog = authLog{}
					w.otherLog, w.otherHostLog, w.plainLog = authLog{}, authLog{}, authLog{}
					p := newPipeline(t, nil, func(o *Options) {
						o.TokenSource = StaticToken(token)
						o.AllowInsecureHTTP = true // even so, https -> http is refused
					}, cl.build(t))
					for _, method := range []string{"GET", "POST"} {
						w.apiLog = authLog{}
						resp, err := do(t, p, context.Background(), method, w.api.URL+tc.path, `{"amount":"10.00"}`)
						if tc.wantRefuse {
							require.Error(t, err)
							assert.ErrorIs(t, err, ErrRedirectRefused)
							var re *RedirectError
							if assert.ErrorAs(t, err, &re) {
								assert.Equal(t, w.api.URL, re.From)
								assert.NotContains(t, re.To, "leaked-in-query")
							}
							assert.NotContains(t, err.Error(), token)
							assert.NotContains(t, err.Error(), "leaked-in-query")
							assert.Empty(t, tc.target.all(), "%s: nothing reaches another origin", method)
						} else {
							require.NoError(t, err)
							assert.Equal(t, 200, resp.StatusCode)
						}
						seen := w.apiLog.all()
						assert.Len(t, seen, tc.wantAPI)
						for _, a := range seen {
							assert.Equal(t, "Bearer "+token, a, "the origin gets the token on every hop")
						}
					}
				})
			}
		})
	}
}

func TestRedirectCallerClientNotModifiedAndChained(t *testing.T) {
	w := newRedirectWorld(t)
	tr := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: w.roots}}
	t.Cleanup(tr.CloseIdleConnections)
	var calls int
	stop := errors.New("caller's policy: no more than one redirect")
	hc := &http.Client{Transport: tr, CheckRedirect: func(req *http.Request, via []*http.Request) error {
		calls++
		if len(via) > 1 {
			return stop
		}
		return nil
	}}
	before := *hc
	p := newPipeline(t, hc, func(o *Options) { o.TokenSource = StaticToken("tok") })
	assert.Equal(t, before.Transport, hc.Transport)
	assert.Equal(t, before.Timeout, hc.Timeout)
	assert.Equal(t, before.Jar, hc.Jar)

	_, err := do(t, p, context.Background(), "GET", w.api.URL+"/same", "")
	require.NoError(t, err)
	assert.Equal(t, 1, calls, "the caller's CheckRedirect runs for a redirect the SDK allows")

	calls = 0
	_, err = do(t, p, context.Background(), "GET", w.api.URL+"/hop1", "")
	assert.ErrorIs(t, err, stop, "the caller's CheckRedirect still decides")

	calls = 0
	_, err = do(t, p, context.Background(), "GET", w.api.URL+"/other-port", "")
	assert.ErrorIs(t, err, ErrRedirectRefused)
	assert.Zero(t, calls, "a refused redirect does not reach the caller's policy")

	useLast := &http.Client{Transport: tr, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	p = newPipeline(t, useLast, func(o *Options) { o.Retry.MaxAttempts = 1 })
	_, err = do(t, p, context.Background(), "GET", w.api.URL+"/same", "")
	assert.Error(t, err, "http.ErrUseLastResponse keeps working: the 307 comes back as a status error")
	assert.NotErrorIs(t, err, ErrRedirectRefused)
}
