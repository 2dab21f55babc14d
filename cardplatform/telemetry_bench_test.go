package cardplatform_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	metricnoop "go.opentelemetry.io/otel/metric/noop"
	tracenoop "go.opentelemetry.io/otel/trace/noop"
)

// BenchmarkTelemetryGetCard: the cost of the OpenTelemetry hooks of one GetCard answered in
// memory, with no provider installed (the global no-op one, the default) and with explicit
// no-op providers. Compare "default" with the same benchmark on a tree without telemetry; the
// recording SDK's cost is in internal/otelcheck.
func BenchmarkTelemetryGetCard(b *testing.B) {
	ctx := context.Background()
	hc := &http.Client{Transport: memoryTransport{200, benchCard}}
	variants := []struct {
		name string
		opts []core.Option
	}{
		{"default", nil},
		{"noop", []core.Option{core.WithTracerProvider(tracenoop.NewTracerProvider()),
			core.WithMeterProvider(metricnoop.NewMeterProvider())}},
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
