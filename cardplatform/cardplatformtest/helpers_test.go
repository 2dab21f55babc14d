package cardplatformtest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
	"github.com/issuerkit/issuerkit-go/internal/goleaktest"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/openapi"
)

func TestMain(m *testing.M) { goleaktest.VerifyTestMain(m) }

// env is a sandbox with a client and a plain HTTP client whose every response is validated
// against the spec.
type env struct {
	t      *testing.T
	srv    *cardplatformtest.Server
	client *cardplatform.Client
	hc     *http.Client
	// clock is the sandbox's clock when the env was made with one (runCases does).
	clock *clock
}

// responseChecker validates every response against the spec.
type responseChecker struct {
	t      *testing.T
	base   http.RoundTripper
	router routers.Router
}

var (
	specOnce   sync.Once
	specRouter routers.Router
	specDoc    *openapi3.T
	specErr    error
)

// loadSpec loads the spec as the sandbox does: open enums open, any server.
func loadSpec(t *testing.T) (*openapi3.T, routers.Router) {
	specOnce.Do(func() {
		specDoc, specErr = openapi3.NewLoader().LoadFromData(openapi.CardPlatform)
		if specErr != nil {
			return
		}
		for _, ref := range specDoc.Components.Schemas {
			if open, _ := ref.Value.Extensions["x-issuerkit-open-enum"].(bool); open {
				ref.Value.Enum = nil
			}
		}
		specDoc.Servers = nil
		specDoc.SetStringFormatValidator("local-date-time", openapi3.NewCallbackValidator(func(s string) error {
			_, err := core.ParseTimestamp(s)
			return err
		}))
		specDoc.SetStringFormatValidator("uuid", openapi3.NewCallbackValidator(func(s string) error {
			_, err := core.ParseGUID(s)
			return err
		}))
		specRouter, specErr = legacy.NewRouter(specDoc)
	})
	require.NoError(t, specErr)
	return specDoc, specRouter
}

func (c *responseChecker) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := c.base.RoundTrip(req)
	if err != nil {
		return resp, err
	}
	body, err := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if err != nil {
		return nil, err
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	route, params, ferr := c.router.FindRoute(req)
	if ferr != nil || resp.Header.Get(cardplatformtest.FaultHeader) != "" {
		return resp, nil // not an operation of the spec, or an injected fault: nothing to validate
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route},
		Status:                 resp.StatusCode,
		Header:                 resp.Header,
		Options: &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true,
			SchemaValidationOptions: specDoc.GetSchemaValidationOptions()},
	}
	in.SetBodyBytes(body)
	if verr := openapi3filter.ValidateResponse(req.Context(), in); verr != nil {
		c.t.Errorf("response of %s %s (%d) does not match the spec: %v\nbody: %s", req.Method, req.URL.Path, resp.StatusCode, verr, body)
	}
	if resp.StatusCode == http.StatusInternalServerError && len(body) > 0 {
		c.t.Errorf("500 with a body: %s", body)
	}
	return resp, nil
}

func newEnv(t *testing.T, opts ...cardplatformtest.Option) *env {
	t.Helper()
	_, router := loadSpec(t)
	srv := cardplatformtest.NewServer(t, opts...)
	tr := http.DefaultTransport.(*http.Transport).Clone()
	t.Cleanup(tr.CloseIdleConnections)
	hc := &http.Client{Transport: &responseChecker{t: t, base: tr, router: router}, Timeout: 10 * time.Second}
	c, err := cardplatform.New(srv.URL, core.WithStaticToken(srv.Token()), core.WithHTTPClient(hc),
		core.WithRetry(core.RetryOptions{BaseDelay: time.Millisecond, MaxDelay: 5 * time.Millisecond}))
	require.NoError(t, err)
	return &env{t: t, srv: srv, client: c, hc: hc}
}

// reply is a response read whole.
type reply struct {
	status int
	header http.Header
	body   []byte
}

func (r reply) json(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal(r.body, &m), "body: %s", r.body)
	return m
}

// problemFields returns the errors map of a 400 ProblemDetails.
func (r reply) problemFields(t *testing.T) map[string]any {
	t.Helper()
	require.Equal(t, http.StatusBadRequest, r.status, "body: %s", r.body)
	m := r.json(t)
	require.EqualValues(t, 400, m["status"])
	fields, _ := m["errors"].(map[string]any)
	require.NotEmpty(t, fields, "errors names the offending fields: %s", r.body)
	return fields
}

// do sends a request to /api/v1+path with the sandbox's token. body is JSON-encoded unless it
// is a string or []byte.
func (e *env) do(method, path string, body any, header ...string) reply {
	e.t.Helper()
	return e.send(method, path, body, append([]string{"Authorization", "Bearer " + e.srv.Token()}, header...)...)
}

// send is do without the token.
func (e *env) send(method, path string, body any, header ...string) reply {
	e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		require.NoError(e.t, err)
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(context.Background(), method, e.srv.URL+"/api/v1"+path, rd)
	require.NoError(e.t, err)
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := e.hc.Do(req)
	require.NoError(e.t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(e.t, err)
	return reply{status: resp.StatusCode, header: resp.Header, body: b}
}

// newCard creates a person and a card of the default program and returns the response.
func (e *env) newCard() map[string]any {
	e.t.Helper()
	r := e.do("POST", "/cards", map[string]any{
		"person":       map[string]any{"first_name": "Jane", "last_name": "Doe", "email": "jane@example.org"},
		"program_guid": cardplatformtest.DefaultProgramGUID,
	})
	require.Equal(e.t, http.StatusCreated, r.status, "body: %s", r.body)
	return r.json(e.t)
}

// cardOf returns the card object of a create-card response.
func cardOf(m map[string]any) map[string]any { return m["card"].(map[string]any) }

// newAccount opens an account in the wallet of a new card and returns its GUID.
func (e *env) newAccount() string {
	e.t.Helper()
	c := cardOf(e.newCard())
	r := e.do("POST", "/accounts", map[string]any{"wallet_guid": c["wallet_guid"], "account_name": "Spending"})
	require.Equal(e.t, http.StatusCreated, r.status, "body: %s", r.body)
	return r.json(e.t)["account_guid"].(string)
}

// clock is a settable clock for WithClock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2024, 5, 1, 10, 20, 30, 0, time.UTC)} }

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *clock) add(d time.Duration) { c.mu.Lock(); defer c.mu.Unlock(); c.t = c.t.Add(d) }

func dec(t *testing.T, s string) core.Decimal {
	t.Helper()
	d, err := core.ParseDecimal(s)
	require.NoError(t, err)
	return d
}

// mustGUID parses a GUID for a seed record. Users outside this module decode seeds from JSON
// (the models' GUID type lives in an internal package).
func mustGUID(t *testing.T, s string) core.GUID {
	t.Helper()
	g, err := core.ParseGUID(s)
	require.NoError(t, err)
	return g
}
