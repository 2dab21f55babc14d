package pagingtest

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/sandbox"
	"github.com/issuerkit/issuerkit-go/openapi"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
)

// keyClientIDHeader is the header WithClientID checks, on every operation whose spec requires it.
const keyClientIDHeader = "KeyClientId"

// Token is the bearer token the Server's Client sends. The sandbox does not check tokens: the
// bank's token flow is the client's own (core.WithTokenSource).
const Token = "sandbox-token"

// Server is a running sandbox. Create it with NewServer (in tests) or Start (in programs);
// its methods are safe for concurrent use.
type Server struct {
	// URL is the base URL of the sandbox, for example http://127.0.0.1:41234, without a
	// trailing slash; pass it to paging.New.
	URL string

	srv    *httptest.Server
	client *paging.Client
	cfg    config
	spec   *sandbox.Spec
	names  *sandbox.Names
	log    sandbox.Log
	faults *sandbox.Faults

	mu     sync.Mutex
	counts map[string]int // requests per path
}

// NewServer starts a sandbox for a test and closes it when the test ends. It fails the test if
// the sandbox cannot start.
func NewServer(tb testing.TB, opts ...Option) *Server {
	tb.Helper()
	s, err := Start(opts...)
	if err != nil {
		tb.Fatalf("pagingtest: %v", err)
		return nil
	}
	tb.Cleanup(s.Close)
	return s
}

// Start starts a sandbox on a loopback port and returns it with a client pointed at it, for a
// program (an example, a demo) as well as a test; the caller closes it with Close.
func Start(opts ...Option) (*Server, error) {
	s := &Server{cfg: config{records: 2500, published: true, placement: Body}, counts: map[string]int{}, faults: sandbox.NewFaults()}
	for _, o := range opts {
		if o != nil {
			o(&s.cfg)
		}
	}
	sp, err := sandbox.LoadSpec(openapi.BankLists)
	if err != nil {
		return nil, fmt.Errorf("pagingtest: %w", err)
	}
	s.spec = sp
	s.names = sandbox.NewNames("pagingtest", ErrUnknownOperation, (*paging.Client)(nil), sp.OperationIDs(), methodOperations)
	s.srv = httptest.NewServer(s.routes())
	s.URL = s.srv.URL
	copts := []core.Option{core.WithHTTPClient(s.srv.Client()), paging.WithRateLimit(0), core.WithStaticToken(Token)}
	if !s.cfg.published { // the client's form implies where the page parameters travel
		copts = append(copts, paging.WithDocumentedAPI())
	}
	if s.cfg.clientID != "" {
		copts = append(copts, paging.WithKeyClientID(s.cfg.clientID))
	}
	c, err := paging.New(s.URL, append(copts, s.cfg.clientOpts...)...)
	if err != nil {
		s.srv.Close()
		return nil, fmt.Errorf("pagingtest: client: %w", err)
	}
	s.client = c
	return s, nil
}

// methodOperations maps the client's methods whose names are not an operation id to the
// operations they call: the iterators.
var methodOperations = map[string][]string{
	"ACHAddenda":                             {"listAchAddenda"},
	"ACHAddendaIterator":                     {"listAchAddenda"},
	"ACHTransactions":                        {"listAchTransactions"},
	"ACHTransactionsIterator":                {"listAchTransactions"},
	"CommercialAccounts":                     {"listCommercialAccounts"},
	"CommercialAccountsIterator":             {"listCommercialAccounts"},
	"CurrentDayAccountTransactions":          {"listCurrentDayAccountTransactions"},
	"CurrentDayAccountTransactionsIterator":  {"listCurrentDayAccountTransactions"},
	"PreviousDayAccountTransactions":         {"listPreviousDayAccountTransactions"},
	"PreviousDayAccountTransactionsIterator": {"listPreviousDayAccountTransactions"},
	"PreviousDayTransactions":                {"listPreviousDayTransactions"},
	"PreviousDayTransactionsIterator":        {"listPreviousDayTransactions"},
	"RTPParticipants":                        {"listRtpParticipants"},
	"RTPParticipantsIterator":                {"listRtpParticipants"},
	"RTPTransactions":                        {"listRtpTransactions"},
	"RTPTransactionsIterator":                {"listRtpTransactions"},
	"WireTransactions":                       {"listWireTransactions"},
	"WireTransactionsIterator":               {"listWireTransactions"},
	"WireTransactionsByPage":                 {"listWireTransactionsByPage"},
	"WireTransactionsByPageIterator":         {"listWireTransactionsByPage"},
}

// Close shuts the sandbox down, ending the delays of injected faults and waiting for the
// requests in progress.
// The process forgets the rate-limit budgets and lock-outs of the sandbox's clients: its port
// may be given to a later sandbox, whose clients must not inherit them.
func (s *Server) Close() {
	s.faults.Stop()
	s.srv.Close()
	forgetBudgets(s.URL)
}

// FailNext makes the next n calls of the client method name (for example "ACHTransactions",
// whose every page request counts as a call, or "ListRTPTransactions") fail as f says. The
// spec's operation id ("listAchTransactions") is accepted too. Calls to FailNext queue up:
// after these n calls come the faults of the next FailNext for the same operation. It
// returns an error for a name that is neither (matching ErrUnknownOperation), n < 1, or a
// Fault that neither delays, drops nor sets a status in 100-599. WithFailure, which fails the
// k-th request of every endpoint, still works beside it.
func (s *Server) FailNext(name string, n int, f Fault) error {
	return s.names.FailNext(s.faults, name, n, sandbox.Fault(f))
}

