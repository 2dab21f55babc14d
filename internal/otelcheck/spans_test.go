package otelcheck_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	tracenoop "go.opentelemetry.io/otel/trace/noop"
)

const (
	pan   = "4111111111111111"
	acct  = "900123456789"
	token = "tok-very-secret"
)

// server answers with h and records the traceparent header of every request.
type server struct {
	*httptest.Server
	mu      sync.Mutex
	parents []string
}

func newServer(t *testing.T, h func(n int, w http.ResponseWriter, r *http.Request)) *server {
	t.Helper()
	s := &server{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.parents = append(s.parents, r.Header.Get("Traceparent"))
		n := len(s.parents)
		s.mu.Unlock()
		h(n, w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *server) seen() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.parents...)
}

func attrMap(kvs []attribute.KeyValue) map[string]string {
	m := map[string]string{}
	for _, kv := range kvs {
		m[string(kv.Key)] = kv.Value.String()
	}
	return m
}

// spanText is every string a span exports: name, status, attributes, events.
func spanText(s sdktrace.ReadOnlySpan) string {
	text := s.Name() + " " + s.Status().Description
	for _, kv := range s.Attributes() {
		text += " " + kv.Value.String()
	}
	for _, e := range s.Events() {
		text += " " + e.Name
		for _, kv := range e.Attributes {
			text += " " + kv.Value.String()
		}
	}
	return text
}

func fastRetry() core.RetryOptions {
	return core.RetryOptions{BaseDelay: 1, MaxDelay: 1_000_000}
}

// TestSpansAndMetrics: one span per call named by the operation, a child per attempt with the
// HTTP client conventions, the attempt's traceparent on the wire, and the metrics.
func TestSpansAndMetrics(t *testing.T) {
	srv := newServer(t, func(n int, w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if n == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = io.WriteString(w, `{"ErrorMessage":"busy"}`)
			return
		}
		_, _ = io.WriteString(w, `{"card_proxy":"CP-1"}`)
	})
	rec := tracetest.NewSpanRecorder()
	reader := sdkmetric.NewManualReader()
	c, err := cardplatform.New(srv.URL, core.WithStaticToken(token), core.WithRetry(fastRetry()),
		core.WithTracerProvider(sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))),
		core.WithMeterProvider(sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader))))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetCard(context.Background(), "CP-1", core.WithCorrelationID("corr-7")); err != nil {
		t.Fatal(err)
	}

	spans := rec.Ended()
	if len(spans) != 3 {
		t.Fatalf("%d spans, want 2 attempts and the call", len(spans))
	}
	call := spans[2]
	if call.Name() != "getCard" {
		t.Errorf("call span %q, want getCard", call.Name())
	}
	ca := attrMap(call.Attributes())
	for k, want := range map[string]string{
		"issuerkit.operation":       "getCard",
		"issuerkit.correlation_id":  "corr-7",
		"http.request.resend_count": "1",
		"http.response.status_code": "200",
		"url.template":              "/api/{version}/cards/{card_proxy}",
		"http.request.method":       "GET",
		"server.address":            "127.0.0.1",
	} {
		if ca[k] != want {
			t.Errorf("call span %s = %q, want %q", k, ca[k], want)
		}
	}
	parents := srv.seen()
	for i, a := range spans[:2] {
		if a.Name() != "GET /api/{version}/cards/{card_proxy}" {
			t.Errorf("attempt %d span %q", i+1, a.Name())
		}
		if a.Parent().SpanID() != call.SpanContext().SpanID() {
			t.Errorf("attempt %d is not a child of the call", i+1)
		}
		want := "00-" + a.SpanContext().TraceID().String() + "-" + a.SpanContext().SpanID().String() + "-01"
		if parents[i] != want {
			t.Errorf("traceparent of attempt %d = %q, want %q", i+1, parents[i], want)
		}
	}
	if got := attrMap(spans[0].Attributes())["error.type"]; got != "503" {
		t.Errorf("first attempt error.type = %q, want 503", got)
	}

	var rm metricdata.ResourceMetrics
	if err := reader.Collect(context.Background(), &rm); err != nil {
		t.Fatal(err)
	}
	got := map[string]metricdata.Aggregation{}
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			got[m.Name] = m.Data
		}
	}
	dur, ok := got["http.client.request.duration"].(metricdata.Histogram[float64])
	if !ok {
		t.Fatalf("no http.client.request.duration histogram in %v", got)
	}
	classes := map[string]uint64{}
	for _, dp := range dur.DataPoints {
		c, _ := dp.Attributes.Value("issuerkit.status_class")
		op, _ := dp.Attributes.Value("issuerkit.operation")
		if op.AsString() != "getCard" {
			t.Errorf("duration point of operation %q", op.AsString())
		}
		classes[c.AsString()] += dp.Count
	}
	if classes["5xx"] != 1 || classes["2xx"] != 1 || len(classes) != 2 {
		t.Errorf("duration by status class = %v, want one 5xx and one 2xx", classes)
	}
	att, ok := got["issuerkit.client.call.attempts"].(metricdata.Histogram[int64])
	if !ok || len(att.DataPoints) != 1 || att.DataPoints[0].Sum != 2 {
		t.Errorf("attempts per call = %+v, want one call of 2 attempts", got["issuerkit.client.call.attempts"])
	}
}

