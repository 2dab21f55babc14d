package validationtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/getkin/kin-openapi/openapi3filter"
	nethttpmiddleware "github.com/oapi-codegen/nethttp-middleware"

	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/issuerkit/issuerkit-go/validation/validationtest/internal/sandboxapi"
)

// handler builds the sandbox's handler: counting, rate limit, auth, media type, spec
// validation, then the strict server.
func (s *Server) handler() (http.Handler, error) {
	spec, err := sandboxapi.GetSpec()
	if err != nil {
		return nil, fmt.Errorf("validationtest: spec: %w", err)
	}
	spec.Servers = nil // match any host
	strict := sandboxapi.NewStrictHandlerWithOptions(&service{s: s}, nil, sandboxapi.StrictHTTPServerOptions{
		RequestErrorHandlerFunc: func(w http.ResponseWriter, r *http.Request, err error) {
			writeBankError(w, r, http.StatusBadRequest, "Bad request: "+err.Error(), validation.ErrorCodeBadLayoutOrFormat, "")
		},
		ResponseErrorHandlerFunc: func(w http.ResponseWriter, r *http.Request, err error) {
			writeBankError(w, r, http.StatusInternalServerError, "Internal server error", "", "")
		},
	})
	validate := nethttpmiddleware.OapiRequestValidatorWithOptions(spec, &nethttpmiddleware.Options{
		Options:               openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc},
		SilenceServersWarning: true,
		DoNotValidateServers:  true,
		ErrorHandlerWithOpts:  s.rejectInvalid,
	})
	mux := http.NewServeMux()
	app := validate(sandboxapi.HandlerFromMux(strict, mux))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		_ = r.Body.Close()
		opID := s.spec.OperationID(r)
		s.log.Keep(r, body, opID, time.Now())
		r.Body = io.NopCloser(bytes.NewReader(body))
		if err != nil {
			writeBankError(w, r, http.StatusBadRequest, "Bad request: unreadable body", validation.ErrorCodeBadLayoutOrFormat, "")
			return
		}
		// An operation of the spec without a route: the typed answer, never the mux's 404.
		if s.spec.AnswerNotServed(w, r, mux, func(w http.ResponseWriter, status int, msg string) { writeBankError(w, r, status, msg, "", "") }) {
			return
		}
		s.faults.Serve(w, r, opID, FaultHeader, func(w http.ResponseWriter, status int) { writeBankError(w, r, status, "injected failure", "", "") },
			func(w http.ResponseWriter) { s.serve(w, r, app) })
	}), nil
}

// serve answers a request that was recorded: correlation id, rate limit, authorization,
// media type, the published switch, then spec validation and the service.
func (s *Server) serve(w http.ResponseWriter, r *http.Request, app http.Handler) {
	if r.Header.Get("X-CorrelationId") == "" {
		r.Header.Set("X-CorrelationId", fmt.Sprintf("sandbox-%d", time.Now().UnixNano()))
	}
	w.Header().Set("X-CorrelationId", r.Header.Get("X-CorrelationId"))
	if s.limit != nil && !s.limit.allow(time.Now()) {
		w.Header().Set("Retry-After", "1")
		writeBankError(w, r, http.StatusTooManyRequests, "Too many requests", "", "")
		return
	}
	switch tok, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); tok {
	case Token:
	case DeniedToken:
		writeBankError(w, r, http.StatusForbidden, "Access denied for client IP "+r.RemoteAddr, "", "")
		return
	default:
		writeBankError(w, r, http.StatusUnauthorized, "Unauthorized", "", "")
		return
	}
	if r.Method == http.MethodPost {
		if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
			writeBankError(w, r, http.StatusUnsupportedMediaType, "Unsupported media type", "", "")
			return
		}
	}
	if s.published && strings.HasPrefix(r.URL.Path, "/accounts/validations/v1/") {
		// The bank's published files hold only v2; v1 answers 404 there.
		writeBankError(w, r, http.StatusNotFound, "Resource not found", "", "")
		return
	}
	app.ServeHTTP(w, r)
}

// rejectInvalid answers a request the spec rejects: 404 for an unknown route, else 400 with
// the errorCode of the first problem the SDK's rules find in the inquiry, 105 when the body
// does not even carry an inquiry.
func (s *Server) rejectInvalid(_ context.Context, err error, w http.ResponseWriter, r *http.Request, opts nethttpmiddleware.ErrorHandlerOpts) {
	if opts.MatchedRoute == nil {
		writeBankError(w, r, http.StatusNotFound, "Resource not found", "", "")
		return
	}
	code := validation.ErrorCodeBadLayoutOrFormat
	if inq, ok := readInquiry(r); ok {
		if inq.ServiceType == "" {
			code = validation.ErrorCodeMissingRequiredField
		}
		var ie *validation.InquiryError
		if errors.As(inq.Validate(), &ie) {
			code = ie.Violations[0].Code
		}
	}
	writeBankError(w, r, http.StatusBadRequest, "Error received from backend service: "+firstLine(err.Error()), code, "")
}

// readInquiry decodes the inquiry of a v1 or v2 request body (the validator restored it).
func readInquiry(r *http.Request) (validation.Inquiry, bool) {
	if r.Body == nil {
		return validation.Inquiry{}, false
	}
	b, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		return validation.Inquiry{}, false
	}
	var env map[string]struct {
		AOARequest *struct {
			Inquiry *validation.Inquiry `json:"Inquiry"`
		} `json:"AOARequest"`
	}
	if json.Unmarshal(b, &env) != nil {
		return validation.Inquiry{}, false
	}
	for _, name := range []string{"accountValidationRequest", "accountValidationV2Request"} {
		if e, ok := env[name]; ok && e.AOARequest != nil && e.AOARequest.Inquiry != nil {
			return *e.AOARequest.Inquiry, true
		}
	}
	return validation.Inquiry{}, false
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// bankError is the bank's error body as the sandbox writes it.
type bankError struct {
	ErrorMessage    string          `json:"ErrorMessage,omitempty"`
	TransactionID   string          `json:"TransactionId,omitempty"`
	CorrelationID   string          `json:"X-CorrelationId,omitempty"`
	TransactionTime string          `json:"TransactionTime,omitempty"`
	APIURL          string          `json:"Api-Url,omitempty"`
	ServiceError    json.RawMessage `json:"ServiceError,omitempty"`
}

// writeBankError writes the bank's error body with status; code fills
// ServiceError.AOAResponse.Result.errorCode, connect fills ServiceError.ConnectError.
func writeBankError(w http.ResponseWriter, r *http.Request, status int, msg string, code validation.ErrorCode, connect string) {
	body := bankError{
		ErrorMessage:    msg,
		TransactionID:   "rrt-sandbox-" + strconv.FormatInt(time.Now().UnixNano(), 10),
		CorrelationID:   r.Header.Get("X-CorrelationId"),
		TransactionTime: time.Now().UTC().Format("2006-01-02T15:04:05.000Z"),
		APIURL:          r.URL.Path,
	}
	switch {
	case code != "":
		// not a model: the sandbox's error bodies (maps)
		body.ServiceError, _ = json.Marshal(map[string]any{"AOAResponse": map[string]any{"Result": map[string]string{"errorCode": string(code)}}})
	case connect != "":
		body.ServiceError, _ = json.Marshal(map[string]string{"ConnectError": connect}) // not a model: a map
	}
	var buf bytes.Buffer
	_ = json.NewEncoder(&buf).Encode(body)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = buf.WriteTo(w)
}
