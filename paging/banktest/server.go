package banktest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/ratelimit"
	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/issuerkit/issuerkit-go/validation/validationtest"
)

// Token is the bearer token the Server's clients send, the token of validationtest and
// pagingtest (the validation service checks it; the list endpoints take any).
const Token = "sandbox-token"

// DefaultRate is the requests a second per credential the sandbox accepts unless WithRateLimit
// says otherwise: the bank's 5.
const DefaultRate = 5

// DefaultLockout is how long a credential stays locked out after its 429 unless WithLockout
// says otherwise: the bank's two minutes.
const DefaultLockout = 2 * time.Minute

// Server is a running sandbox of the bank on one origin. Its methods are safe for concurrent
// use.
type Server struct {
	// URL is the origin's base URL, e.g. http://127.0.0.1:PORT.
	URL string
	// Lists is the list endpoints' sandbox behind URL: its Requests, RequestsFor and FailNext
	// work as in package pagingtest (its own URL and Client point at another origin: use
	// URL and PagingClient here).
	Lists *pagingtest.Server
	// Validation is the validation service's sandbox behind URL: its Requests, FailNext and
	// AddAccount work as in package validationtest (its own URL and Client point at another
	// origin: use URL and ValidationClient here).
	Validation *validationtest.Server

	srv      *httptest.Server
	cfg      config
	credID   string
	pc       *paging.Client
	vc       *validation.Client
	mu       sync.Mutex
	arrivals []Arrival
	recent   map[string][]time.Time // per credential: the accepted requests of the last second
	until    map[string]time.Time   // per credential: the end of its lock-out
}

// Arrival is a request as it reached the origin, before the rate limit.
type Arrival struct {
	// Time is when it arrived.
	Time time.Time
	// Method and Path are the request's.
	Method, Path string
	// Refused is set when the rate limit or a lock-out answered it 429.
	Refused bool
}

// Option configures a Server.
type Option func(*config)

type config struct {
	rate       int
	lockout    time.Duration
	listOpts   []pagingtest.Option
	valOpts    []validationtest.Option
	pagingOpts []core.Option
	valClient  []core.Option
}

// WithRateLimit sets the requests accepted per credential in any one second (default
// DefaultRate, 5): the next one is answered 429 and starts the credential's lock-out. 0 or
// less turns the limit off.
func WithRateLimit(perSecond int) Option { return func(c *config) { c.rate = perSecond } }

// WithLockout sets how long a credential stays locked out after its 429 (default
// DefaultLockout, the bank's two minutes): every request of the credential is answered 429,
// with Retry-After giving the seconds left, until it ends. Under a second is a second.
func WithLockout(d time.Duration) Option {
	return func(c *config) { c.lockout = max(d, time.Second) }
}

// WithListsOptions configures the list endpoints' sandbox (pagingtest options: records,
// latency, faults, published form).
func WithListsOptions(opts ...pagingtest.Option) Option {
	return func(c *config) { c.listOpts = append(c.listOpts, opts...) }
}

// WithValidationOptions configures the validation service's sandbox (validationtest options:
// accounts, published form). Its own per-server rate limit stays off: the origin's per
// credential limit applies to both APIs.
func WithValidationOptions(opts ...validationtest.Option) Option {
	return func(c *config) { c.valOpts = append(c.valOpts, opts...) }
}

// WithPagingClientOptions adds options to PagingClient (after the Server's own: they win).
func WithPagingClientOptions(opts ...core.Option) Option {
	return func(c *config) { c.pagingOpts = append(c.pagingOpts, opts...) }
}

// WithValidationClientOptions adds options to ValidationClient (after the Server's own: they
// win).
func WithValidationClientOptions(opts ...core.Option) Option {
	return func(c *config) { c.valClient = append(c.valClient, opts...) }
}

// NewServer starts a sandbox for the test tb and closes it when tb ends; it fails tb if the
// sandbox cannot start.
func NewServer(tb testing.TB, opts ...Option) *Server {
	tb.Helper()
	s, err := Start(opts...)
	if err != nil {
		tb.Fatalf("banktest: %v", err)
		return nil
	}
	tb.Cleanup(s.Close)
	return s
}

// serverSeq numbers the Servers of the process, for their clients' credential ids.
var serverSeq atomic.Uint64

