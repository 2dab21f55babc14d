// Package fakekit is the runtime of the typed fakes (cardplatformfake, validationfake,
// pagingfake; their verbs are generated from ops_fake_verbs.tmpl): an http.RoundTripper that
// finds the operation of a request, decodes its typed arguments from the wire, calls the
// test's function and encodes what it returns, so that the client under test runs its real
// encoding, decoding, error types and retry rules; and the record of the calls it served.
package fakekit

import (
	"bytes"
	"context"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/issuerkit/issuerkit-go/internal/jsonx"
	"github.com/issuerkit/issuerkit-go/internal/mask"
	"github.com/issuerkit/issuerkit-go/internal/redact"
	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// BaseURL is where a fake client points; nothing is ever dialled.
const BaseURL = "https://fake.issuerkit.invalid"

// Token is the bearer token a fake client sends.
const Token = "fake-token"

// Call is what a fake recorded of one request: the operation, the correlation id and headers
// it was sent with, the attempt and the body, its values masked (RevealHeader and RevealBody
// return them as sent).
type Call struct {
	// OperationID is the operationId (getCard).
	OperationID string
	// Method and Path are the request's (escaped path with the query, every query value
	// masked, names kept; RevealPath returns it as sent).
	Method, Path string
	// CorrelationID is the X-CorrelationId sent.
	CorrelationID string
	// Header holds the request headers but the credential ones (Authorization,
	// Proxy-Authorization, Cookie, Set-Cookie) by allowlist (redact.PrintableHeader): the
	// values of the headers known harmless, card numbers masked; every other header's value
	// "REDACTED", names kept.
	Header http.Header
	// Attempt is the 1-based attempt number.
	Attempt int
	// Body is the request body with every string and number value masked at any depth, member
	// names and structure kept (redact.LogBody), so that printing a Call, by any verb, slog or
	// json.Marshal, shows no value it carried.
	Body []byte

	// raw returns the body as sent. A func, so that fmt, which prints unexported fields, shows
	// only its address.
	raw func() []byte
	// rawPath returns the path with the query as sent, for the same reason a func.
	rawPath func() string
	// rawHeader returns the headers as sent but the credential ones, for the same reason a
	// func.
	rawHeader func() http.Header
}

// RevealHeader returns the request headers as sent, values in clear, the credential ones
// (Authorization, Proxy-Authorization, Cookie, Set-Cookie) left out. Never print or log them.
func (c Call) RevealHeader() http.Header {
	if c.rawHeader == nil {
		return c.Header.Clone()
	}
	return c.rawHeader()
}

// RevealPath returns the escaped path with the query exactly as sent, values in clear. Never
// print or log it.
func (c Call) RevealPath() string {
	if c.rawPath == nil {
		return c.Path
	}
	return c.rawPath()
}

// MaskQuery returns the path with the query uri (a RequestURI) with every query value masked
// by mask.Mask, names and their order kept: a Call's Path as recorded and as printed.
func MaskQuery(uri string) string {
	path, query, ok := strings.Cut(uri, "?")
	if !ok {
		return uri
	}
	pairs := strings.Split(query, "&")
	for i, pair := range pairs {
		name, value, ok := strings.Cut(pair, "=")
		if !ok {
			continue
		}
		if v, err := url.QueryUnescape(value); err == nil {
			value = v
		}
		pairs[i] = name + "=" + url.QueryEscape(mask.Mask(value))
	}
	return path + "?" + strings.Join(pairs, "&")
}

// RevealBody returns the request body exactly as sent, values in clear, for a test that checks
// what the client sent on the wire. Never print or log it.
func (c Call) RevealBody() []byte {
	if c.raw == nil {
		return bytes.Clone(c.Body)
	}
	return c.raw()
}

type callKey struct{}

// CallFrom returns the Call of the request a faked function serves (its ctx).
func CallFrom(ctx context.Context) (Call, bool) {
	c, ok := ctx.Value(callKey{}).(Call)
	return c, ok
}

// WireError is an error a faked function returns to have the fake answer with this status,
// content type and body (see the helpers of each fake package).
type WireError struct {
	Status      int
	ContentType string
	Body        []byte
	Header      http.Header
}

// Error names the status.
func (e *WireError) Error() string { return fmt.Sprintf("fake wire error %d", e.Status) }

// lostError is the transport error of a lost answer: like a connection reset after the
// request was written.
type lostError struct{}

func (lostError) Error() string { return "fake: connection reset after the request was sent" }

// Handler serves one operation: it decodes the arguments from in and calls the test's
// function; nil means the test did not set the function.
type Handler func(ctx context.Context, in *In) (any, error)

// Route describes one operation of the fake.
type Route struct {
	ID      string // operationId as the spec writes it
	Name    string // Go method name (GetCard)
	Method  string
	Path    string // template, e.g. /api/{version}/cards/{card_proxy}
	Status  int    // success status
	Handler Handler
	// Raw serves the operation of a hand-written method (a stream, several answers) as an
	// http.Handler: the request as sent, its context carrying the Call. Nil with Handler nil
	// answers 501 "not faked".
	Raw http.Handler
}

// Server serves routes and records the calls; its zero value is ready.
type Server struct {
	mu     sync.Mutex
	calls  []Call
	budget string
}

// budgetSeq numbers the budgets of the fakes of the process.
var budgetSeq atomic.Uint64

// BudgetID returns the credential id (WithCredentialID) that the clients of a bank fake use
// for their rate-limit budget: one per Server, so that a 429 one fake answers locks out the
// clients of that fake only, never those of another fake of the test process (every fake
// sends Token to BaseURL: without it they all shared one budget).
func (s *Server) BudgetID() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.budget == "" {
		s.budget = "issuerkit-fake-" + strconv.FormatUint(budgetSeq.Add(1), 10)
	}
	return s.budget
}

