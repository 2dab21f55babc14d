package sdkclient

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/ops"
	"github.com/issuerkit/issuerkit-go/internal/settings"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/oauth2"
)

// TestMiddlewarePlacesAndWhatTheySee: a call step runs once outside retries, an attempt step
// on every attempt; both see the operation id and the correlation id, and an attempt step
// never sees the Authorization header (set after it).
func TestMiddlewarePlacesAndWhatTheySee(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Step") != "attempt" || r.Header.Get("Authorization") != "Bearer tok-secret" {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		if r.Header.Get("X-Try") == "1" {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		w.WriteHeader(http.StatusOK)
	})
	var mu sync.Mutex
	var seen []string
	record := func(s string) {
		mu.Lock()
		defer mu.Unlock()
		seen = append(seen, s)
	}
	p := newPipeline(t, testClient(t), func(o *testOptions) {
		o.TokenSource = oauth2.StaticTokenSource(&oauth2.Token{AccessToken: "tok-secret"})
		o.CallMiddleware = []Middleware{func(req *http.Request, next Next) (*http.Response, error) {
			record("call " + core.OperationID(req.Context()) + " " + req.Header.Get(CorrelationHeader))
			return next(req)
		}}
		o.AttemptMiddleware = []Middleware{func(req *http.Request, next Next) (*http.Response, error) {
			record("attempt " + core.OperationID(req.Context()) + " auth=" + req.Header.Get("Authorization"))
			req.Header.Set("X-Step", "attempt")
			if core.Attempt(req.Context()) == 1 {
				req.Header.Set("X-Try", "1")
			} else {
				req.Header.Del("X-Try")
			}
			return next(req)
		}}
	})
	req, err := http.NewRequest(http.MethodGet, srv.URL, nil)
	require.NoError(t, err)
	resp, err := p.Send(req, &CallConfig{Op: readOp, CallConfig: settings.CallConfig{CorrelationID: "corr-1"}})
	require.NoError(t, err)
	DrainAndClose(resp.Body)
	assert.Equal(t, []string{"call getThing corr-1", "attempt getThing auth=", "attempt getThing auth="}, seen)
	assert.EqualValues(t, 2, srv.hits.Load())
}

// TestMiddlewareNextTwiceRefusedForUnsafe: a step that calls next twice for an operation
// that moves money gets ErrResendRefused on the second call; the server saw one request and
// the call is outcome-unknown. For a safe operation the second call is sent.
func TestMiddlewareNextTwiceRefusedForUnsafe(t *testing.T) {
	twice := func(req *http.Request, next Next) (*http.Response, error) {
		resp, err := next(req)
		if err == nil {
			DrainAndClose(resp.Body)
		}
		return next(req)
	}
	for name, place := range map[string]func(*testOptions){
		"call":    func(o *testOptions) { o.CallMiddleware = []Middleware{twice} },
		"attempt": func(o *testOptions) { o.AttemptMiddleware = []Middleware{twice} },
	} {
		t.Run(name, func(t *testing.T) {
			srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusOK) })
			p := newPipeline(t, testClient(t), place)
			_, err := do(t, p, context.Background(), http.MethodPost, srv.URL, `{"amount":"1.00"}`)
			require.Error(t, err)
			assert.ErrorIs(t, err, core.ErrResendRefused)
			assert.ErrorIs(t, err, core.ErrOutcomeUnknown)
			assert.EqualValues(t, 1, srv.hits.Load(), "the second next sent nothing")

			resp, err := do(t, p, context.Background(), http.MethodGet, srv.URL, "")
			require.NoError(t, err)
			DrainAndClose(resp.Body)
			assert.EqualValues(t, 3, srv.hits.Load(), "a safe request may be sent twice by a step")
		})
	}
}

