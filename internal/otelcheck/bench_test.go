package otelcheck_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
)

// memoryTransport answers every request in memory with a card.
type memoryTransport struct{}

func (memoryTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	const body = `{"card_proxy":"proxy-123","card_status":"ACTIVE"}`
	return &http.Response{StatusCode: 200, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: http.Header{"Content-Type": {"application/json"}}, Body: io.NopCloser(strings.NewReader(body)),
		ContentLength: int64(len(body)), Request: r}, nil
}

// BenchmarkRecordingGetCard: what the hooks cost once an application installs the
// OpenTelemetry SDK (every span sampled and recorded, a manual metric reader), beside
// cardplatform's BenchmarkTelemetryGetCard with no provider.
func BenchmarkRecordingGetCard(b *testing.B) {
	ctx := context.Background()
	hc := &http.Client{Transport: memoryTransport{}}
	variants := []struct {
		name string
		opts []core.Option
	}{
		{"default", nil},
		{"sdk", []core.Option{
			core.WithTracerProvider(sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(tracetest.NewSpanRecorder()))),
			core.WithMeterProvider(sdkmetric.NewMeterProvider(sdkmetric.WithReader(sdkmetric.NewManualReader())))}},
	}
	for _, v := range variants {
		c, err := cardplatform.New("http://127.0.0.1:1", append([]core.Option{
			core.WithHTTPClient(hc), core.WithStaticToken("tok")}, v.opts...)...)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(v.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.GetCard(ctx, "proxy-123"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
