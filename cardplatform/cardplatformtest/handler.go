package cardplatformtest

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/routers"

	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest/internal/sandboxapi"
)

// pipeline runs every request through the steps the platform would: routing, recording,
// injected faults, authentication, request validation, then the generated server.
type pipeline struct {
	api   *api
	calls *recorder
	mux   *http.ServeMux // the generated server's routes
	next  http.Handler
}

func newHandler(cfg config) (http.Handler, *api, *recorder, error) {
	sp, err := loadSpec()
	if err != nil {
		return nil, nil, nil, err
	}
	a, err := newAPI(cfg, sp)
	if err != nil {
		return nil, nil, nil, err
	}
	rec := newRecorder()
	// *api serves every operation of the spec: "*api does not implement
	// sandboxapi.StrictServerInterface (missing method X)" here is an operation added to
	// openapi/cardplatform.yaml without its handler. Write func (a *api) X in the file of the
	// operation's tag: accounts.go, advances.go, bulkorders.go, cards.go, checks.go,
	// companies.go, or money.go (disbursements, disputes, fees).
	strict := sandboxapi.NewStrictHandlerWithOptions(a, nil, sandboxapi.StrictHTTPServerOptions{
		RequestErrorHandlerFunc: func(w http.ResponseWriter, _ *http.Request, err error) {
			writeProblem(w, http.StatusBadRequest, map[string][]string{"body": {err.Error()}})
		},
		ResponseErrorHandlerFunc: func(w http.ResponseWriter, _ *http.Request, _ error) {
			w.WriteHeader(http.StatusInternalServerError) // 500 has no body
		},
	})
	mux := http.NewServeMux()
	next := sandboxapi.HandlerWithOptions(strict, sandboxapi.StdHTTPServerOptions{
		BaseRouter: mux,
		ErrorHandlerFunc: func(w http.ResponseWriter, _ *http.Request, err error) {
			writeProblem(w, http.StatusBadRequest, paramErrors(err))
		},
	})
	return &pipeline{api: a, calls: rec, mux: mux, next: next}, a, rec, nil
}

func (p *pipeline) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	route, params, routeErr := p.api.spec.FindRoute(r)
	opID := ""
	if routeErr == nil {
		opID = route.Operation.OperationID
	}
	body, readErr := io.ReadAll(io.LimitReader(r.Body, p.api.cfg.maxBody+1))
	_ = r.Body.Close()
	p.calls.log.Keep(r, body, opID, p.api.now())
	if routeErr != nil {
		if routeErr.Error() == routers.ErrMethodNotAllowed.Error() {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		w.WriteHeader(http.StatusNotFound)
		return
	}
	// An operation of the spec without a route: the typed answer, never the mux's 404.
	if p.api.spec.AnswerNotServed(w, r, p.mux, func(w http.ResponseWriter, status int, msg string) { writeProblemStatus(w, status, msg, nil) }) {
		return
	}
	p.calls.faults.Serve(w, r, opID, FaultHeader, func(w http.ResponseWriter, status int) { faultAnswer(w, route, status) },
		func(w http.ResponseWriter) { p.serve(w, r, route, params, body, readErr) })
}