// Calls returns the calls recorded so far, oldest first.
func (s *Server) Calls() []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Call(nil), s.calls...)
}

// CallsFor returns the calls recorded so far of the operations whose method name (GetCard)
// or operation id (getCard) is name, oldest first: a fake's CallsFor. A name no route has is
// an error naming pkg (the fake's package) and the methods.
func (s *Server) CallsFor(pkg, name string, routes []Route) ([]Call, error) {
	ids := map[string]bool{}
	var names []string
	for _, rt := range routes {
		if rt.Name == name || rt.ID == name {
			ids[rt.ID] = true
		}
		if !slices.Contains(names, rt.Name) {
			names = append(names, rt.Name)
		}
	}
	if len(ids) == 0 {
		for _, n := range names {
			if strings.EqualFold(n, name) {
				return nil, fmt.Errorf("%s: unknown operation %q: did you mean %s?", pkg, name, n)
			}
		}
		sort.Strings(names)
		if len(names) > 6 {
			names = append(names[:6], "...")
		}
		return nil, fmt.Errorf("%s: unknown operation %q: not a method of the client (methods: %s)", pkg, name, strings.Join(names, ", "))
	}
	var out []Call
	for _, c := range s.Calls() {
		if ids[c.OperationID] {
			out = append(out, c)
		}
	}
	return out, nil
}

// Reset forgets the calls recorded so far.
func (s *Server) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls = nil
}

