package sdkclient

import (
	"context"
	"errors"
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"net/http"
	"strconv"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
)

// instrumentationName names the SDK's tracer and meter.
const instrumentationName = "github.com/issuerkit/issuerkit-go"

// The attribute keys: OpenTelemetry's HTTP client semantic conventions, then the SDK's own.
const (
	keyMethod        = attribute.Key("http.request.method")
	keyServerAddress = attribute.Key("server.address")
	keyServerPort    = attribute.Key("server.port")
	keyURLTemplate   = attribute.Key("url.template")
	keyStatusCode    = attribute.Key("http.response.status_code")
	keyErrorType     = attribute.Key("error.type")
	keyResendCount   = attribute.Key("http.request.resend_count")
	keyOperation     = attribute.Key("issuerkit.operation")
	keyCorrelationID = attribute.Key("issuerkit.correlation_id")
	keyOutcome       = attribute.Key("issuerkit.outcome_unknown")
	keyLockout       = attribute.Key("issuerkit.lockout")
	keyRetryAfter    = attribute.Key("issuerkit.retry_after_s")
	keyStatusClass   = attribute.Key("issuerkit.status_class")
)

// telemetry holds the instruments of one pipeline.
type telemetry struct {
	tracer     trace.Tracer
	propagator propagation.TextMapPropagator // nil: no propagation
	duration   metric.Float64Histogram
	attempts   metric.Int64Histogram
	lockouts   metric.Int64Counter
	// globalTP: the tracer is the global provider's, skipped while no provider is installed.
	globalTP bool
}

// unsetTracerProvider is the global tracer provider as the otel package starts: a delegate
// that makes non-recording spans until an SDK is installed. Spans are not started through it
// (they would cost allocations and record nothing); nil if the global was already set.
var unsetTracerProvider = func() trace.TracerProvider {
	tp := otel.GetTracerProvider()
	if fmt.Sprintf("%T", tp) != "*global.tracerProvider" {
		return nil
	}
	return tp
}()

// tracing reports whether spans are made: a provider was given, or the global one was set.
func (t *telemetry) tracing() bool {
	return !t.globalTP || unsetTracerProvider == nil || otel.GetTracerProvider() != unsetTracerProvider
}

// injectParent writes the trace context of ctx's span, if any, when no span is made.
func (t *telemetry) injectParent(req *http.Request) {
	if t.propagator != nil && trace.SpanContextFromContext(req.Context()).IsValid() {
		t.propagator.Inject(req.Context(), propagation.HeaderCarrier(req.Header))
	}
}

// newTelemetry makes the spans and metrics of a pipeline with t's providers, the global ones
// when unset.
func newTelemetry(t *Options) (*telemetry, error) {
	tp, mp := t.TracerProvider, t.MeterProvider
	if tp == nil {
		tp = otel.GetTracerProvider()
	}
	if mp == nil {
		mp = otel.GetMeterProvider()
	}
	tel := &telemetry{tracer: tp.Tracer(instrumentationName), globalTP: t.TracerProvider == nil}
	if !t.NoPropagation {
		tel.propagator = otel.GetTextMapPropagator()
		if len(tel.propagator.Fields()) == 0 {
			// No global propagator installed: W3C trace context.
			tel.propagator = propagation.TraceContext{}
		}
	}
	m := mp.Meter(instrumentationName)
	var err1, err2, err3 error
	tel.duration, err1 = m.Float64Histogram("http.client.request.duration", metric.WithUnit("s"),
		metric.WithDescription("Duration of each HTTP attempt, by operation and status class."),
		metric.WithExplicitBucketBoundaries(0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10))
	tel.attempts, err2 = m.Int64Histogram("issuerkit.client.call.attempts", metric.WithUnit("{attempt}"),
		metric.WithDescription("Attempts per call, by operation."),
		metric.WithExplicitBucketBoundaries(1, 2, 3, 4, 5, 10))
	tel.lockouts, err3 = m.Int64Counter("issuerkit.client.lockouts", metric.WithUnit("{lockout}"),
		metric.WithDescription("Calls refused or answered 429 by an API that locks clients out, by operation."))
	if err := errors.Join(err1, err2, err3); err != nil {
		return nil, fmt.Errorf("issuerkit: OpenTelemetry instruments: %w", err)
	}
	return tel, nil
}

