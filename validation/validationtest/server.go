package validationtest

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/sandbox"
	"github.com/issuerkit/issuerkit-go/openapi"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
)

// Server is a running sandbox. Create it with NewServer (in tests) or Start (in programs);
// its methods are safe for concurrent use.
type Server struct {
	// URL is the base URL of the sandbox, for example http://127.0.0.1:41234, without a
	// trailing slash; pass it to validation.New.
	URL       string
	client    *validation.Client
	srv       *httptest.Server
	published bool
	spec      *sandbox.Spec
	names     *sandbox.Names
	log       sandbox.Log
	faults    *sandbox.Faults
	mu        sync.Mutex
	accts     map[string]Account // by routing + "/" + account number
	limit     *rateLimiter
}

// methodOperations maps the client's methods to the operations they call: each speaks v1 or
// v2 as the client is configured.
var methodOperations = map[string][]string{
	"HealthCheck":         {"checkHealth", "checkHealthV2"},
	"VerifyAccount":       {"verifyAccount", "verifyAccountV2"},
	"VerifyAccountAnswer": {"verifyAccount", "verifyAccountV2"},
}

// Option configures a Server.
type Option func(*config)

type config struct {
	rate       int
	clientOpts []core.Option
	accounts   []Account
	published  bool
}

// WithDocumentedAPI makes the sandbox also serve version 1 of the design documents, as
// validation.WithDocumentedAPI makes the client: v1 and v2 are both served, and the Server's
// Client is created with validation.WithDocumentedAPI (it speaks v1). The operations that
// differ are the two of each version: VerifyAccount and HealthCheck.
func WithDocumentedAPI() Option { return func(c *config) { c.published = false } }

// WithRateLimit sets the number of requests accepted per second before the sandbox answers
// 429 (default 5, the bank's limit); 0 or less turns the limit off.
func WithRateLimit(perSecond int) Option { return func(c *config) { c.rate = perSecond } }

// WithClientOptions adds options to the Server's Client (for example core.WithRetry, to
// see a 429 instead of a retry).
func WithClientOptions(opts ...core.Option) Option {
	return func(c *config) { c.clientOpts = append(c.clientOpts, opts...) }
}

// WithAccounts adds accounts to the preloaded ones (replacing a preloaded account with the same
// routing and account number).
func WithAccounts(accts ...Account) Option {
	return func(c *config) { c.accounts = append(c.accounts, accts...) }
}

// NewServer starts a sandbox for a test and closes it when the test ends. It fails the test if
// the sandbox cannot start.
func NewServer(tb testing.TB, opts ...Option) *Server {
	tb.Helper()
	s, err := Start(opts...)
	if err != nil {
		tb.Fatalf("validationtest: %v", err)
		return nil
	}
	tb.Cleanup(s.Close)
	return s
}

// Start starts a sandbox on a loopback port and returns it with a client pointed at it, for a
// program (an example, a demo) as well as a test; the caller closes it with Close.
func Start(opts ...Option) (*Server, error) {
	cfg := config{rate: 5, published: true}
	for _, o := range opts {
		if o != nil {
			o(&cfg)
		}
	}
	s := &Server{accts: map[string]Account{}, published: cfg.published, faults: sandbox.NewFaults()}
	if cfg.rate > 0 {
		s.limit = &rateLimiter{max: cfg.rate, window: time.Second}
	}
	for _, a := range append(seedAccounts(), cfg.accounts...) {
		s.accts[a.RoutingNumber+"/"+a.AccountNumber] = a
	}
	var err error
	if s.spec, err = sandbox.LoadSpec(openapi.Validation); err != nil {
		return nil, fmt.Errorf("validationtest: spec: %w", err)
	}
	s.names = sandbox.NewNames("validationtest", ErrUnknownOperation, (*validation.Client)(nil), s.spec.OperationIDs(), methodOperations)
	h, err := s.handler()
	if err != nil {
		return nil, err
	}
	s.srv = httptest.NewServer(h)
	s.URL = s.srv.URL
	copts := []core.Option{core.WithStaticToken(Token)}
	if cfg.rate <= 0 {
		copts = append(copts, validation.WithRateLimit(0)) // nothing to stay under
	}
	if !cfg.published {
		copts = append(copts, validation.WithDocumentedAPI())
	}
	copts = append(copts, cfg.clientOpts...)
	c, err := validation.New(s.URL, copts...)
	if err != nil {
		s.srv.Close()
		return nil, fmt.Errorf("validationtest: client: %w", err)
	}
	s.client = c
	return s, nil
}

// Close shuts the sandbox down, ending the delays of injected faults and waiting for the
// requests in flight.
// The process forgets the rate-limit budgets and lock-outs of the sandbox's clients: its port
// may be given to a later sandbox, whose clients must not inherit them.
func (s *Server) Close() {
	s.faults.Stop()
	s.srv.Close()
	forgetBudgets(s.URL)
}

// FailNext makes the next n calls of the client method name ("VerifyAccount", whichever
// version it speaks, or "HealthCheck") fail as f says. The spec's operation id
// ("verifyAccountV2") is accepted too. Calls to FailNext queue up: after these n calls come
// the faults of the next FailNext for the same operation. It returns an error for a name
// that is neither (matching ErrUnknownOperation), n < 1, or a Fault that neither delays,
// drops nor sets a status in 100-599.
func (s *Server) FailNext(name string, n int, f Fault) error {
	return s.names.FailNext(s.faults, name, n, sandbox.Fault(f))
}

// Client returns a *validation.Client for URL authenticated with Token. It speaks what the
// sandbox serves: the client's default form (v2) in the published form, with
// validation.WithDocumentedAPI in the documented form (v1). Options given with
// WithClientOptions come last and win.
func (s *Server) Client() *validation.Client { return s.client }

// AddAccount adds or replaces an account.
func (s *Server) AddAccount(a Account) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.accts[a.RoutingNumber+"/"+a.AccountNumber] = a
}

// Requests returns the requests that reached the sandbox so far, oldest first, rejected ones
// (401, 403, 404, 415, 429, 400) included.
func (s *Server) Requests() []Request { return requestsOf(s.log.All()) }

// RequestsFor returns the requests of the client method name ("VerifyAccount", whichever
// version it spoke; an operation id such as "verifyAccountV2" is accepted too), oldest first.
// It panics on a name that is neither, as a test asking for it has a typo.
func (s *Server) RequestsFor(name string) []Request {
	return requestsOf(s.names.RequestsFor(&s.log, name))
}

// ResetRequests forgets the requests received so far.
func (s *Server) ResetRequests() { s.log.Reset() }

// DisableRecording stops recording requests (Requests stays as it is): for benchmarks that
// make millions of requests.
func (s *Server) DisableRecording() { s.log.Disable() }

// HTTPClient returns an *http.Client for the sandbox, for a client of one's own
// (core.WithHTTPClient).
func (s *Server) HTTPClient() *http.Client { return s.srv.Client() }

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
