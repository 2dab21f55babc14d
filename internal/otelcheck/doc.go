// Package otelcheck holds the tests of the SDK's OpenTelemetry spans and metrics that need
// the OpenTelemetry SDK (tracetest.SpanRecorder, sdkmetric.ManualReader). It is a module of
// its own so that the SDK module requires only the OpenTelemetry API: no SDK, no exporter.
// .ci/run runs its tests with the rest.
package otelcheck