// callSpanPolicy is the first step of a call: it makes the span of the call, named by its
// operation, sets the User-Agent and the correlation id (setCorrelation), and records attempts
// per call and lock-outs.
type callSpanPolicy struct {
	tel  *telemetry
	ua   []string // the User-Agent header's value, shared by every request (never modified)
	next Next
}

func (p callSpanPolicy) do(req *http.Request) (*http.Response, error) {
	ci := infoOf(req)
	ctx := req.Context()
	name, tmpl := names(ci)
	var span trace.Span = noSpan
	if p.tel.tracing() {
		ctx, span = p.tel.tracer.Start(ctx, name, clientKind)
		if span.SpanContext().IsValid() {
			req = req.WithContext(ctx)
		}
	}
	req.Header["User-Agent"] = p.ua
	var resp *http.Response
	err := setCorrelation(req, ci)
	if err == nil {
		resp, err = p.next(req)
	}
	locked := err != nil && errors.Is(err, core.ErrRateLimited)
	if p.tel.attempts.Enabled(ctx) {
		p.tel.attempts.Record(ctx, int64(ci.attempt()), metric.WithAttributes(keyOperation.String(name)))
	}
	if (locked || (resp == nil && statusOf(err) == http.StatusTooManyRequests)) && p.tel.lockouts.Enabled(ctx) {
		p.tel.lockouts.Add(ctx, 1, metric.WithAttributes(keyOperation.String(name)))
	}
	if span.IsRecording() {
		base := baseAttrs(req, name, tmpl)
		span.SetAttributes(base[:]...)
		span.SetAttributes(keyCorrelationID.String(ci.correlationID()))
		if ci.attempt() > 1 {
			span.SetAttributes(keyResendCount.Int(ci.attempt() - 1))
		}
		finish(span, resp, err)
		if err != nil {
			span.SetAttributes(keyOutcome.Bool(errors.Is(err, core.ErrOutcomeUnknown)))
			if locked {
				span.SetAttributes(keyLockout.Bool(true))
			}
			var ae *core.Error
			if errors.As(err, &ae) && ae.RetryAfter > 0 {
				span.SetAttributes(keyRetryAfter.Float64(ae.RetryAfter.Seconds()))
			}
		}
	}
	span.End()
	return resp, err
}

// attemptSpanPolicy makes the child span of each attempt, writes the trace context on the
// request, and records http.client.request.duration.
type attemptSpanPolicy struct {
	tel  *telemetry
	next Next
}

func (p attemptSpanPolicy) do(req *http.Request) (*http.Response, error) {
	ci := infoOf(req)
	name, tmpl := names(ci)
	if !p.tel.tracing() {
		// No span: the duration alone, when it is measured.
		p.tel.injectParent(req)
		if !p.tel.duration.Enabled(req.Context()) {
			return p.next(req)
		}
		start := time.Now()
		resp, err := p.next(req)
		p.record(req, baseAttrs(req, name, tmpl), start, resp, err)
		return resp, err
	}
	spanName := req.Method // "{method} {url.template}"
	if tmpl != "" {
		spanName += " " + tmpl
	}
	ctx, span := p.tel.tracer.Start(req.Context(), spanName, clientKind)
	recording := span.IsRecording()
	if span.SpanContext().IsValid() {
		req = req.WithContext(ctx)
		if p.tel.propagator != nil {
			p.tel.propagator.Inject(ctx, propagation.HeaderCarrier(req.Header))
		}
	}
	var base [5]attribute.KeyValue
	if recording {
		base = baseAttrs(req, name, tmpl)
		span.SetAttributes(base[:]...)
		if ci.attempt() > 1 {
			span.SetAttributes(keyResendCount.Int(ci.attempt() - 1))
		}
	}
	start := time.Now()
	resp, err := p.next(req)
	if p.tel.duration.Enabled(ctx) {
		if !recording {
			base = baseAttrs(req, name, tmpl)
		}
		p.record(req, base, start, resp, err)
	}
	if recording {
		finish(span, resp, err)
	}
	span.End()
	return resp, err
}

