// Command payouts pays people through a journal of pending writes and settles the payouts
// whose answer was lost: one the platform ran before the answer was lost (committed, never
// sent again), one that never reached it (not committed, sent again once), and two to the same
// person at once (still unknown: left for a manual review, never guessed). One line per step.
//
//	go -C examples/payouts run .
//
// The journal is an SQLite database (database/sql with modernc.org/sqlite, pure Go): each
// payout is written down, with the read-back snapshot cardplatform.SnapshotDisbursement takes,
// before it is sent, so a restart finds every payout whose outcome is not known. The program
// closes and reopens it between sending and reconciling, as a restart would. journal.go says
// how the same works on Postgres. PAYOUTS_JOURNAL names the database file (default: a file in
// a new temporary directory, removed at the end).
//
// On the embedded sandbox the lost answers are real, provoked by the sandbox's fault injection
// (FailNext: Fault{DropAnswer: true} runs the disbursement and closes the connection instead of
// answering; Fault{Drop: true} closes it before the disbursement runs); no RoundTripper of
// ours is involved. Against a platform (CARDPLATFORM_BASE_URL, CARDPLATFORM_TOKEN,
// CARDPLATFORM_PROGRAM_GUID) nothing is injected: one payout goes through the journal and the
// reconciliation pass finds nothing to settle. It exits with status 1 on any unexpected
// answer.
//
// The service's client carries a per-call step of its own (audit.go: WithCallMiddleware, one
// run per call outside the retries, counting outcomes by operation) and an OpenTelemetry
// tracer provider whose spans the stdout exporter writes, one JSON object a line, to
// PAYOUTS_SPANS ("-" for this output; default spans.jsonl beside the journal). fake_test.go is
// the service's own unit test on the generated cardplatformfake: a lost answer, then the
// reconciliation, without a sandbox.
//
// This example is a module of its own (examples/payouts/go.mod), so that the SQLite driver
// and the OpenTelemetry SDK never enter the SDK's module graph.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"time"

	"go.opentelemetry.io/otel/trace"
	"golang.org/x/oauth2"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := run(ctx, os.Stdout)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "payouts:", err)
		os.Exit(1)
	}
}

// newClient builds a card platform client. This is the part to copy into a service: the
// service's per-call step (a, see audit.go) and its OpenTelemetry tracer provider (tp; without
// WithTracerProvider the global one, otel.SetTracerProvider).
func newClient(baseURL string, ts oauth2.TokenSource, a *audit, tp trace.TracerProvider) (*cardplatform.Client, error) {
	return cardplatform.New(baseURL,
		cardplatform.WithTokenSource(ts),        // sends "Authorization: Bearer <token>", refreshed by ts
		cardplatform.WithCallMiddleware(a.step), // once per call, outside the retries
		cardplatform.WithTracerProvider(tp),     // a span per call and per attempt
	)
}

// payer sends payouts through the journal and settles them.
type payer struct {
	c      *cardplatform.Client
	j      *journal
	settle time.Duration // ReconcileOptions.Settle: zero (a minute) on a real platform
}

// sent is what happened to one payout sent once.
type sent struct {
	state         string
	answer        *cardplatform.DisbursementResponse
	correlationID string
	err           error // the call's error: an *OutcomeUnknownError while pending
}

// pay writes the payout down as pending with the snapshot of its read-back, then sends it
// once. A 2xx settles it committed, an error answer refused; an outcome unknown leaves it
// pending for reconcile.
func (p *payer) pay(ctx context.Context, req cardplatform.DisbursementDTO) (sent, error) {
	snap, err := p.c.SnapshotDisbursement(ctx, req) // ErrNoReadBack: a payee the platform cannot search
	if err != nil {
		return sent{}, err
	}
	s := sent{state: statePending, correlationID: cardplatform.NewGUID().String()}
	if err := p.j.begin(ctx, req, snap, s.correlationID); err != nil {
		return sent{}, err
	}
	s.answer, s.err = p.c.CreateDisbursement(ctx, req, cardplatform.WithCorrelationID(s.correlationID))
	switch {
	case errors.Is(s.err, cardplatform.ErrOutcomeUnknown):
		return s, nil // pending: the journal has it
	case s.err != nil:
		s.state = stateRefused
		return s, p.j.settle(ctx, req.ClientReferenceID, stateRefused, "", s.err.Error())
	}
	s.state = stateCommitted
	return s, p.j.settle(ctx, req.ClientReferenceID, stateCommitted, s.answer.AccountGUID.String(), "the platform answered "+s.answer.Status)
}

