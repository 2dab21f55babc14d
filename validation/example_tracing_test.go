package validation_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
	"go.opentelemetry.io/otel/trace"
)

// The bank may reject headers it does not know, so a bank client sends no traceparent unless
// WithTracePropagation(true). Here the trace of an incoming request (a remote span context)
// continues to the bank only on the client that opted in. The spans themselves go to the
// global provider, or to WithTracerProvider's.
func ExampleWithTracePropagation() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Printf("traceparent %q\n", r.Header.Get("Traceparent"))
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"Status":"Ok"}`)
	}))
	defer srv.Close()
	tid, _ := trace.TraceIDFromHex("4bf92f3577b34da6a3ce929d0e0e4736")
	sid, _ := trace.SpanIDFromHex("00f067aa0ba902b7")
	ctx := trace.ContextWithRemoteSpanContext(context.Background(), trace.NewSpanContext(trace.SpanContextConfig{
		TraceID: tid, SpanID: sid, TraceFlags: trace.FlagsSampled, Remote: true}))
	for _, on := range []bool{false, true} {
		c, err := validation.New(srv.URL, core.WithStaticToken("tok"), core.WithTracePropagation(on))
		if err != nil {
			panic(err)
		}
		if _, err := c.HealthCheck(ctx); err != nil {
			panic(err)
		}
	}
	// Output:
	// traceparent ""
	// traceparent "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
}