// Client returns a *paging.Client for URL: without a rate limit, sending Token, and speaking
// what the sandbox serves (the bank as published by default, paging.WithDocumentedAPI with
// WithDocumentedAPI, the page parameters where WithParamsIn puts them, the KeyClientId of
// WithClientID); options given with WithClientOptions come last and win.
func (s *Server) Client() *paging.Client { return s.client }

// Published reports whether the sandbox speaks the bank's API as published (the default)
// rather than the documented form (WithDocumentedAPI): a client of one's own speaks the same
// with paging.WithDocumentedAPI when it is false.
func (s *Server) Published() bool { return s.cfg.published }

// HTTPClient returns an *http.Client for the sandbox, for a client of one's own
// (core.WithHTTPClient) or a core.FetchFunc.
func (s *Server) HTTPClient() *http.Client { return s.srv.Client() }

// Requests returns the requests seen so far, in arrival order.
func (s *Server) Requests() []Request { return requestsOf(s.log.All()) }

// RequestsFor returns the requests of the client method name ("ACHTransactions",
// "ListACHTransactions"; an operation id such as "listAchTransactions" is accepted too),
// oldest first. It panics on a name that is neither, as a test asking for it has a typo.
func (s *Server) RequestsFor(name string) []Request {
	return requestsOf(s.names.RequestsFor(&s.log, name))
}

// ResetRequests forgets the requests received so far. The options that act on the k-th
// request to an endpoint (WithFailure and the like) keep counting from the sandbox's start.
func (s *Server) ResetRequests() { s.log.Reset() }

// DisableRecording stops recording requests (Requests stays as it is): for benchmarks that
// make millions of requests.
func (s *Server) DisableRecording() { s.log.Disable() }

// routes serves every operation of banklists.yaml that handlers has a function for, at the
// method and path the spec declares (the route cannot drift from the spec); an operation
// without one answers the typed not-served answer (served).
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	hs := s.handlers()
	for path, item := range s.spec.Doc.Paths.Map() {
		for method, op := range item.Operations() {
			if h, ok := hs[op.OperationID]; ok {
				mux.HandleFunc(method+" "+path, s.wrap(h))
			}
		}
	}
	return s.served(mux)
}

// served answers an operation of the spec that mux has no route for with the typed
// not-served answer (sandbox.NotServedStatus, the bank's error body), never the mux's bare
// 404; everything else goes to mux.
func (s *Server) served(mux *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.spec.AnswerNotServed(w, r, mux, func(w http.ResponseWriter, status int, msg string) { s.errorAnswer(w, r, status, msg) }) {
			return
		}
		mux.ServeHTTP(w, r)
	})
}

// wrap records the request, applies the latency, the WithFailure failure and the fault
// FailNext queued, validates the request against the spec, then calls h with the body read.
func (s *Server) wrap(h func(w http.ResponseWriter, r *http.Request, body []byte)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		at := time.Now()
		body, err := io.ReadAll(r.Body)
		if err != nil {
			writeError(w, http.StatusBadRequest, "unreadable body")
			return
		}
		route, params, routeErr := s.spec.FindRoute(r)
		opID := ""
		if routeErr == nil {
			opID = route.Operation.OperationID
		}
		s.log.Keep(r, body, opID, at)
		s.mu.Lock()
		s.counts[r.URL.Path]++
		n := s.counts[r.URL.Path]
		s.mu.Unlock()
		if d := s.cfg.latency; d > 0 {
			if !sleep(r, d) {
				return
			}
		}
		if s.cfg.failStatus != 0 && n == s.cfg.failAt {
			s.errorAnswer(w, r, s.cfg.failStatus, "injected failure")
			return
		}
		serve := func(w http.ResponseWriter) {
			if routeErr == nil {
				r.Body = io.NopCloser(bytes.NewReader(body))
				fields := s.spec.Validate(r.Context(), r, route, params)
				r.Body = io.NopCloser(bytes.NewReader(body))
				if fields != nil {
					s.rejectInvalid(w, r, fields)
					return
				}
				if s.cfg.clientID != "" && sandbox.RequiresHeader(route, keyClientIDHeader) && r.Header.Get(keyClientIDHeader) != s.cfg.clientID {
					writeError(w, http.StatusForbidden, keyClientIDHeader+" missing or not recognised")
					return
				}
			}
			h(w, r, body)
		}
		s.faults.Serve(w, r, opID, FaultHeader, func(w http.ResponseWriter, status int) { s.errorAnswer(w, r, status, "injected failure") }, serve)
	}
}

// rejectInvalid answers a request the spec refuses: 400 with the bank's error body (the
// reporting reads' {code, message, debugMessage}), naming each offending field.
func (s *Server) rejectInvalid(w http.ResponseWriter, r *http.Request, fields map[string][]string) {
	names := make([]string, 0, len(fields))
	for name := range fields {
		names = append(names, name)
	}
	sort.Strings(names)
	parts := make([]string, 0, len(names))
	for _, name := range names {
		parts = append(parts, name+": "+strings.Join(fields[name], "; "))
	}
	msg := "invalid request: " + strings.Join(parts, ", ")
	if strings.HasPrefix(r.URL.Path, reportingPathTop) {
		reportingError(w, http.StatusBadRequest, "400", "Invalid request", msg)
		return
	}
	s.errorAnswer(w, r, http.StatusBadRequest, msg)
}
