package main

import (
	"io"
	"os"
	"sync"

	"go.opentelemetry.io/otel/exporters/stdout/stdouttrace"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/examples/internal/exenv"
)

// newClient is the service's own client of the platform exenv chose: the same base URL and
// token, with the service's options (its per-call step, its tracer provider).
func newClient(env *exenv.CardPlatform, opts ...cardplatform.Option) (*cardplatform.Client, error) {
	base, tok := os.Getenv(exenv.EnvCardPlatformURL), os.Getenv(exenv.EnvCardPlatformToken)
	if env.Sandbox != nil {
		base, tok = env.Sandbox.URL, env.Sandbox.Token()
	}
	return cardplatform.New(base, append([]cardplatform.Option{cardplatform.WithStaticToken(tok)}, opts...)...)
}

// newTracing returns a tracer provider whose spans the OpenTelemetry stdout exporter writes
// to w as they end, one JSON object a line, and the count of spans written. An application
// would install it with otel.SetTracerProvider; the example gives it to its client alone
// (cardplatform.WithTracerProvider).
func newTracing(w io.Writer) (*sdktrace.TracerProvider, *lineCount, error) {
	lc := &lineCount{w: w}
	exp, err := stdouttrace.New(stdouttrace.WithWriter(lc))
	if err != nil {
		return nil, nil, err
	}
	return sdktrace.NewTracerProvider(sdktrace.WithSyncer(exp)), lc, nil
}

// lineCount passes writes on to w and counts the lines.
type lineCount struct {
	mu sync.Mutex
	w  io.Writer
	n  int
}

func (l *lineCount) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, b := range p {
		if b == '\n' {
			l.n++
		}
	}
	return l.w.Write(p)
}

// lines returns the number of lines written.
func (l *lineCount) lines() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.n
}
