package otelcheck_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"go.opentelemetry.io/otel/attribute"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal/journaltest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestJournalTelemetry: a span per Do and per entry a recovery pass settles, the four
// metrics (entries by state, age of the oldest unsettled, resends by operation, verdicts by
// outcome and reason), and nothing in any attribute that names the caller's key, the person
// or the program.
func TestJournalTelemetry(t *testing.T) {
	ctx := context.Background()
	srv := cardplatformtest.NewServer(t)
	program := core.MustParseGUID(cardplatformtest.DefaultProgramGUID)
	card, err := srv.Client().CreateCard(ctx, cardplatform.CreateCardRequest{ProgramGUID: program,
		Person: cardplatform.Person{FirstName: "Mary", LastName: "Jackson"}})
	if err != nil {
		t.Fatal(err)
	}
	person := card.Person.PersonGUID
	spans := tracetest.NewSpanRecorder()
	reader := sdkmetric.NewManualReader()
	store := journaltest.NewStore()
	j, err := journal.New(srv.Client(), store, journal.Options{Worker: "w1", Settle: time.Millisecond,
		TracerProvider: sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(spans)),
		MeterProvider:  sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader))})
	if err != nil {
		t.Fatal(err)
	}
	payout := func(ref string) cardplatform.DisbursementDTO {
		return cardplatform.DisbursementDTO{ProgramGUID: program, Amount: core.NewDecimalFromInt(100, 2),
			ClientReferenceID: ref, Person: cardplatform.Person{PersonGUID: person}}
	}
	wait := func(key string) {
		e, err := store.Get(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Until(e.DueAt) + time.Millisecond)
	}

	// A lost request, proved not committed and sent again by a recovery pass; then a pending
	// payout left unsettled, for the gauges.
	if err := srv.FailNext("CreateDisbursement", 1, cardplatformtest.Fault{Drop: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := journal.Do(ctx, j, journal.CreateDisbursement, "payout-key-1", payout("payout-key-1")); err == nil {
		t.Fatal("a dropped request settled at once")
	}
	wait("payout-key-1")
	if rep, err := j.Recover(ctx); err != nil || rep.Resent != 1 || rep.Committed != 1 {
		t.Fatalf("Recover: %+v, %v", rep, err)
	}
	if err := srv.FailNext("SearchAccounts", 1, cardplatformtest.Fault{Status: 400}); err != nil {
		t.Fatal(err)
	}
	if _, err := journal.Do(ctx, j, journal.CreateDisbursement, "payout-key-2", payout("payout-key-2")); err == nil {
		t.Fatal("a payout whose snapshot failed settled")
	}

	byName := map[string]int{}
	for _, s := range spans.Ended() {
		byName[s.Name()]++
		attrs := s.Attributes()
		for _, ev := range s.Events() {
			attrs = append(attrs, ev.Attributes...)
		}
		for _, kv := range attrs {
			v := kv.Value.String()
			for _, secret := range []string{"payout-key", person.String(), program.String()} {
				if strings.Contains(v, secret) {
					t.Errorf("span %s attribute %s = %q names %q", s.Name(), kv.Key, v, secret)
				}
			}
		}
		if strings.HasPrefix(s.Name(), "journal.") && s.Name() != "journal.Recover" {
			if got := attrOf(s.Attributes(), "issuerkit.operation"); got != "createDisbursement" {
				t.Errorf("span %s: operation %q", s.Name(), got)
			}
		}
	}
	if byName["journal.Do"] != 2 || byName["journal.settle"] != 1 || byName["journal.Recover"] != 1 {
		t.Errorf("spans %v, want 2 journal.Do, 1 journal.settle, 1 journal.Recover", byName)
	}

	var rm metricdata.ResourceMetrics
	if err := reader.Collect(ctx, &rm); err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, sm := range rm.ScopeMetrics {
		if sm.Scope.Name != "github.com/issuerkit/issuerkit-go/cardplatform/journal" {
			continue
		}
		for _, m := range sm.Metrics {
			switch d := m.Data.(type) {
			case metricdata.Sum[int64]:
				for _, p := range d.DataPoints {
					got[m.Name+label(p.Attributes)] = float64(p.Value)
				}
			case metricdata.Gauge[int64]:
				for _, p := range d.DataPoints {
					got[m.Name+label(p.Attributes)] = float64(p.Value)
				}
			case metricdata.Gauge[float64]:
				for _, p := range d.DataPoints {
					got[m.Name+label(p.Attributes)] = p.Value
				}
			}
		}
	}
	for name, want := range map[string]float64{
		"issuerkit.journal.resends{issuerkit.operation=createDisbursement}":                                 1,
		"issuerkit.journal.verdicts{issuerkit.journal.outcome=not committed,issuerkit.journal.reason=none}": 1,
		"issuerkit.journal.entries{issuerkit.journal.state=committed}":                                      1,
		"issuerkit.journal.entries{issuerkit.journal.state=pending}":                                        1,
		"issuerkit.journal.entries{issuerkit.journal.state=sending}":                                        0,
	} {
		if v, ok := got[name]; !ok || v != want {
			t.Errorf("%s = %v (recorded: %v), want %v", name, v, ok, want)
		}
	}
	if age, ok := got["issuerkit.journal.oldest_unsettled_age{}"]; !ok || age <= 0 {
		t.Errorf("oldest_unsettled_age = %v (recorded: %v), want > 0 with a pending payout", age, ok)
	}
}

func attrOf(kvs []attribute.KeyValue, key string) string {
	for _, kv := range kvs {
		if string(kv.Key) == key {
			return kv.Value.String()
		}
	}
	return ""
}

// label renders a metric point's attributes as {k=v,...}, sorted by key.
func label(set attribute.Set) string {
	var parts []string
	for _, kv := range set.ToSlice() {
		parts = append(parts, string(kv.Key)+"="+kv.Value.String())
	}
	return "{" + strings.Join(parts, ",") + "}"
}
