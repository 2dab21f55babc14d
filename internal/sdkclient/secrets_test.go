package sdkclient

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/issuerkit/issuerkit-go/openapi/core"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
	"github.com/issuerkit/issuerkit-go/internal/leaktest"
)

// syncBuffer is a log sink safe for concurrent writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// exportedStrings walks every exported field reachable from v (pointers, structs, slices,
// maps with their keys, byte slices and json.RawMessage as text, errors through Unwrap) and
// returns the text of each.
func exportedStrings(v any) []string {
	var out []string
	seen := map[uintptr]bool{}
	var walk func(rv reflect.Value, depth int)
	walk = func(rv reflect.Value, depth int) {
		if depth > 20 || !rv.IsValid() {
			return
		}
		if rv.CanInterface() {
			if err, ok := rv.Interface().(error); ok && !(rv.Kind() == reflect.Pointer && rv.IsNil()) {
				out = append(out, err.Error(), fmt.Sprintf("%+v", err), fmt.Sprintf("%v", err))
				switch u := err.(type) {
				case interface{ Unwrap() []error }:
					for _, e := range u.Unwrap() {
						walk(reflect.ValueOf(e), depth+1)
					}
				case interface{ Unwrap() error }:
					walk(reflect.ValueOf(u.Unwrap()), depth+1)
				}
			}
		}
		switch rv.Kind() {
		case reflect.Pointer, reflect.Interface:
			if rv.IsNil() {
				return
			}
			if rv.Kind() == reflect.Pointer {
				if seen[rv.Pointer()] {
					return
				}
				seen[rv.Pointer()] = true
			}
			walk(rv.Elem(), depth+1)
		case reflect.Struct:
			for i := 0; i < rv.NumField(); i++ {
				if rv.Type().Field(i).IsExported() {
					walk(rv.Field(i), depth+1)
				}
			}
		case reflect.Slice, reflect.Array:
			if rv.Type().Elem().Kind() == reflect.Uint8 {
				out = append(out, string(rv.Bytes()))
				return
			}
			for i := 0; i < rv.Len(); i++ {
				walk(rv.Index(i), depth+1)
			}
		case reflect.Map:
			for _, k := range rv.MapKeys() {
				walk(k, depth+1)
				walk(rv.MapIndex(k), depth+1)
			}
		case reflect.String:
			out = append(out, rv.String())
		}
	}
	walk(reflect.ValueOf(v), 0)
	return out
}

// assertNoSecret checks err (text, %+v, every exported field) and the log for each secret.
func assertNoSecret(t *testing.T, err error, logs string, secrets ...string) {
	t.Helper()
	require.Error(t, err)
	texts := exportedStrings(err)
	require.NotEmpty(t, texts)
	for _, s := range secrets {
		for _, text := range texts {
			if !assert.NotContains(t, text, s, "an error field or text") {
				break
			}
		}
		assert.NotContains(t, logs, s, "the log")
	}
}