// TestNoSecretInSpans: a PAN in the path, an account number in the body, the bearer token,
// all three echoed in the error bodies: none of them in any span's name, status, attribute
// or event.
func TestNoSecretInSpans(t *testing.T) {
	echo := `{"ErrorMessage":"bad ` + token + " " + pan + " " + acct + `"}`
	srv := newServer(t, func(n int, w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		_, _ = io.WriteString(w, echo)
	})
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	c, err := cardplatform.New(srv.URL, core.WithStaticToken(token), core.WithTracerProvider(tp))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetCard(context.Background(), pan); err == nil {
		t.Fatal("GetCard: no error from a 400")
	}
	v, err := validation.New(srv.URL, core.WithStaticToken(token), core.WithTracerProvider(tp),
		validation.WithDocumentedAPI())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v.VerifyAccount(context.Background(), validation.Inquiry{SecondaryID: "SEC0001",
		RoutingNumber: "011000015", AccountNumber: core.NewSecret(acct)}); err == nil {
		t.Fatal("VerifyAccount: no error from a 400")
	}
	spans := rec.Ended()
	if len(spans) < 4 {
		t.Fatalf("%d spans, want a call and an attempt per client", len(spans))
	}
	for _, s := range spans {
		text := spanText(s)
		for _, secret := range []string{pan, acct, token} {
			if strings.Contains(text, secret) {
				t.Errorf("span %q exports a secret: %s", s.Name(), text)
			}
		}
	}
}

// TestTracePropagationOff: WithTracePropagation(false) sends no traceparent, the spans are
// still made; an unsafe call whose outcome is unknown says so on its span.
func TestTracePropagationOff(t *testing.T) {
	srv := newServer(t, func(n int, w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusBadGateway)
	})
	rec := tracetest.NewSpanRecorder()
	c, err := cardplatform.New(srv.URL, core.WithStaticToken(token), core.WithTracePropagation(false),
		core.WithTracerProvider(sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))))
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.CreateDisbursement(context.Background(), cardplatform.DisbursementDTO{})
	if !errors.Is(err, core.ErrOutcomeUnknown) {
		t.Fatalf("err = %v, want ErrOutcomeUnknown", err)
	}
	if got := srv.seen(); len(got) != 1 || got[0] != "" {
		t.Errorf("traceparent sent: %q", got)
	}
	spans := rec.Ended()
	if len(spans) != 2 {
		t.Fatalf("%d spans, want the attempt and the call", len(spans))
	}
	ca := attrMap(spans[1].Attributes())
	if spans[1].Name() != "createDisbursement" || ca["issuerkit.outcome_unknown"] != "true" || ca["error.type"] != "outcome_unknown" {
		t.Errorf("call span %q %v", spans[1].Name(), ca)
	}
}

// TestGlobalTracerProviderInstalledLater: a client built before the application installs its
// tracer provider makes spans once it is installed (the global one is looked up per call).
func TestGlobalTracerProviderInstalledLater(t *testing.T) {
	srv := newServer(t, func(n int, w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"card_proxy":"CP-1"}`)
	})
	c, err := cardplatform.New(srv.URL, core.WithStaticToken(token))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetCard(context.Background(), "CP-1"); err != nil {
		t.Fatal(err)
	}
	rec := tracetest.NewSpanRecorder()
	otel.SetTracerProvider(sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec)))
	t.Cleanup(func() { otel.SetTracerProvider(tracenoop.NewTracerProvider()) })
	if _, err := c.GetCard(context.Background(), "CP-1"); err != nil {
		t.Fatal(err)
	}
	if n := len(rec.Ended()); n != 2 {
		t.Errorf("%d spans after the provider is installed, want 2", n)
	}
	if got := srv.seen(); got[0] != "" || got[1] == "" {
		t.Errorf("traceparent before and after: %q", got)
	}
}

// TestBankTracePropagationIsOptIn: the bank may reject unknown headers, so its clients send
// no traceparent unless WithTracePropagation(true); the spans are made either way.
func TestBankTracePropagationIsOptIn(t *testing.T) {
	srv := newServer(t, func(n int, w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"Status":"Ok"}`)
	})
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	for _, on := range []bool{false, true} {
		opts := []core.Option{core.WithStaticToken("tok"), core.WithTracerProvider(tp)}
		if on {
			opts = append(opts, core.WithTracePropagation(true))
		}
		c, err := validation.New(srv.URL, opts...)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.HealthCheck(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	seen := srv.seen()
	if len(seen) != 2 || seen[0] != "" || seen[1] == "" {
		t.Errorf("traceparent off then on: %q", seen)
	}
	spans := rec.Ended()
	if len(spans) != 4 || spans[1].Name() != "checkHealthV2" {
		t.Errorf("%d spans, call span %q", len(spans), spans[1].Name())
	}
}
