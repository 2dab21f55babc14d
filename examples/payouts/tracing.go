package main

import (
	"io"
	"sync"

	"go.opentelemetry.io/otel/exporters/stdout/stdouttrace"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
)

// newTracing returns a tracer provider whose spans the OpenTelemetry stdout exporter writes
// to w as they end, one JSON object a line, and the count of spans written. An application
// would install it with otel.SetTracerProvider; the example gives it to its client alone
// (core.WithTracerProvider).
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