// Serve answers req with the route it matches among routes. problem writes the fake's own
// errors as ProblemDetails (card platform), else as the bank's error body. A faked function
// returning an error that matches lost (the fake's ErrAnswerLost) makes the answer lost: a
// transport error after the function ran, like a connection reset.
func (s *Server) Serve(req *http.Request, routes []Route, problem bool, lost error) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		b, err := io.ReadAll(req.Body)
		_ = req.Body.Close()
		if err != nil {
			return nil, err
		}
		body = b
	}
	path := req.URL.EscapedPath()
	rt, params, ok := match(req.Context(), req.Method, path, routes)
	if !ok {
		return errorResponse(problem, req, http.StatusNotFound, "no operation of the fake at "+req.Method+" "+path), nil
	}
	h := req.Header.Clone()
	for name := range h {
		if redact.IsCredentialHeader(name) { // Authorization, Proxy-Authorization, Cookie, Set-Cookie
			delete(h, name)
		}
	}
	sent, uri := bytes.Clone(body), req.URL.RequestURI()
	call := Call{
		OperationID: rt.ID, Method: req.Method, Path: MaskQuery(uri), rawPath: func() string { return uri },
		CorrelationID: req.Header.Get(sdkclient.CorrelationHeader), Header: redact.PrintableHeader(h), rawHeader: h.Clone,
		Attempt: core.Attempt(req.Context()), Body: redact.LogBody(body), raw: func() []byte { return bytes.Clone(sent) },
	}
	s.mu.Lock()
	s.calls = append(s.calls, call)
	s.mu.Unlock()
	if rt.Raw != nil {
		return serveRaw(rt.Raw, req.Clone(context.WithValue(req.Context(), callKey{}, call)), body), nil
	}
	if rt.Handler == nil {
		return errorResponse(problem, req, http.StatusNotImplemented, "not faked: "+rt.Name), nil
	}
	in := &In{params: params, query: req.URL.Query(), header: req.Header, body: body}
	res, err := rt.Handler(context.WithValue(req.Context(), callKey{}, call), in)
	var we *WireError
	switch {
	case lost != nil && errors.Is(err, lost):
		return nil, lostError{}
	case errors.As(err, &we):
		return response(req, we.Status, we.ContentType, we.Body, we.Header), nil
	case errors.Is(err, errBadRequest):
		return errorResponse(problem, req, http.StatusBadRequest, err.Error()), nil
	case err != nil:
		return errorResponse(problem, req, http.StatusInternalServerError, err.Error()), nil
	}
	if rt.Status == http.StatusNoContent || res == nil || (reflect.ValueOf(res).Kind() == reflect.Pointer && reflect.ValueOf(res).IsNil()) {
		return response(req, rt.Status, "", nil, nil), nil
	}
	out, err := jsonx.MarshalWire(res) // Secrets in full: json.Marshal masks them
	if err != nil {
		return nil, fmt.Errorf("fakekit: encoding the %s result: %w", rt.Name, err)
	}
	return response(req, rt.Status, "application/json", out, nil), nil
}

// serveRaw answers req, whose body was read into body, with h.
func serveRaw(h http.Handler, req *http.Request, body []byte) *http.Response {
	req.Body = io.NopCloser(bytes.NewReader(body))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	resp := rec.Result()
	resp.Request = req
	return resp
}

func errorResponse(problem bool, req *http.Request, status int, msg string) *http.Response {
	if problem {
		b, _ := json.Marshal(map[string]any{"title": msg, "status": status})
		return response(req, status, "application/problem+json", b, nil)
	}
	b, _ := json.Marshal(map[string]any{"ErrorMessage": msg})
	return response(req, status, "application/json", b, nil)
}

func response(req *http.Request, status int, ct string, body []byte, h http.Header) *http.Response {
	hdr := http.Header{}
	for k, v := range h {
		hdr[k] = v
	}
	if ct != "" {
		hdr.Set("Content-Type", ct)
	}
	if c := req.Header.Get(sdkclient.CorrelationHeader); c != "" && hdr.Get(sdkclient.CorrelationHeader) == "" {
		hdr.Set(sdkclient.CorrelationHeader, c)
	}
	return &http.Response{
		Status: fmt.Sprintf("%d %s", status, http.StatusText(status)), StatusCode: status,
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1, Header: hdr,
		Body: io.NopCloser(bytes.NewReader(body)), ContentLength: int64(len(body)), Request: req,
	}
}

// match finds the route of the request: the operation the SDK named in the context, else,
// among the routes whose method and path template fit, the one with the most literal
// segments (/commercial/accounts/v1/list over /commercial/accounts/v1/{accountId}, as the
// operation tables match), the first of those. It returns the path parameters, unescaped.
func match(ctx context.Context, method, path string, routes []Route) (Route, map[string]string, bool) {
	if id := core.OperationID(ctx); id != "" {
		for _, rt := range routes {
			if rt.ID != id || rt.Method != method {
				continue
			}
			if params, ok := fit(rt.Path, path); ok {
				return rt, params, true
			}
		}
	}
	best, bestLits := -1, -1
	var bestParams map[string]string
	for i, rt := range routes {
		if rt.Method != method {
			continue
		}
		params, ok := fit(rt.Path, path)
		if !ok {
			continue
		}
		if lits := strings.Count(rt.Path, "/") - len(params); lits > bestLits {
			best, bestLits, bestParams = i, lits, params
		}
	}
	if best < 0 {
		return Route{}, nil, false
	}
	return routes[best], bestParams, true
}

