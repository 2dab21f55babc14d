package validation_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
)

// TestBankTracePropagationIsOptIn: the bank may reject unknown headers, so its clients send
// no traceparent unless WithTracePropagation(true); the spans are made either way.
func TestBankTracePropagationIsOptIn(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Header.Get("Traceparent"))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"Status":"Ok"}`)
	}))
	defer srv.Close()
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	for _, on := range []bool{false, true} {
		opts := []validation.Option{validation.WithStaticToken("tok"), validation.WithTracerProvider(tp)}
		if on {
			opts = append(opts, validation.WithTracePropagation(true))
		}
		c, err := validation.New(srv.URL, opts...)
		require.NoError(t, err)
		_, err = c.HealthCheck(context.Background())
		require.NoError(t, err)
	}
	require.Len(t, seen, 2)
	assert.Empty(t, seen[0], "off by default")
	assert.NotEmpty(t, seen[1])
	spans := rec.Ended()
	require.Len(t, spans, 4)
	assert.Equal(t, "checkHealthV2", spans[1].Name())
}
