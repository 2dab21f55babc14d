package cardplatformtest

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// Token is the bearer token the sandbox accepts and its Client sends, unless WithToken says
// otherwise.
const Token = "sandbox-token"

// Server is a running sandbox. Create it with NewServer (in tests) or Start (in programs);
// its methods are safe for concurrent use.
type Server struct {
	// URL is the base URL of the sandbox, for example http://127.0.0.1:41234, without a
	// trailing slash; pass it to cardplatform.New.
	URL    string
	client *cardplatform.Client
	srv    *httptest.Server
	api    *api
	calls  *recorder
}

// NewServer starts a sandbox, returns it with a client pointed at it, and closes it when the
// test ends. It fails the test if the sandbox cannot start.
func NewServer(tb testing.TB, opts ...Option) *Server {
	tb.Helper()
	s, err := Start(opts...)
	if err != nil {
		tb.Fatalf("cardplatformtest: %v", err)
		return nil
	}
	tb.Cleanup(s.Close)
	return s
}

// Start starts a sandbox on a loopback port and returns it with a client pointed at it, for a
// program (an example, a demo) as well as a test; the caller closes it with Close.
func Start(opts ...Option) (*Server, error) {
	cfg := defaultConfig()
	for _, o := range opts {
		if o != nil {
			o(&cfg)
		}
	}
	if cfg.err != nil {
		return nil, cfg.err
	}
	h, a, rec, err := newHandler(cfg)
	if err != nil {
		return nil, err
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("cardplatformtest: listen: %w", err)
	}
	srv := &httptest.Server{
		Listener: l,
		Config:   &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second},
	}
	base := []core.Option{core.WithStaticToken(cfg.token)}
	if cfg.http2 {
		srv.EnableHTTP2 = true
		srv.StartTLS()
		base = append(base, core.WithHTTPClient(srv.Client()))
	} else {
		srv.Start()
	}
	c, err := cardplatform.New(srv.URL, append(base, cfg.client...)...)
	if err != nil {
		srv.Close()
		return nil, fmt.Errorf("cardplatformtest: client: %w", err)
	}
	return &Server{URL: srv.URL, client: c, srv: srv, api: a, calls: rec}, nil
}

// Close shuts the sandbox down, closing every connection, and waits for the requests in
// flight. Calling it more than once is harmless.
func (s *Server) Close() {
	if s == nil || s.srv == nil {
		return
	}
	s.calls.stop()
	s.srv.Close()
}

// Client returns the client pointed at URL, authenticated with the sandbox's token and with
// the client's default retries (WithClientOptions adds options).
func (s *Server) Client() *cardplatform.Client { return s.client }

// HTTPClient returns a new *http.Client for the sandbox: over TLS with HTTP/2 (WithHTTP2) it
// trusts the sandbox's certificate and speaks HTTP/2; else a plain client. Its Transport is
// an *http.Transport a test may wrap.
func (s *Server) HTTPClient() *http.Client { return s.srv.Client() }

// Handler returns the sandbox's HTTP handler (what URL serves), to serve the platform on an
// origin of one's own beside other handlers.
func (s *Server) Handler() http.Handler { return s.srv.Config.Handler }

// Token returns the bearer token the sandbox accepts.
func (s *Server) Token() string { return s.api.cfg.token }
