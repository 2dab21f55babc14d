package sdkclient

import (
	"errors"

	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/trace"
)

// WithTracerProvider makes the client's spans with tp instead of the global provider.
func WithTracerProvider(tp trace.TracerProvider) Option {
	return func(c *Config) error {
		if tp == nil {
			return errors.New("issuerkit: WithTracerProvider(nil)")
		}
		c.Transport.Telemetry.TracerProvider = tp
		return nil
	}
}

// WithMeterProvider makes the client's instruments with mp instead of the global provider.
func WithMeterProvider(mp metric.MeterProvider) Option {
	return func(c *Config) error {
		if mp == nil {
			return errors.New("issuerkit: WithMeterProvider(nil)")
		}
		c.Transport.Telemetry.MeterProvider = mp
		return nil
	}
}

// WithTracePropagation turns the trace context header (traceparent) of every attempt on or
// off, whatever the API's default (API.NoTracePropagation).
func WithTracePropagation(on bool) Option {
	return func(c *Config) error {
		c.tracePropagation = &on
		return nil
	}
}

// tracePropagation applies the API's default and WithTracePropagation.
func tracePropagation(api API, cfg *Config) {
	off := api.NoTracePropagation
	if cfg.tracePropagation != nil {
		off = !*cfg.tracePropagation
	}
	cfg.Transport.Telemetry.NoPropagation = off
}