// baseAttrs are the attributes every span and measurement of a request carries. None holds a
// value from the request's path or body: the template, never the URL.
func baseAttrs(req *http.Request, op, tmpl string) [5]attribute.KeyValue {
	port := 443
	if p := req.URL.Port(); p != "" {
		port, _ = strconv.Atoi(p)
	} else if req.URL.Scheme == "http" {
		port = 80
	}
	return [5]attribute.KeyValue{
		keyMethod.String(req.Method), keyServerAddress.String(req.URL.Hostname()),
		keyServerPort.Int(port), keyURLTemplate.String(tmpl), keyOperation.String(op),
	}
}

// finish sets the status attributes of span from the outcome.
func finish(span trace.Span, resp *http.Response, err error) {
	if resp != nil {
		span.SetAttributes(keyStatusCode.Int(resp.StatusCode))
		if resp.StatusCode >= 400 {
			span.SetAttributes(keyErrorType.String(strconv.Itoa(resp.StatusCode)))
			span.SetStatus(codes.Error, strconv.Itoa(resp.StatusCode))
		}
	}
	if err != nil {
		if s := statusOf(err); s != 0 {
			span.SetAttributes(keyStatusCode.Int(s))
		}
		et := errorType(err)
		span.SetAttributes(keyErrorType.String(et))
		span.SetStatus(codes.Error, et) // the type, never the text: it may quote the server
	}
}

// statusOf returns the status of the *core.Error in err, 0 if none.
func statusOf(err error) int {
	var ae *core.Error
	if errors.As(err, &ae) {
		return ae.StatusCode
	}
	return 0
}

// errorType is the error.type of err: the status code, a short name for the SDK's own
// failures, else the Go type. Never the error's text.
func errorType(err error) string {
	switch {
	case errors.Is(err, core.ErrOutcomeUnknown):
		return "outcome_unknown"
	case statusOf(err) != 0:
		return strconv.Itoa(statusOf(err))
	case errors.Is(err, core.ErrRateLimited):
		return "rate_limited"
	case errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	case errors.Is(err, context.Canceled):
		return "canceled"
	case errors.Is(err, ErrRedirectRefused):
		return "redirect_refused"
	case errors.Is(err, ErrTokenSource):
		return "token_source"
	case errors.Is(err, ErrInvalidArgument):
		return "invalid_argument"
	}
	return fmt.Sprintf("%T", err)
}

// clientKind is the start option of every span, built once.
var clientKind = trace.WithSpanKind(trace.SpanKindClient)

// names returns the name of a call's spans and measurements, its operation id, and the path
// template of its attempts ("issuerkit" and none for an unknown operation).
func names(ci *callInfo) (name, tmpl string) {
	if op := ci.op(); op != nil {
		return op.ID, op.Path
	}
	return "issuerkit", ""
}

// noSpan stands for the span of a call when no span is made.
var noSpan = trace.SpanFromContext(context.Background())

// record records http.client.request.duration of one attempt.
func (p attemptSpanPolicy) record(req *http.Request, base [5]attribute.KeyValue, start time.Time, resp *http.Response, err error) {
	elapsed := time.Since(start).Seconds()
	attrs := make([]attribute.KeyValue, 0, len(base)+3)
	attrs = append(attrs, base[:]...)
	if resp != nil {
		attrs = append(attrs, keyStatusCode.Int(resp.StatusCode), keyStatusClass.String(strconv.Itoa(resp.StatusCode/100)+"xx"))
	}
	if err != nil {
		attrs = append(attrs, keyErrorType.String(errorType(err)))
	}
	p.tel.duration.Record(req.Context(), elapsed, metric.WithAttributes(attrs...))
}