func fit(tpl, path string) (map[string]string, bool) {
	ts, ps := strings.Split(tpl, "/"), strings.Split(path, "/")
	if len(ts) != len(ps) {
		return nil, false
	}
	params := map[string]string{}
	for i, t := range ts {
		if strings.HasPrefix(t, "{") && strings.HasSuffix(t, "}") {
			v, err := url.PathUnescape(ps[i])
			if err != nil || v == "" {
				return nil, false
			}
			params[t[1:len(t)-1]] = v
			continue
		}
		if !strings.EqualFold(t, ps[i]) {
			return nil, false
		}
	}
	return params, true
}

// errBadRequest marks an argument the fake could not decode: answered with a 400.
var errBadRequest = errors.New("fake: bad request")

// In holds what a request carries, for the generated decoders.
type In struct {
	params map[string]string
	query  url.Values
	header http.Header
	body   []byte
}

// Path sets *dst from the path parameter name.
func (in *In) Path(name string, dst any) error {
	return setText(name, dst, []string{in.params[name]})
}

// Query sets *dst from the query parameter name (every value, for a slice); absent leaves it.
func (in *In) Query(name string, dst any) error {
	vs := in.query[name]
	if len(vs) == 0 {
		return nil
	}
	return setText(name, dst, vs)
}

// Header sets *dst from the header name; absent leaves it.
func (in *In) Header(name string, dst any) error {
	vs := in.header.Values(name)
	if len(vs) == 0 {
		return nil
	}
	return setText(name, dst, vs)
}

// Body decodes the JSON body into dst.
func (in *In) Body(dst any) error {
	if len(in.body) == 0 {
		return nil
	}
	if err := json.Unmarshal(in.body, dst); err != nil {
		return fmt.Errorf("%w: body: %v", errBadRequest, err)
	}
	return nil
}

// BodyMember moves the member name of *extra (a request body's unknown members) into *dst:
// a page parameter the bank's published form carries in the body, as a JSON number or as
// text ("10"), reaches the faked function typed, as the documented form's query parameter
// does. Absent leaves *dst; a value that is not an integer is a bad request.
func BodyMember(extra *core.Extras, name string, dst *int) error {
	raw, ok := extra.Get(name)
	if !ok {
		return nil
	}
	var text string
	if json.Unmarshal(raw, &text) != nil {
		text = string(raw)
	}
	if err := setText(name, dst, []string{text}); err != nil {
		return err
	}
	extra.Delete(name)
	return nil
}

// setText sets the value dst points to from its text form(s): strings and string types,
// integers, booleans, encoding.TextUnmarshaler, and slices of these.
func setText(name string, dst any, vs []string) error {
	v := reflect.ValueOf(dst).Elem()
	if v.Kind() == reflect.Slice && !v.Addr().Type().Implements(textUnmarshaler) {
		out := reflect.MakeSlice(v.Type(), len(vs), len(vs))
		for i, s := range vs {
			if err := setOne(out.Index(i), s); err != nil {
				return fmt.Errorf("%w: %s: %v", errBadRequest, name, err)
			}
		}
		v.Set(out)
		return nil
	}
	if err := setOne(v, vs[0]); err != nil {
		return fmt.Errorf("%w: %s: %v", errBadRequest, name, err)
	}
	return nil
}

var textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()

func setOne(v reflect.Value, s string) error {
	if v.Kind() == reflect.Pointer {
		p := reflect.New(v.Type().Elem())
		if err := setOne(p.Elem(), s); err != nil {
			return err
		}
		v.Set(p)
		return nil
	}
	if v.Addr().Type().Implements(textUnmarshaler) {
		return v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(s))
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(s)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(s, 10, v.Type().Bits())
		if err != nil {
			return err
		}
		v.SetInt(n)
	case reflect.Bool:
		b, err := strconv.ParseBool(s)
		if err != nil {
			return err
		}
		v.SetBool(b)
	case reflect.Float32, reflect.Float64:
		f, err := strconv.ParseFloat(s, v.Type().Bits())
		if err != nil {
			return err
		}
		v.SetFloat(f)
	default:
		return fmt.Errorf("cannot decode %q into %s", s, v.Type())
	}
	return nil
}
