// Command payouts pays people exactly once through the SDK's journal (cardplatform/journal)
// on SQLite, across lost answers and a restart: one payout the platform ran before its answer
// was lost (settled committed by its read-back, never sent again), one that never reached it
// (proved not committed, sent again once), two to the same person (the second waits for the
// first: a read-back could not tell them apart), and one whose read-back another system's
// payout made ambiguous (left for a person's review, never guessed, then resolved). One line
// per step.
//
//	go -C examples/payouts run .
//
// The service writes no journal code: journal.Do records each payout (its request and the
// read-back snapshot) in an SQLite file before sending it (sqlitejournal, pure Go), sends it
// once and returns its recorded result, however often it is called with the payout's key;
// Journal.Recover settles what a crash or a lost answer left open. The program closes and
// reopens the journal between sending and recovering, as a restart would. PAYOUTS_JOURNAL
// names the database file (default: a file in a new temporary directory, removed at the end).
// A fleet of workers shares one Postgres database instead: pgjournal.Open in place of
// sqlitejournal.Open, nothing else changes.
//
// On the embedded sandbox the lost answers are real, provoked by the sandbox's fault injection
// (FailNext: Fault{DropAnswer: true} runs the disbursement and closes the connection instead of
// answering; Fault{Drop: true} closes it before the disbursement runs); no RoundTripper of
// ours is involved. Against a platform (CARDPLATFORM_BASE_URL, CARDPLATFORM_TOKEN,
// CARDPLATFORM_PROGRAM_GUID) nothing is injected: one payout goes through the journal and the
// recovery pass finds nothing to settle. It exits with status 1 on any unexpected answer.
//
// The service's client carries a per-call step of its own (audit.go: WithCallMiddleware, one
// run per call outside the retries, counting outcomes by operation) and an OpenTelemetry
// tracer provider, given to the client and to the journal, whose spans the stdout exporter
// writes, one JSON object a line, to PAYOUTS_SPANS ("-" for this output; default spans.jsonl
// beside the journal). fake_test.go is the service's own unit test on the generated
// cardplatformfake: a lost answer, then the recovery pass, without a sandbox.
//
// This example is a module of its own (examples/payouts/go.mod), so that the SQLite driver
// and the OpenTelemetry SDK never enter the SDK's module graph.
package main

import (
	"context"
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
	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal/sqlitejournal"
	"github.com/issuerkit/issuerkit-go/openapi/core"
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
		core.WithTokenSource(ts),        // sends "Authorization: Bearer <token>", refreshed by ts
		core.WithCallMiddleware(a.step), // once per call, outside the retries
		core.WithTracerProvider(tp),     // a span per call and per attempt
	)
}

// service is the payouts service: a client and the journal it pays through.
type service struct {
	c      *cardplatform.Client
	path   string        // the journal's SQLite file
	settle time.Duration // how long after an attempt the platform may still run it: zero (a minute) on a real platform
	tp     trace.TracerProvider
	s      *steps

	st *sqlitejournal.Store
	j  *journal.Journal
}

// open opens the journal in the SQLite file (created and migrated when needed). This is the
// part to copy into a service, with pgjournal.Open for a fleet on Postgres.
func (p *service) open(ctx context.Context) error {
	st, err := sqlitejournal.Open(ctx, p.path)
	if err != nil {
		return err
	}
	j, err := journal.New(p.c, st, journal.Options{Settle: p.settle, TracerProvider: p.tp})
	if err != nil {
		_ = st.Close()
		return err
	}
	p.st, p.j = st, j
	return nil
}

// restart closes the journal and opens it again, as a new process would.
func (p *service) restart(ctx context.Context) error {
	if err := p.st.Close(); err != nil {
		return err
	}
	return p.open(ctx)
}

// payout is one payout's result through the journal: Do's Result.
type payout = journal.Result[cardplatform.DisbursementResponse]

// pay sends req through the journal under its client reference, the service's key for it:
// the first call records it and sends it once; every later call returns what was recorded.
// An outcome unknown, or a payout waiting for another to the same person, is a
// *journal.SettlingError: it is in the journal, and a recovery pass settles it.
func (p *service) pay(ctx context.Context, req cardplatform.DisbursementDTO) (payout, error) {
	return journal.Do(ctx, p.j, journal.CreateDisbursement, req.ClientReferenceID, req)
}

// run is the whole example, printing to out; it returns the first unexpected error.
func run(ctx context.Context, out io.Writer) error {
	baseURL, token := os.Getenv("CARDPLATFORM_BASE_URL"), os.Getenv("CARDPLATFORM_TOKEN")
	program, err := core.ParseGUID(os.Getenv("CARDPLATFORM_PROGRAM_GUID"))
	var sandbox *cardplatformtest.Server // nil against a real platform
	if baseURL == "" {
		// Only for running the example without a platform: the embedded sandbox.
		if sandbox, err = cardplatformtest.Start(); err != nil {
			return err
		}
		defer sandbox.Close()
		baseURL, token, program = sandbox.URL, sandbox.Token(), core.MustParseGUID(cardplatformtest.DefaultProgramGUID)
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
	var settle time.Duration // the default, a minute, on a real platform
	if sandbox != nil {
		// The sandbox runs a request before it answers or drops it: nothing of a lost request
		// can still run later, so the settle time can be short. Keep the default elsewhere.
		settle = time.Millisecond
	}
	p := &service{c: c, path: path, settle: settle, tp: tp, s: s}
	if err := p.open(ctx); err != nil {
		return err
	}
	defer func() { _ = p.st.Close() }()
	s.Step("journal", "SQLite at %s", path)

	options, err := c.ListPayoutOptions(ctx, cardplatform.ListPayoutOptionsRequest{ProgramGUID: program})
	if err != nil {
		return fmt.Errorf("payout options: %w", err)
	}
	payees := map[string]core.GUID{}
	for _, name := range []string{"Katherine", "Dorothy", "Mary", "Annie"} {
		created, err := c.CreateCard(ctx, cardplatform.CreateCardRequest{ProgramGUID: program,
			Person: cardplatform.Person{FirstName: name, LastName: "Payee", Email: name + "@example.com"}})
		if err != nil {
			return fmt.Errorf("payee %s: %w", name, err)
		}
		payees[name] = created.Person.PersonGUID
	}
	s.Step("payees", "Katherine, Dorothy, Mary and Annie, payout options %v", options)
	batch := core.NewGUID().String()[:8]
	key := func(ref string) string { return "payout-" + batch + "-" + ref }
	request := func(name, ref string, cents int64) cardplatform.DisbursementDTO {
		req := cardplatform.DisbursementDTO{ProgramGUID: program, Amount: core.NewDecimalFromInt(cents, 2),
			ClientReferenceID: key(ref), Person: cardplatform.Person{PersonGUID: payees[name]}}
		if len(options) > 0 {
			req.PayoutOption = options[0]
		}
		return req
	}

	if sandbox == nil {
		err = p.real(ctx, request("Katherine", "a", 25075))
	} else {
		err = p.story(ctx, sandbox, request, key)
	}
	if err != nil {
		return err
	}
	finish()
	return nil
}
