package transport

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/ops"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/propagation"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	tracenoop "go.opentelemetry.io/otel/trace/noop"
	"golang.org/x/oauth2"
)

var cardOp = &ops.Operation{ID: "getCard", Method: http.MethodGet, Path: "/api/{version}/cards/{card_proxy}", Success: []int{200}, RetrySafe: true}

func attrMap(kvs []attribute.KeyValue) map[string]string {
	m := map[string]string{}
	for _, kv := range kvs {
		m[string(kv.Key)] = kv.Value.String()
	}
	return m
}

// TestSpansAndMetrics: one span per call named by the operation, a child per attempt with the
// HTTP client conventions, traceparent of the attempt on the wire, and the metrics; no secret
// (token, PAN, account number) in any attribute, status or event.
func TestSpansAndMetrics(t *testing.T) {
	const pan, acct, token = "4111111111111111", "000123456789", "tok-very-secret"
	var mu sync.Mutex
	var parents []string
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		parents = append(parents, r.Header.Get("Traceparent"))
		n := len(parents)
		mu.Unlock()
		if n == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte(`{"ErrorMessage":"busy ` + token + " " + pan + " " + acct + `"}`))
			return
		}
		w.WriteHeader(http.StatusOK)
	})
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	reader := sdkmetric.NewManualReader()
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader))
	p := newPipeline(t, testClient(t), func(o *Options) {
		o.TokenSource = oauth2.StaticTokenSource(&oauth2.Token{AccessToken: token})
		o.Telemetry = Telemetry{TracerProvider: tp, MeterProvider: mp}
	})
	req, err := http.NewRequest(http.MethodGet, srv.URL+"/api/v1/cards/"+pan+"?account="+acct, nil)
	require.NoError(t, err)
	resp, err := p.Send(req, &Call{Op: cardOp, CorrelationID: "corr-7"})
	require.NoError(t, err)
	DrainAndClose(resp.Body)

	spans := rec.Ended()
	require.Len(t, spans, 3)
	call := spans[2]
	assert.Equal(t, "getCard", call.Name())
	ca := attrMap(call.Attributes())
	assert.Equal(t, "corr-7", ca["issuerkit.correlation_id"])
	assert.Equal(t, "1", ca["http.request.resend_count"])
	assert.Equal(t, "200", ca["http.response.status_code"])
	assert.Equal(t, "/api/{version}/cards/{card_proxy}", ca["url.template"])
	assert.Equal(t, "GET", ca["http.request.method"])
	assert.Equal(t, "127.0.0.1", ca["server.address"])
	for i, a := range spans[:2] {
		assert.Equal(t, "GET /api/{version}/cards/{card_proxy}", a.Name())
		assert.Equal(t, call.SpanContext().SpanID(), a.Parent().SpanID(), "attempt %d is a child of the call", i+1)
		assert.Contains(t, parents[i], a.SpanContext().SpanID().String(), "traceparent of attempt %d", i+1)
		assert.Contains(t, parents[i], a.SpanContext().TraceID().String())
	}
	assert.Equal(t, "503", attrMap(spans[0].Attributes())["error.type"])

	for _, s := range spans {
		text := s.Name() + s.Status().Description
		for _, kv := range s.Attributes() {
			text += " " + kv.Value.String()
		}
		for _, e := range s.Events() {
			text += " " + e.Name
			for _, kv := range e.Attributes {
				text += " " + kv.Value.String()
			}
		}
		for _, secret := range []string{pan, acct, token} {
			assert.NotContains(t, text, secret)
		}
	}

	var rm metricdata.ResourceMetrics
	require.NoError(t, reader.Collect(context.Background(), &rm))
	got := map[string]metricdata.Aggregation{}
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			got[m.Name] = m.Data
		}
	}
	dur, ok := got["http.client.request.duration"].(metricdata.Histogram[float64])
	require.True(t, ok)
	classes := map[string]uint64{}
	for _, dp := range dur.DataPoints {
		c, _ := dp.Attributes.Value("issuerkit.status_class")
		op, _ := dp.Attributes.Value("issuerkit.operation")
		assert.Equal(t, "getCard", op.AsString())
		classes[c.AsString()] += dp.Count
	}
	assert.Equal(t, map[string]uint64{"5xx": 1, "2xx": 1}, classes)
	att, ok := got["issuerkit.client.call.attempts"].(metricdata.Histogram[int64])
	require.True(t, ok)
	require.Len(t, att.DataPoints, 1)
	assert.EqualValues(t, 2, att.DataPoints[0].Sum)
}

// TestTracePropagationOff: with NoPropagation no trace context header is sent, spans still
// recorded; an unsafe call that failed records outcome unknown.
func TestTracePropagationOff(t *testing.T) {
	var seen []string
	var mu sync.Mutex
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Header.Get("Traceparent"))
		mu.Unlock()
		w.WriteHeader(http.StatusBadGateway)
	})
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	p := newPipeline(t, testClient(t), func(o *Options) {
		o.Telemetry = Telemetry{TracerProvider: tp, NoPropagation: true, Propagator: propagation.TraceContext{}}
	})
	_, err := do(t, p, context.Background(), http.MethodPost, srv.URL, `{}`)
	require.Error(t, err)
	assert.Equal(t, []string{""}, seen)
	spans := rec.Ended()
	require.Len(t, spans, 2)
	ca := attrMap(spans[1].Attributes())
	assert.Equal(t, "true", ca["issuerkit.outcome_unknown"])
	assert.Equal(t, "outcome_unknown", ca["error.type"])
	assert.True(t, strings.HasPrefix(spans[1].Name(), "createDisbursement"))
}

// TestGlobalTracerProviderInstalledLater: a pipeline built before the application installs
// its tracer provider makes spans once it is installed (the global one is looked up per call).
func TestGlobalTracerProviderInstalledLater(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Traceparent") == "" {
			w.WriteHeader(http.StatusBadRequest)
		}
	})
	p := newPipeline(t, testClient(t))
	resp, err := do(t, p, context.Background(), http.MethodGet, srv.URL, "")
	require.Error(t, err, "no provider: no span, no traceparent")
	_ = resp
	rec := tracetest.NewSpanRecorder()
	otel.SetTracerProvider(sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec)))
	t.Cleanup(func() { otel.SetTracerProvider(tracenoop.NewTracerProvider()) })
	resp, err = do(t, p, context.Background(), http.MethodGet, srv.URL, "")
	require.NoError(t, err)
	DrainAndClose(resp.Body)
	assert.Len(t, rec.Ended(), 2)
}

// TestLogRecordsCarryTheOperation: every log record names the operation of its call.
func TestLogRecordsCarryTheOperation(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {})
	var buf strings.Builder
	var mu sync.Mutex
	p := newPipeline(t, testClient(t), func(o *Options) {
		o.Logger = slog.New(slog.NewJSONHandler(lockedWriter{&mu, &buf}, &slog.HandlerOptions{Level: slog.LevelDebug}))
	})
	resp, err := do(t, p, context.Background(), http.MethodGet, srv.URL, "")
	require.NoError(t, err)
	DrainAndClose(resp.Body)
	mu.Lock()
	defer mu.Unlock()
	assert.Contains(t, buf.String(), `"operation":"getThing"`)
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