// serve answers a routed request whose body was read: authorization, body limits, spec
// validation, then the operation.
func (p *pipeline) serve(w http.ResponseWriter, r *http.Request, route *routers.Route, params map[string]string, body []byte, readErr error) {
	if !p.authorized(r) {
		if has401Body(route.Operation) {
			writeProblemStatus(w, http.StatusUnauthorized, "Unauthorized", nil)
		} else {
			w.WriteHeader(http.StatusUnauthorized)
		}
		return
	}
	if readErr != nil {
		writeProblem(w, http.StatusBadRequest, map[string][]string{"body": {"The request body could not be read."}})
		return
	}
	if int64(len(body)) > p.api.cfg.maxBody {
		writeProblem(w, http.StatusBadRequest, map[string][]string{
			"body": {fmt.Sprintf("The request body is larger than %d bytes.", p.api.cfg.maxBody)},
		})
		return
	}
	normalizeJSON(r)
	r.Body = io.NopCloser(bytes.NewReader(body))
	if fields := p.api.spec.Validate(r.Context(), r, route, params); fields != nil {
		writeProblem(w, http.StatusBadRequest, fields)
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	r.ContentLength = int64(len(body))
	p.next.ServeHTTP(w, r)
}

// faultAnswer writes the answer of an injected Status fault: 400, 401 and 404 with a
// ProblemDetails body where the spec gives the operation one, any other status without.
func faultAnswer(w http.ResponseWriter, route *routers.Route, status int) {
	body := false
	switch status {
	case http.StatusBadRequest:
		body = true
	case http.StatusUnauthorized:
		body = has401Body(route.Operation)
	case http.StatusNotFound:
		body, _ = has404Body(route.Operation)
	}
	if body {
		writeProblemStatus(w, status, http.StatusText(status), nil)
	} else {
		w.WriteHeader(status)
	}
}

func (p *pipeline) authorized(r *http.Request) bool {
	scheme, tok, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	return ok && strings.EqualFold(scheme, "Bearer") && tok == p.api.cfg.token
}

// normalizeJSON rewrites the JSON media types the platform accepts besides application/json
// (text/json, application/*+json such as application/json-patch+json) to application/json, so
// that the validator and the generated server bind the body like any other; the recorded
// request keeps the original header.
func normalizeJSON(r *http.Request) {
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		return
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil || mt == "application/json" {
		return
	}
	if mt == "text/json" || (strings.HasPrefix(mt, "application/") && strings.HasSuffix(mt, "+json")) {
		r.Header.Set("Content-Type", "application/json")
	}
}

// problem is the ProblemDetails body the sandbox writes.
type problem struct {
	Type    string              `json:"type,omitempty"`
	Title   string              `json:"title"`
	Status  int                 `json:"status"`
	Detail  string              `json:"detail,omitempty"`
	Errors  map[string][]string `json:"errors,omitempty"`
	TraceID string              `json:"traceId"`
}

// writeProblem writes a 400 (or other status) ProblemDetails naming fields.
func writeProblem(w http.ResponseWriter, status int, fields map[string][]string) {
	writeProblemStatus(w, status, "One or more validation errors occurred.", fields)
}

func writeProblemStatus(w http.ResponseWriter, status int, title string, fields map[string][]string) {
	section := "15.5." + strconv.Itoa(status-399) // 4xx
	if status >= 500 {
		section = "15.6." + strconv.Itoa(status-499)
	}
	// not a model: the sandbox's problem body
	b, err := json.Marshal(problem{
		Type:    "https://tools.ietf.org/html/rfc9110#section-" + section,
		Title:   title,
		Status:  status,
		Errors:  fields,
		TraceID: traceID(),
	})
	if err != nil {
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// paramErrors turns a parameter binding error of the generated server into fields. The
// validator runs first and catches the same errors, so this is a safety net.
func paramErrors(err error) map[string][]string {
	name := "parameters"
	var (
		inv *sandboxapi.InvalidParamFormatError
		req *sandboxapi.RequiredParamError
		unm *sandboxapi.UnmarshalingParamError
		tmv *sandboxapi.TooManyValuesForParamError
	)
	switch {
	case errors.As(err, &inv):
		name = inv.ParamName
	case errors.As(err, &req):
		name = req.ParamName
	case errors.As(err, &unm):
		name = unm.ParamName
	case errors.As(err, &tmv):
		name = tmv.ParamName
	}
	return map[string][]string{name: {err.Error()}}
}

// traceID returns a W3C traceparent-like identifier, as the platform puts in traceId.
func traceID() string {
	var b [24]byte
	_, _ = rand.Read(b[:])
	h := hex.EncodeToString(b[:])
	return "00-" + h[:32] + "-" + h[32:48] + "-00"
}