// settled is the reconciliation of one pending payout.
type settled struct {
	e      entry
	rec    cardplatform.Reconciliation
	resent *sent // the new attempt, when the read-back proved the first was not committed
}

// reconcile settles the journal's pending payouts, oldest first: committed ones are recorded,
// not committed ones are sent again (once, through pay), and still unknown ones stay pending
// with the evidence, for a later pass or a manual review.
func (p *payer) reconcile(ctx context.Context) ([]settled, error) {
	pending, err := p.j.pending(ctx)
	if err != nil {
		return nil, err
	}
	var out []settled
	for _, e := range pending {
		inFlight, known, err := p.j.context(ctx, e.Person, e.Ref)
		if err != nil {
			return nil, err
		}
		rec, err := p.c.ReconcileDisbursement(ctx, e.Snapshot, cardplatform.ReconcileOptions{InFlight: inFlight, Known: known, Settle: p.settle})
		if err != nil {
			return nil, err
		}
		s := settled{e: e, rec: rec}
		switch rec.Outcome {
		case cardplatform.Committed:
			err = p.j.settle(ctx, e.Ref, stateCommitted, rec.New[0], rec.Evidence)
		case cardplatform.NotCommitted:
			var again sent
			if again, err = p.pay(ctx, e.Request); err == nil {
				s.resent = &again
			}
		default:
			err = p.j.note(ctx, e.Ref, rec.Evidence)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// run is the whole example, printing to out; it returns the first unexpected error.
func run(ctx context.Context, out io.Writer) error {
	baseURL, token := os.Getenv("CARDPLATFORM_BASE_URL"), os.Getenv("CARDPLATFORM_TOKEN")
	program, err := cardplatform.ParseGUID(os.Getenv("CARDPLATFORM_PROGRAM_GUID"))
	var sandbox *cardplatformtest.Server // nil against a real platform
	if baseURL == "" {
		// Only for running the example without a platform: the embedded sandbox.
		if sandbox, err = cardplatformtest.Start(); err != nil {
			return err
		}
		defer sandbox.Close()
		baseURL, token, program = sandbox.URL, sandbox.Token(), cardplatform.MustParseGUID(cardplatformtest.DefaultProgramGUID)
	} else if err != nil || token == "" {
		return fmt.Errorf("with CARDPLATFORM_BASE_URL set CARDPLATFORM_TOKEN and CARDPLATFORM_PROGRAM_GUID (%v)", err)
	}

	s := &steps{w: out}
	s.Step("connect", "%s", baseURL)

	path := os.Getenv("PAYOUTS_JOURNAL")
	if path == "" {
		dir, err := os.MkdirTemp("", "payouts-journal-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		path = filepath.Join(dir, "journal.db")
	}
	j, err := openJournal(ctx, path)
	if err != nil {
		return err
	}
	defer func() { _ = j.Close() }()
	s.Step("journal", "SQLite at %s", path)

	// Spans go to the OpenTelemetry stdout exporter, writing to PAYOUTS_SPANS ("-": this
	// output; default: spans.jsonl beside the journal).
	spansTo, spansPath := out, os.Getenv("PAYOUTS_SPANS")
	if spansPath == "" {
		spansPath = filepath.Join(filepath.Dir(path), "spans.jsonl")
	}
	if spansPath != "-" {
		f, err := os.Create(spansPath)
		if err != nil {
			return err
		}
		defer f.Close()
		spansTo = f
	}
	tp, spans, err := newTracing(spansTo)
	if err != nil {
		return err
	}
	defer func() { _ = tp.Shutdown(context.WithoutCancel(ctx)) }()
	a := &audit{}
	finish := func() {
		s.Step("audit", "per-call step: %s", a)
		s.Step("trace", "%d spans written by the OpenTelemetry stdout exporter to %s", spans.lines(), spansPath)
	}

	// Any oauth2.TokenSource works: a fixed token here; with OAuth2 client credentials,
	// (&clientcredentials.Config{ClientID: id, ClientSecret: secret, TokenURL: url}).TokenSource(ctx).
	c, err := newClient(baseURL, oauth2.StaticTokenSource(&oauth2.Token{AccessToken: token}), a, tp)
	if err != nil {
		return err
	}
	p := &payer{c: c, j: j}
	if sandbox != nil {
		// The sandbox runs a request before it answers or drops it: nothing of a lost request
		// can still run later, so the settle time can be short. Keep the default elsewhere.
		p.settle = time.Millisecond
	}

	options, err := c.ListPayoutOptions(ctx, cardplatform.ListPayoutOptionsRequest{ProgramGUID: program})
	if err != nil {
		return fmt.Errorf("payout options: %w", err)
	}
	payees := map[string]cardplatform.GUID{}
	for _, name := range []string{"Katherine", "Dorothy", "Mary"} {
		created, err := c.CreateCard(ctx, cardplatform.CreateCardRequest{ProgramGUID: program,
			Person: cardplatform.Person{FirstName: name, LastName: "Payee", Email: name + "@example.com"}})
		if err != nil {
			return fmt.Errorf("payee %s: %w", name, err)
		}
		payees[name] = created.Person.PersonGUID
	}
	s.Step("payees", "Katherine, Dorothy and Mary, payout options %v", options)
	batch := cardplatform.NewGUID().String()[:8]
	payout := func(name, ref string, cents int64) cardplatform.DisbursementDTO {
		req := cardplatform.DisbursementDTO{ProgramGUID: program, Amount: cardplatform.NewDecimalFromInt(cents, 2),
			ClientReferenceID: "payout-" + batch + "-" + ref, Person: cardplatform.Person{PersonGUID: payees[name]}}
		if len(options) > 0 {
			req.PayoutOption = options[0]
		}
		return req
	}

	if sandbox == nil {
		if err := runReal(ctx, p, s, payout("Katherine", "a", 25075)); err != nil {
			return err
		}
		finish()
		return nil
	}
	srv := sandbox

	// Four payouts whose answers are lost: a ran (answer lost after), b never arrived, and two
	// to Mary at once (c1 ran, c2 did not).
	lost := []struct {
		name, ref string
		cents     int64
		fault     cardplatformtest.Fault
		what      string
	}{
		{"Katherine", "a", 25075, cardplatformtest.Fault{DropAnswer: true}, "ran, answer lost"},
		{"Dorothy", "b", 12000, cardplatformtest.Fault{Drop: true}, "never ran"},
		{"Mary", "c1", 5000, cardplatformtest.Fault{DropAnswer: true}, "ran, answer lost"},
		{"Mary", "c2", 7000, cardplatformtest.Fault{Drop: true}, "never ran"},
	}
	for _, l := range lost {
		if err := srv.FailNext("CreateDisbursement", 1, l.fault); err != nil {
			return err
		}
		before := len(srv.RequestsFor("CreateDisbursement"))
		res, err := p.pay(ctx, payout(l.name, l.ref, l.cents))
		if err != nil {
			return fmt.Errorf("payout %s: %w", l.ref, err)
		}
		var unknown *cardplatform.OutcomeUnknownError
		if res.state != statePending || !errors.As(res.err, &unknown) {
			return fmt.Errorf("payout %s: want an outcome unknown, got %s (%v)", l.ref, res.state, res.err)
		}
		if n := len(srv.RequestsFor("CreateDisbursement")) - before; n != 1 || unknown.Attempts != 1 {
			return fmt.Errorf("payout %s: sent %d time(s), want once", l.ref, n)
		}
		s.Step("pay "+l.ref+" ("+l.name+")", "outcome unknown, sent once (platform side: %s), journal: pending", l.what)
	}

	// A restart: the journal is all that is left of the four payouts.
	if err := j.Close(); err != nil {
		return err
	}
	if j, err = openJournal(ctx, path); err != nil {
		return err
	}
	p.j = j
	pending, err := j.pending(ctx)
	if err != nil {
		return err
	}
	s.Step("restart", "journal reopened: %d payouts pending", len(pending))

	results, err := p.reconcile(ctx)
	if err != nil {
		return err
	}
	want := map[string]cardplatform.Outcome{"a": cardplatform.Committed, "b": cardplatform.NotCommitted,
		"c1": cardplatform.StillUnknown, "c2": cardplatform.StillUnknown}
	for _, r := range results {
		ref := r.e.Request.ClientReferenceID[len("payout-"+batch+"-"):]
		if r.rec.Outcome != want[ref] {
			return fmt.Errorf("reconcile %s: %s, want %s: %s", ref, r.rec.Outcome, want[ref], r.rec.Evidence)
		}
		switch {
		case r.resent != nil && r.resent.state == stateCommitted:
			s.Step("reconcile "+ref, "not committed, sent again: %s %s, journal: committed", r.resent.answer.Amount, r.resent.answer.Status)
		case r.resent != nil:
			return fmt.Errorf("reconcile %s: sent again: %s (%v)", ref, r.resent.state, r.resent.err)
		case r.rec.Outcome == cardplatform.Committed:
			s.Step("reconcile "+ref, "committed (account %s), journal: committed, not sent again", r.rec.New[0])
		case r.rec.Reason == cardplatform.ReasonInFlight:
			s.Step("reconcile "+ref, "still unknown: another payout to Mary is pending, a new account could be either's; left pending for a manual review, not sent again")
		default:
			return fmt.Errorf("reconcile %s: still unknown (%s): %s", ref, r.rec.Reason, r.rec.Evidence)
		}
	}

	// What the platform did, read from the sandbox's state: every payout at most once, the two
	// settled ones exactly once, and of Mary's two the one that ran.
	paid := map[string]int{}
	for _, d := range srv.Disbursements() {
		paid[d.ClientReferenceID]++
	}
	for ref, n := range map[string]int{"a": 1, "b": 1, "c1": 1, "c2": 0} {
		if got := paid["payout-"+batch+"-"+ref]; got != n {
			return fmt.Errorf("platform: payout %s queued %d time(s), want %d", ref, got, n)
		}
	}
	e, err := j.get(ctx, "payout-"+batch+"-a")
	if err != nil {
		return err
	}
	s.Step("platform", "a and b paid once each, c1 once and c2 never (awaiting review); a's evidence: %s", e.Evidence)
	finish()
	return nil
}

// runReal pays one payout through the journal against a real platform, then runs the
// reconciliation pass, which finds nothing pending unless the answer was lost.
func runReal(ctx context.Context, p *payer, s *steps, req cardplatform.DisbursementDTO) error {
	res, err := p.pay(ctx, req)
	if err != nil {
		return err
	}
	switch res.state {
	case stateCommitted:
		s.Step("pay", "%s %s %s, journal: committed", res.answer.DisbursementGUID, res.answer.Amount, res.answer.Status)
	case stateRefused:
		return fmt.Errorf("pay: refused: %w", res.err)
	default:
		s.Step("pay", "outcome unknown (%v), journal: pending", res.err)
	}
	results, err := p.reconcile(ctx)
	if err != nil {
		return err
	}
	for _, r := range results {
		s.Step("reconcile", "%s: %s", r.e.Ref, r.rec.Evidence)
	}
	s.Step("reconcile", "%d pending payout(s) examined", len(results))
	return nil
}

// steps prints one numbered line per step of the example.
type steps struct {
	w io.Writer
	n int
}

// Step prints the next line: the step's number, its name and the formatted detail.
func (s *steps) Step(name, format string, args ...any) {
	s.n++
	fmt.Fprintf(s.w, "%2d. %-28s %s\n", s.n, name, fmt.Sprintf(format, args...))
}