func TestTokenEchoedByTheServerIsMaskedEverywhere(t *testing.T) {
	const token = "eyJhbGciOi.echo-me-SECRET.sig_42"
	echo := func(kind string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			sent := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
			w.Header().Set("X-Echo-Authorization", "Bearer "+sent)
			w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token", token="`+sent+`"`)
			w.Header().Set("X-Request-Id", sent)
			switch kind {
			case "problem":
				w.Header().Set("Content-Type", "application/problem+json")
				w.WriteHeader(http.StatusBadRequest)
				_ = json.NewEncoder(w).Encode(map[string]any{
					"type": "https://errors.example/" + sent, "title": "Token " + sent + " rejected",
					"status": 400, "detail": "the bearer " + sent + " is not valid",
					"instance": "/x/" + sent, "traceId": sent,
					"errors":   map[string]any{"Authorization": []string{"value " + sent}, sent: []string{"x"}},
					"received": map[string]any{"auth": sent, "list": []any{sent}}, sent: "as a key",
				})
			case "bank":
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusUnauthorized)
				_ = json.NewEncoder(w).Encode(map[string]any{
					"ErrorMessage": "token " + sent + " expired", "TransactionId": sent, "X-CorrelationId": sent,
					"Api-Url": "/a?access=" + sent,
					"ServiceError": map[string]any{"ConnectError": sent, "metadata": map[string]any{
						"messages": []any{map[string]any{"code": sent, "message": "bad " + sent}}}},
				})
			case "text":
				w.Header().Set("Content-Type", "text/plain")
				w.WriteHeader(http.StatusForbidden)
				_, _ = fmt.Fprintf(w, "forbidden for token %s", sent)
			case "html":
				w.Header().Set("Content-Type", "text/html")
				w.WriteHeader(http.StatusBadGateway)
				_, _ = fmt.Fprintf(w, "<html><body><p>upstream said: Bearer %s</p></body></html>", sent)
			case "truncated-json":
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusUnprocessableEntity)
				_, _ = fmt.Fprintf(w, `{"title":"bad", "note":"%s`, sent)
			}
		}
	}
	for _, tc := range []struct {
		kind   string
		decode apierror.Decoder
		method string
	}{
		{"problem", apierror.DecodeProblem, "GET"},
		{"bank", apierror.DecodeBankError, "GET"},
		{"text", apierror.DecodeProblem, "GET"},
		{"html", apierror.DecodeProblem, "POST"},
		{"truncated-json", apierror.DecodeProblem, "GET"},
	} {
		t.Run(tc.kind, func(t *testing.T) {
			srv := newServer(t, echo(tc.kind))
			var logs syncBuffer
			p := newPipeline(t, testClient(t), func(o *testOptions) {
				o.TokenSource = StaticToken(token)
				o.DecodeError = tc.decode
				o.Retry.MaxAttempts = 1
				o.Logger = slog.New(slog.NewJSONHandler(&logs, leaktest.NoTime(&slog.HandlerOptions{Level: slog.LevelDebug})))
				o.LogBodies = true
			})
			_, err := do(t, p, context.Background(), tc.method, srv.URL+"/x", `{"a":1}`)
			var apiErr *core.Error
			require.ErrorAs(t, err, &apiErr)
			assertNoSecret(t, err, logs.String(), token)
			assert.NotEmpty(t, apiErr.Body, "the body is kept, masked")
			assert.Contains(t, logs.String(), `"status"`)
		})
	}
}

func TestShortTokenStillMasked(t *testing.T) {
	const token = "Zq9"
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		_, _ = fmt.Fprintf(w, `{"title":"token %s rejected","n":1}`, token)
	})
	p := newPipeline(t, testClient(t), func(o *testOptions) {
		o.TokenSource = StaticToken(token)
		o.DecodeError = apierror.DecodeProblem
	})
	_, err := do(t, p, context.Background(), "GET", srv.URL, "")
	assertNoSecret(t, err, "", token)
	var pe *core.Problem
	require.ErrorAs(t, err, &pe, "the body still decodes")
}

func TestBankCredentialsMaskedEverywhere(t *testing.T) {
	cred := core.BankCredentials{ConsumerKey: "consumer-KEY-1", ConsumerSecret: "consumer-SECRET-2", ClientID: "client-ID-3", ClientSecret: "client-KEY-4"}
	var logs syncBuffer
	api := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == BankTokenPath {
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"access_token":"bank-access-5","token_type":"Bearer","expires_in":3600}`))
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("X-Debug", cred.ConsumerSecret)
		w.WriteHeader(http.StatusBadRequest)
		_ = json.NewEncoder(w).Encode(map[string]any{
			"ErrorMessage": fmt.Sprintf("client %s/%s with consumer %s:%s", cred.ClientID, cred.ClientSecret, cred.ConsumerKey, cred.ConsumerSecret),
			"ServiceError": map[string]any{"ConnectError": r.Header.Get("Authorization")},
		})
	}))
	defer api.Close()
	hc := api.Client()
	defer hc.CloseIdleConnections()
	ts, err := BankTokenSource(context.Background(), api.URL, cred, nil, hc)
	require.NoError(t, err)
	p := newPipeline(t, hc, func(o *testOptions) {
		o.TokenSource = ts
		o.Logger = slog.New(slog.NewJSONHandler(&logs, leaktest.NoTime(&slog.HandlerOptions{Level: slog.LevelDebug})))
		o.LogBodies = true
	})
	_, err = do(t, p, context.Background(), "GET", api.URL+"/x", "")
	var apiErr *core.Error
	require.ErrorAs(t, err, &apiErr)
	assertNoSecret(t, err, logs.String(), cred.ConsumerKey, cred.ConsumerSecret, cred.ClientID, cred.ClientSecret, "bank-access-5")
}