// TestMiddlewareReturningNothing: a step that returns neither response nor error fails the
// call instead of handing the caller a nil response.
func TestMiddlewareReturningNothing(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusOK) })
	p := newPipeline(t, testClient(t), func(o *testOptions) {
		o.AttemptMiddleware = []Middleware{func(*http.Request, Next) (*http.Response, error) { return nil, nil }}
		o.Retry.MaxAttempts = 1
	})
	_, err := do(t, p, context.Background(), http.MethodGet, srv.URL, "")
	assert.ErrorIs(t, err, errNoResponse)
}

// TestMiddlewareWithMutualTLS: middleware combines with a client certificate and a TLS
// configuration, which a wrapping RoundTripper in WithHTTPClient cannot.
func TestMiddlewareWithMutualTLS(t *testing.T) {
	cert, leaf := selfSigned(t, "issuerkit-client")
	clientCAs := x509.NewCertPool()
	clientCAs.AddCert(leaf)
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(r.TLS.PeerCertificates[0].Subject.CommonName + " " + r.Header.Get("X-Step")))
	}))
	srv.TLS = &tls.Config{ClientAuth: tls.RequireAndVerifyClientCert, ClientCAs: clientCAs}
	srv.StartTLS()
	defer srv.Close()
	roots := x509.NewCertPool()
	roots.AddCert(srv.Certificate())

	p := newPipeline(t, nil, func(o *testOptions) {
		o.TLSConfig = &tls.Config{RootCAs: roots}
		o.ClientCertificates = []tls.Certificate{cert}
		o.AttemptMiddleware = []Middleware{func(req *http.Request, next Next) (*http.Response, error) {
			req.Header.Set("X-Step", core.OperationID(req.Context()))
			return next(req)
		}}
	})
	resp, err := do(t, p, context.Background(), "GET", srv.URL, "")
	require.NoError(t, err)
	body := make([]byte, 64)
	n, _ := resp.Body.Read(body)
	assert.Equal(t, "issuerkit-client getThing", string(body[:n]))
}

// TestMiddlewareCannotMoveTheCallToAnotherOrigin: a step that points the request at another
// scheme or host (a proxy written wrongly, or a step a dependency supplied) would have the
// SDK's auth, which runs after it, send the token there. The SDK refuses the request before
// anything is sent, with ErrInvalidArgument: the other host sees nothing, no token leaves its
// origin, and an operation that moves money is not reported as an outcome unknown.
func TestMiddlewareCannotMoveTheCallToAnotherOrigin(t *testing.T) {
	home := newServer(t, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusOK) })
	evil := newServer(t, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusOK) })
	move := func(req *http.Request, next Next) (*http.Response, error) {
		r := req.Clone(req.Context())
		u, err := url.Parse(evil.URL)
		if err != nil {
			return nil, err
		}
		r.URL.Host = u.Host
		return next(r)
	}
	for _, op := range []*ops.Operation{readOp, moneyOp} {
		for name, place := range map[string]func(*testOptions){
			"call":    func(o *testOptions) { o.CallMiddleware = []Middleware{move} },
			"attempt": func(o *testOptions) { o.AttemptMiddleware = []Middleware{move} },
		} {
			t.Run(op.ID+"/"+name, func(t *testing.T) {
				p := newPipeline(t, testClient(t), func(o *testOptions) {
					o.TokenSource = oauth2.StaticTokenSource(&oauth2.Token{AccessToken: "tok-secret-123"})
					place(o)
				})
				req, err := http.NewRequest(op.Method, home.URL+"/x", nil)
				require.NoError(t, err)
				resp, err := p.Send(req, &CallConfig{Op: op})
				if resp != nil {
					DrainAndClose(resp.Body)
				}
				require.Error(t, err)
				assert.ErrorIs(t, err, ErrInvalidArgument)
				assert.NotErrorIs(t, err, core.ErrOutcomeUnknown, "nothing was sent")
				assert.NotContains(t, err.Error(), "tok-secret-123")
			})
		}
	}
	assert.Zero(t, evil.hits.Load(), "the other host received nothing")
	assert.Zero(t, home.hits.Load(), "the refused request was not sent home either")
}
