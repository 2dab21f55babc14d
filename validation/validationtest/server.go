package validationtest

import (
	"fmt"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/validation"
)

// Server is a running sandbox and a client pointed at it.
type Server struct {
	// URL is the base URL of the sandbox (http://127.0.0.1:port).
	URL string
	// Client is a *validation.Client for URL authenticated with Token. It speaks what the
	// sandbox serves by default: the client's default version (validation.DefaultAPIVersion,
	// v2); with WithPublishedAPI it is created with validation.WithPublishedAPI. Options given
	// with WithClientOptions come last and win.
	Client *validation.Client

	srv       *httptest.Server
	published bool
	mu        sync.Mutex
	accts     map[string]Account // by routing + "/" + account number
	limit     *rateLimiter
	hits      int
}

// Option configures a Server.
type Option func(*config)

type config struct {
	rate       int
	clientOpts []validation.Option
	accounts   []Account
	published  bool
}

// WithPublishedAPI makes the sandbox the bank's API as it publishes itself today, the same
// switch as validation.WithPublishedAPI for the client: only the v2 paths are served (v1
// answers 404, as at the bank), and the Server's Client is created with
// validation.WithPublishedAPI. Without it the sandbox serves v2 in the same published form
// (errorResponse beside AOAResponse) and, for clients that ask for it, version 1, and its
// Client speaks the client's default version, v2: a service's tests talk to the sandbox in
// the form its production client talks to the bank.
func WithPublishedAPI() Option { return func(c *config) { c.published = true } }

// WithRateLimit sets the number of requests accepted per second before the sandbox answers
// 429 (default 5, the bank's limit); 0 or less turns the limit off.
func WithRateLimit(perSecond int) Option { return func(c *config) { c.rate = perSecond } }

// WithClientOptions adds options to the Server's Client (for example WithAPIVersion2, or
// WithRetry to see a 429 instead of a retry).
func WithClientOptions(opts ...validation.Option) Option {
	return func(c *config) { c.clientOpts = append(c.clientOpts, opts...) }
}

// WithAccounts adds accounts to the preloaded ones (replacing a preloaded account with the same
// routing and account number).
func WithAccounts(accts ...Account) Option {
	return func(c *config) { c.accounts = append(c.accounts, accts...) }
}

// NewServer starts a sandbox for the test t and closes it when t ends.
func NewServer(t testing.TB, opts ...Option) *Server {
	t.Helper()
	s, err := Start(opts...)
	if err != nil {
		t.Fatalf("validationtest: %v", err)
	}
	t.Cleanup(s.Close)
	return s
}

// Start starts a sandbox for a program (an example, a demo); call Close when done.
func Start(opts ...Option) (*Server, error) {
	cfg := config{rate: 5}
	for _, o := range opts {
		if o != nil {
			o(&cfg)
		}
	}
	s := &Server{accts: map[string]Account{}, published: cfg.published}
	if cfg.rate > 0 {
		s.limit = &rateLimiter{max: cfg.rate, window: time.Second}
	}
	for _, a := range append(seedAccounts(), cfg.accounts...) {
		s.accts[a.RoutingNumber+"/"+a.AccountNumber] = a
	}
	h, err := s.handler()
	if err != nil {
		return nil, err
	}
	s.srv = httptest.NewServer(h)
	s.URL = s.srv.URL
	copts := []validation.Option{validation.WithStaticToken(Token)}
	if cfg.rate <= 0 {
		copts = append(copts, validation.WithRateLimit(0)) // nothing to stay under
	}
	if cfg.published {
		copts = append(copts, validation.WithPublishedAPI())
	}
	copts = append(copts, cfg.clientOpts...)
	c, err := validation.New(s.URL, copts...)
	if err != nil {
		s.srv.Close()
		return nil, fmt.Errorf("validationtest: client: %w", err)
	}
	s.Client = c
	return s, nil
}

// Close shuts the sandbox down.
func (s *Server) Close() { s.srv.Close() }

// AddAccount adds or replaces an account.
func (s *Server) AddAccount(a Account) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.accts[a.RoutingNumber+"/"+a.AccountNumber] = a
}

// Requests returns how many requests reached the sandbox, rejected ones included.
func (s *Server) Requests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits
}

func (s *Server) account(routing, number string) (Account, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.accts[routing+"/"+number]
	return a, ok
}

// rateLimiter allows max requests in any window.
type rateLimiter struct {
	mu     sync.Mutex
	max    int
	window time.Duration
	times  []time.Time
}

// allow records a request at now and reports whether it is within the limit.
func (l *rateLimiter) allow(now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	keep := l.times[:0]
	for _, t := range l.times {
		if now.Sub(t) < l.window {
			keep = append(keep, t)
		}
	}
	l.times = keep
	if len(l.times) >= l.max {
		return false
	}
	l.times = append(l.times, now)
	return true
}