// Start starts a sandbox on a loopback port, for a program as well as a test; the caller
// closes it with Close.
func Start(opts ...Option) (*Server, error) {
	cfg := config{rate: DefaultRate, lockout: DefaultLockout}
	for _, o := range opts {
		if o != nil {
			o(&cfg)
		}
	}
	lists, err := pagingtest.Start(cfg.listOpts...)
	if err != nil {
		return nil, fmt.Errorf("banktest: %w", err)
	}
	val, err := validationtest.Start(append(slices.Clone(cfg.valOpts), validationtest.WithRateLimit(0))...)
	if err != nil {
		lists.Close()
		return nil, fmt.Errorf("banktest: %w", err)
	}
	s := &Server{Lists: lists, Validation: val, cfg: cfg, recent: map[string][]time.Time{}, until: map[string]time.Time{},
		credID: "banktest-" + strconv.FormatUint(serverSeq.Add(1), 10)}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	s.URL = s.srv.URL
	s.pc, err = paging.New(s.URL, append([]core.Option{core.WithHTTPClient(s.srv.Client()),
		core.WithStaticToken(Token), paging.WithCredentialID(s.credID)}, cfg.pagingOpts...)...)
	if err == nil {
		s.vc, err = validation.New(s.URL, append([]core.Option{core.WithHTTPClient(s.srv.Client()),
			core.WithStaticToken(Token), validation.WithCredentialID(s.credID)}, cfg.valClient...)...)
	}
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("banktest: client: %w", err)
	}
	return s, nil
}

// Close shuts the sandbox down, waiting for the requests in progress, and forgets the
// rate-limit budgets and lock-outs of its clients.
func (s *Server) Close() {
	s.srv.Close()
	// The port may be given to a later sandbox: its clients must not inherit a lock-out.
	ratelimit.Process().Forget(sdkclient.Origin(s.URL))
	s.Lists.Close()
	s.Validation.Close()
}

// PagingClient returns a *paging.Client for URL, sending Token, at the client's default rate
// limit and sharing its budget (limiter and lock-out) with ValidationClient only.
func (s *Server) PagingClient() *paging.Client { return s.pc }

// ValidationClient returns a *validation.Client for URL, sending Token, at the client's
// default rate limit and sharing its budget with PagingClient only.
func (s *Server) ValidationClient() *validation.Client { return s.vc }

// CredentialID returns the credential id (paging.WithCredentialID, validation.WithCredentialID)
// of the Server's clients: give it to a client of one's own to share their budget.
func (s *Server) CredentialID() string { return s.credID }

// HTTPClient returns an *http.Client for the sandbox, for a client of one's own.
func (s *Server) HTTPClient() *http.Client { return s.srv.Client() }

// Arrivals returns the requests that reached the origin so far, in arrival order, refused
// ones included.
func (s *Server) Arrivals() []Arrival {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.arrivals)
}

// serve applies the per-credential rate limit and lock-out, then hands the request to the
// validation service or the list endpoints.
func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	if wait, refused := s.admit(r); refused {
		w.Header().Set("Retry-After", strconv.FormatInt(int64((wait+time.Second-1)/time.Second), 10))
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusTooManyRequests)
		if strings.HasPrefix(r.URL.Path, "/commercial/") {
			_ = json.NewEncoder(w).Encode(map[string]string{"code": "429", "message": "Too Many Requests", "debugMessage": ""})
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]string{"ErrorMessage": "Too many requests"})
		return
	}
	if strings.HasPrefix(r.URL.Path, "/accounts/validations/") {
		s.Validation.Handler().ServeHTTP(w, r)
		return
	}
	s.Lists.Handler().ServeHTTP(w, r)
}

// admit records r's arrival and reports whether the rate limit refuses it, with the lock-out
// left: a credential's request beyond the rate in one second starts its lock-out.
func (s *Server) admit(r *http.Request) (time.Duration, bool) {
	now := time.Now()
	cred := r.Header.Get("Authorization")
	s.mu.Lock()
	defer s.mu.Unlock()
	a := Arrival{Time: now, Method: r.Method, Path: r.URL.Path}
	defer func() { s.arrivals = append(s.arrivals, a) }()
	if s.cfg.rate <= 0 {
		return 0, false
	}
	if left := s.until[cred].Sub(now); left > 0 {
		a.Refused = true
		return left, true
	}
	keep := s.recent[cred][:0]
	for _, t := range s.recent[cred] {
		if now.Sub(t) < time.Second {
			keep = append(keep, t)
		}
	}
	s.recent[cred] = keep
	if len(keep) >= s.cfg.rate {
		s.until[cred] = now.Add(s.cfg.lockout)
		a.Refused = true
		return s.cfg.lockout, true
	}
	s.recent[cred] = append(keep, now)
	return 0, false
}
