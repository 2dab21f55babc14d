// Package pagingtest is an in-process sandbox of the bank's paginated list endpoints
// (openapi/banklists.yaml): it serves N synthetic records per endpoint in the row, offset,
// page, sequence and key styles, with the totalRows and retrievedRows headers (and
// the commercial account reporting reads: see WithKeyCycle), and can misbehave on
// request (latency, failures at page k, lying totals, ignored page parameters), recording
// every request it sees.
//
//	srv := pagingtest.NewServer(t, pagingtest.WithRecords(2500))
//	// point a client or a paging.FetchFunc at srv.URL
//
// Start does the same from a plain program, without a testing.TB.
package pagingtest

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// Server is a running sandbox. Its methods are safe for concurrent use.
type Server struct {
	// URL is the base URL of the sandbox, e.g. http://127.0.0.1:PORT.
	URL string

	srv *httptest.Server
	cfg config

	mu     sync.Mutex
	reqs   []Request
	counts map[string]int // requests per path
	record bool
}

// Request is one request the sandbox saw. Test output that prints it shows no secret: the
// credential headers (Authorization, Cookie, ...) are masked, and so are the values of
// sensitive query parameters and body members (accountNumber, ...) and the card numbers and
// SSNs in texts, as the SDK's logs mask them. RevealBody returns the body as received.
type Request struct {
	Method string
	Path   string
	Query  url.Values
	Header http.Header
	Body   []byte
	At     time.Time // when the request arrived at the sandbox

	// raw returns the body as received. A func, so that fmt, which prints unexported fields,
	// shows only its address.
	raw func() []byte
}

// RevealBody returns the request body exactly as received, secrets in clear, for a test that
// checks what the client sent on the wire. Never print or log it.
func (r Request) RevealBody() []byte {
	if r.raw == nil {
		return bytes.Clone(r.Body)
	}
	return r.raw()
}

// maskedRequest returns r's record for the request log, masked as Request says.
func maskedRequest(r *http.Request, body []byte, at time.Time) Request {
	red := redact.Default()
	raw := bytes.Clone(body)
	req := Request{Method: r.Method, Path: r.URL.Path, Header: r.Header.Clone(), At: at,
		raw: func() []byte { return bytes.Clone(raw) }}
	req.Query, _ = url.ParseQuery(red.Query(r.URL.RawQuery))
	if req.Query == nil {
		req.Query = url.Values{}
	}
	for name, vals := range req.Header {
		if redact.IsCredentialHeader(name) {
			masked := make([]string, len(vals))
			for i := range vals {
				masked[i] = "****"
			}
			req.Header[name] = masked
		}
	}
	req.Body = red.JSON(raw)
	if bytes.Equal(req.Body, raw) {
		req.Body = bytes.Clone(raw)
	}
	return req
}

// NewServer starts a sandbox for a test and closes it when the test ends.
func NewServer(tb testing.TB, opts ...Option) *Server {
	tb.Helper()
	s := Start(opts...)
	tb.Cleanup(s.Close)
	return s
}

// Start starts a sandbox; the caller closes it with Close.
func Start(opts ...Option) *Server {
	s := &Server{cfg: config{records: 2500}, counts: map[string]int{}, record: true}
	for _, o := range opts {
		o(&s.cfg)
	}
	s.srv = httptest.NewServer(s.routes())
	s.URL = s.srv.URL
	return s
}

// Close shuts the sandbox down, waiting for the requests in progress.
func (s *Server) Close() { s.srv.Close() }

// Client returns an *http.Client for the sandbox.
func (s *Server) Client() *http.Client { return s.srv.Client() }

// Requests returns the requests seen so far, in arrival order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.reqs)
}

// DisableRecording stops recording requests (Requests stays as it is): for benchmarks that
// make millions of requests.
func (s *Server) DisableRecording() {
	s.mu.Lock()
	s.record = false
	s.mu.Unlock()
}

// routes maps the list endpoints of banklists.yaml onto their handlers.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /ach/payments/v1/status/addenda", s.wrap(s.addenda))
	mux.HandleFunc("POST /accounts/transactions/v1/ach/list", s.wrap(s.achList))
	mux.HandleFunc("POST /wireInquiry/v1/transactions/details", s.wrap(s.wireDetails))
	mux.HandleFunc("POST /wireInquiry/v1/transactions/list", s.wrap(s.wireList))
	mux.HandleFunc("GET /rtp/v1/payment/rtp/participant", s.wrap(s.participants))
	mux.HandleFunc("POST /rtp/v1/transactions/list", s.wrap(s.rtpList))
	mux.HandleFunc("POST /ddaReports/accounts/v1/transactions/list", s.wrap(s.previousDay))
	mux.HandleFunc("GET /commercial/accounts/v1/list", s.wrap(s.commercialAccounts))
	mux.HandleFunc("GET /commercial/accounts/v1/{accountId}", s.wrap(s.commercialAccount))
	mux.HandleFunc("GET /commercial/accounts/v1/{accountId}/transactions/previous", s.wrap(s.commercialTransactions))
	mux.HandleFunc("GET /commercial/accounts/v1/{accountId}/transactions/current", s.wrap(s.commercialTransactions))
	return mux
}

// wrap records the request, applies the latency and the injected failure, then calls h with
// the body read.
func (s *Server) wrap(h func(w http.ResponseWriter, r *http.Request, body []byte)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		at := time.Now()
		body, err := io.ReadAll(r.Body)
		if err != nil {
			writeError(w, http.StatusBadRequest, "unreadable body")
			return
		}
		s.mu.Lock()
		s.counts[r.URL.Path]++
		n := s.counts[r.URL.Path]
		if s.record {
			s.reqs = append(s.reqs, maskedRequest(r, body, at))
		}
		s.mu.Unlock()
		if d := s.cfg.latency; d > 0 {
			if !sleep(r, d) {
				return
			}
		}
		if s.cfg.failStatus != 0 && n == s.cfg.failAt {
			writeError(w, s.cfg.failStatus, "injected failure")
			return
		}
		h(w, r, body)
	}
}
