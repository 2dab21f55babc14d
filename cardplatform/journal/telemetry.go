package journal

import (
	"context"
	"errors"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/trace"

	"github.com/issuerkit/issuerkit-go/cardplatform"
)

// instrumentationName names the journal's tracer and meter.
const instrumentationName = "github.com/issuerkit/issuerkit-go/cardplatform/journal"

// The attributes: no key, no scope, no request value ever becomes one (they name people and
// accounts); only the operation, states, outcomes and reasons, each from a closed set.
const (
	keyOperation = attribute.Key("issuerkit.operation")
	keyState     = attribute.Key("issuerkit.journal.state")
	keyOutcome   = attribute.Key("issuerkit.journal.outcome")
	keyReason    = attribute.Key("issuerkit.journal.reason")
)

// telemetry holds the journal's tracer and instruments.
type telemetry struct {
	tracer   trace.Tracer
	resends  metric.Int64Counter
	verdicts metric.Int64Counter
}

// statsTimeout bounds the Store.Stats call behind the gauges, which run on the meter's
// collection with no context of their own.
const statsTimeout = 5 * time.Second

func newTelemetry(tp trace.TracerProvider, mp metric.MeterProvider, s Store) (*telemetry, error) {
	if tp == nil {
		tp = otel.GetTracerProvider()
	}
	if mp == nil {
		mp = otel.GetMeterProvider()
	}
	m := mp.Meter(instrumentationName)
	t := &telemetry{tracer: tp.Tracer(instrumentationName)}
	var err error
	if t.resends, err = m.Int64Counter("issuerkit.journal.resends",
		metric.WithDescription("Attempts sent again after a read-back proved the previous one not committed."),
		metric.WithUnit("{attempt}")); err != nil {
		return nil, err
	}
	if t.verdicts, err = m.Int64Counter("issuerkit.journal.verdicts",
		metric.WithDescription("Read-backs run on entries whose outcome was unknown, by outcome and reason."),
		metric.WithUnit("{verdict}")); err != nil {
		return nil, err
	}
	entries, err := m.Int64ObservableGauge("issuerkit.journal.entries",
		metric.WithDescription("Entries of the journal by state."), metric.WithUnit("{entry}"))
	if err != nil {
		return nil, err
	}
	oldest, err := m.Float64ObservableGauge("issuerkit.journal.oldest_unsettled_age",
		metric.WithDescription("Age of the oldest entry not settled (pending, sending or in review); 0 when none."),
		metric.WithUnit("s"))
	if err != nil {
		return nil, err
	}
	_, err = m.RegisterCallback(func(ctx context.Context, o metric.Observer) error {
		ctx, cancel := context.WithTimeout(ctx, statsTimeout)
		defer cancel()
		st, err := s.Stats(ctx)
		if err != nil {
			return err
		}
		for _, state := range []State{StatePending, StateSending, StateCommitted, StateRefused, StateReview} {
			o.ObserveInt64(entries, st.ByState[state], metric.WithAttributes(keyState.String(string(state))))
		}
		age := 0.0
		if !st.OldestUnsettled.IsZero() {
			age = time.Since(st.OldestUnsettled).Seconds()
		}
		o.ObserveFloat64(oldest, age)
		return nil
	}, entries, oldest)
	return t, err
}

// startDo starts the span of one Do call; end records the state it left the entry in.
func (t *telemetry) startDo(ctx context.Context, op string) (context.Context, func(State, error)) {
	ctx, span := t.tracer.Start(ctx, "journal.Do", trace.WithAttributes(keyOperation.String(op)))
	return ctx, func(s State, err error) {
		if s != "" {
			span.SetAttributes(keyState.String(string(s)))
		}
		if err != nil {
			span.SetStatus(codes.Error, errorKind(err))
		}
		span.End()
	}
}

// startSettle starts the span of one entry worked on by a recovery pass.
func (t *telemetry) startSettle(ctx context.Context, op string) (context.Context, func(step)) {
	ctx, span := t.tracer.Start(ctx, "journal.settle", trace.WithAttributes(keyOperation.String(op)))
	return ctx, func(st step) {
		span.SetAttributes(keyState.String(string(st.e.State)), attribute.Bool("issuerkit.journal.resent", st.resent))
		if st.err != nil {
			span.SetStatus(codes.Error, errorKind(st.err))
		}
		span.End()
	}
}

// startRecover starts the span of one recovery pass.
func (t *telemetry) startRecover(ctx context.Context) (context.Context, func(RecoverReport)) {
	ctx, span := t.tracer.Start(ctx, "journal.Recover")
	return ctx, func(r RecoverReport) {
		span.SetAttributes(
			attribute.Int("issuerkit.journal.looked", r.Looked),
			attribute.Int("issuerkit.journal.committed", r.Committed),
			attribute.Int("issuerkit.journal.refused", r.Refused),
			attribute.Int("issuerkit.journal.review", r.Review),
			attribute.Int("issuerkit.journal.sent", r.Sent),
			attribute.Int("issuerkit.journal.resent", r.Resent),
			attribute.Int("issuerkit.journal.waiting", r.Waiting),
			attribute.Int("issuerkit.journal.busy", r.Busy),
			attribute.Int("issuerkit.journal.failed", r.Failed))
		if r.Err != nil {
			span.SetStatus(codes.Error, errorKind(r.Err))
		}
		span.End()
	}
}

func (t *telemetry) resend(ctx context.Context, op string) {
	t.resends.Add(ctx, 1, metric.WithAttributes(keyOperation.String(op)))
}

func (t *telemetry) verdict(ctx context.Context, rec cardplatform.SettleResult) {
	t.verdicts.Add(ctx, 1, metric.WithAttributes(keyOutcome.String(rec.Outcome.String()), keyReason.String(rec.Reason.String())))
}

// errorKind is a span's status text: the kind of failure from a closed set, never an error's
// text (which may quote what the platform or the Store said).
func errorKind(err error) string {
	switch {
	case errors.Is(err, ErrKeyReused):
		return "key reused"
	case errors.Is(err, ErrReview):
		return "review"
	case errors.Is(err, ErrSettling):
		return "settling"
	case errors.Is(err, ErrFenced):
		return "fenced"
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return "context"
	}
	return "error"
}
