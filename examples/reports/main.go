// Command reports drains the bank's list endpoints in each of their pagination styles (rows,
// pages, offsets, addenda sequence numbers, keys) with prefetch, through the client-side rate
// limit (5 requests per second, the bank's), and resumes an interrupted drain from a stored
// cursor. It shows both forms of the bank's APIs: the bank's current published API (the
// default, no switch) and the documented form with page parameters in the query, selected by
// one option (paging.WithDocumentedAPI; the sandbox's is pagingtest.WithDocumentedAPI). One
// line per step.
//
//	go run ./examples/reports
//
// newClient is the part to copy into a service: the client certificate (mutual TLS), the
// bank's token source and the client (the documented form only when asked). The example uses the
// embedded sandboxes (pagingtest, 2,500 records per endpoint; one per form) unless
// BANK_BASE_URL and the bank's credentials point it at the bank (the variables of
// examples/validate); then it runs the published form, or the documented one when
// BANK_DOCUMENTED_API is set, and BANK_REPORT_ACCOUNT
// names the account to report on (BANK_REPORT_ACCOUNT_ID its id for the commercial account
// reporting reads), BANK_KEY_CLIENT_ID the KeyClientId of the RTP participants endpoint (the
// step is skipped without it), and the addenda steps (which need a payment's uuid) are
// skipped. It exits with status 1 on any unexpected answer.
package main

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"os/signal"
	"time"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
	"github.com/issuerkit/issuerkit-go/validation"
)

// records is how many records each sandbox endpoint serves.
const records = 2500

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := run(ctx, os.Stdout)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "reports:", err)
		os.Exit(1)
	}
}

// newClient builds a client of the bank's list endpoints at baseURL; stop ends its token
// source. This is the part to copy into a service (reading the values from your own
// configuration). documented selects the documented form instead of the bank as published
// (the default); extra options come last.
func newClient(ctx context.Context, baseURL string, documented bool, extra ...core.Option) (c *paging.Client, stop func(), err error) {
	// Mutual TLS: the bank wants the client certificate it issued at onboarding on every
	// request, the token request included.
	cert, err := tls.LoadX509KeyPair(os.Getenv("BANK_CLIENT_CERT"), os.Getenv("BANK_CLIENT_KEY_FILE"))
	if err != nil {
		return nil, nil, fmt.Errorf("client certificate: %w", err)
	}
	tlsConfig := &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}

	// The bank's token flow (package validation holds it; one source serves every bank
	// client): POST {baseURL}/oauth/v1/token over tlsConfig, the consumer key and secret as
	// HTTP Basic auth, the client id and key as the form fields Id and Key. The last argument
	// is the *http.Client for the token requests: nil builds one.
	ts, err := validation.BankTokenSource(ctx, baseURL, core.BankCredentials{
		ConsumerKey:    os.Getenv("BANK_CONSUMER_KEY"),
		ConsumerSecret: os.Getenv("BANK_CONSUMER_SECRET"),
		ClientID:       os.Getenv("BANK_CLIENT_ID"),
		ClientSecret:   os.Getenv("BANK_CLIENT_KEY"),
	}, tlsConfig, nil)
	if err != nil {
		return nil, nil, err
	}
	opts := []core.Option{
		core.WithTokenSource(ts),      // one cached token, refreshed before it expires
		core.WithTLSConfig(tlsConfig), // the same certificate on every call
	}
	if documented {
		opts = append(opts, paging.WithDocumentedAPI()) // page parameters in the query, the legacy lists
	}
	c, err = paging.New(baseURL, append(opts, extra...)...)
	if err != nil {
		_ = ts.Close()
		return nil, nil, err
	}
	return c, func() { _ = ts.Close() }, nil
}

// bank is what the example talks to: the bank, or an embedded sandbox.
type bank struct {
	client  *paging.Client
	sandbox *pagingtest.Server // nil against the bank
	where   string
	close   func()
}

// connect returns a client of the bank named by BANK_BASE_URL, or of a sandbox started with
// sandbox when it is unset (only for running the example without a bank).
func connect(ctx context.Context, sandbox []pagingtest.Option, documented bool, extra ...core.Option) (*bank, error) {
	if base := os.Getenv("BANK_BASE_URL"); base != "" {
		c, stop, err := newClient(ctx, base, documented, extra...)
		if err != nil {
			return nil, err
		}
		return &bank{client: c, where: base, close: stop}, nil
	}
	if documented {
		sandbox = append(sandbox, pagingtest.WithDocumentedAPI())
		extra = append([]core.Option{paging.WithDocumentedAPI()}, extra...)
	}
	srv, err := pagingtest.Start(sandbox...)
	if err != nil {
		return nil, err
	}
	// The sandbox takes any token over plain HTTP on loopback.
	c, err := paging.New(srv.URL, append([]core.Option{core.WithStaticToken("sandbox-token")}, extra...)...)
	if err != nil {
		srv.Close()
		return nil, err
	}
	return &bank{client: c, sandbox: srv, where: "embedded sandbox at " + srv.URL, close: srv.Close}, nil
}

// run is the whole example, printing to out; it returns the first unexpected error.
func run(ctx context.Context, out io.Writer) error {
	s := &steps{w: out}
	switch {
	case os.Getenv("BANK_BASE_URL") == "":
		if err := queryForm(ctx, s); err != nil {
			return err
		}
		return publishedForm(ctx, s)
	case os.Getenv("BANK_DOCUMENTED_API") != "":
		return queryForm(ctx, s)
	}
	return publishedForm(ctx, s)
}

// queryForm drains the list endpoints in the documented form (paging.WithDocumentedAPI): page
// parameters in the query, and the row-paged legacy lists the bank's files no longer hold.
func queryForm(ctx context.Context, s *steps) error {
	keyClientID := os.Getenv("BANK_KEY_CLIENT_ID")
	if os.Getenv("BANK_BASE_URL") == "" {
		keyClientID = "0123456789abcdef0123456789abcdef"
	}
	env, err := connect(ctx, []pagingtest.Option{pagingtest.WithRecords(records), pagingtest.WithClientID(keyClientID)}, true,
		paging.WithKeyClientID(keyClientID))
	if err != nil {
		return err
	}
	defer env.close()
	c := env.client
	s.Step("connect", "%s, page parameters in the query (paging.WithDocumentedAPI()), client rate limit 5 requests/s (the default)", env.where)

	acct := core.NewSecret("3123456789")
	if env.sandbox == nil {
		if acct = core.NewSecret(os.Getenv("BANK_REPORT_ACCOUNT")); acct.IsZero() {
			return errors.New("BANK_REPORT_ACCOUNT is needed with BANK_BASE_URL")
		}
	}
	to, err := core.ParseDate(time.Now().Format(time.DateOnly))
	if err != nil {
		return err
	}
	from, err := core.ParseDate(time.Now().AddDate(0, 0, -7).Format(time.DateOnly))
	if err != nil {
		return err
	}
	pd := paging.PreviousDayRequest{AccountNumber: []core.Secret{acct}, FromDate: from, ToDate: to}
	start := time.Now()

	n, err := drain(c.PreviousDayTransactions(ctx, pd, core.WithPrefetch(2)))
	if err != nil {
		return fmt.Errorf("previous-day (rows): %w", err)
	}
	s.Step("rows: previous day", "%d transactions, windows of 1,000 rows, prefetch 2", n)

	n, err = drain(c.ACHTransactions(ctx, paging.ACHListRequest{AccountNumber: acct, FromDate: from, ToDate: to}, core.WithPrefetch(2)))
	if err != nil {
		return fmt.Errorf("ACH (pages): %w", err)
	}
	s.Step("pages: ACH transactions", "%d transactions, pages of 1,000, prefetch 2", n)

	if keyClientID != "" {
		n, err = drain(c.RTPParticipants(ctx, core.WithPageSize(500), core.WithPrefetch(1)))
		if err != nil {
			return fmt.Errorf("RTP participants (offsets): %w", err)
		}
		s.Step("offsets: RTP participants", "%d participants, limit 500, prefetch 1, KeyClientId sent", n)
	} else {
		s.Step("offsets: RTP participants", "skipped: BANK_KEY_CLIENT_ID is not set")
	}

	if env.sandbox != nil {
		n, err = drain(c.ACHAddenda(ctx, paging.ACHAddendaRequest{UUID: "3f0c9a0e-5d1b-4c1e-9a57-0d7c2b1e4f10"}, core.WithPageSize(1000), core.WithPrefetch(1)))
		if err != nil {
			return fmt.Errorf("ACH addenda (sequence): %w", err)
		}
		s.Step("sequence: ACH addenda", "%d addenda, 1,000 per request, prefetch 1", n)
	} else {
		s.Step("sequence: ACH addenda", "skipped: needs the uuid of an ACH payment")
	}
	sent := 0
	if env.sandbox != nil {
		sent = len(env.sandbox.Requests())
	}
	elapsed := time.Since(start)
	s.Step("rate limit", "%s in %s: a burst of 5, then 5 requests/s (%.1f/s overall)", requests(sent, env.sandbox != nil),
		elapsed.Round(10*time.Millisecond), float64(sent)/elapsed.Seconds())
	if env.sandbox != nil && sent > 5 && elapsed < time.Duration(sent-5)*time.Second/5 {
		return fmt.Errorf("rate limit: %d requests in %s, faster than 5/s", sent, elapsed)
	}
	return resume(ctx, s, c, pd)
}

// resume drains previous-day transactions in two runs: the first stops part-way and stores
// its cursor as text (what a job would save before exiting), the second starts from it.
func resume(ctx context.Context, s *steps, c *paging.Client, pd paging.PreviousDayRequest) error {
	it := c.PreviousDayTransactionsIterator(ctx, pd)
	seen := map[string]bool{}
	for tx, err := range it.Items() {
		if err != nil {
			return fmt.Errorf("resume, first run: %w", err)
		}
		seen[tx.TransactionKey] = true
		if len(seen) == 1200 {
			break
		}
	}
	stored, err := it.Cursor().MarshalText()
	if err != nil {
		return err
	}
	s.Step("stop and store cursor", "%d transactions read, cursor %q", len(seen), stored)

	var cur core.Cursor
	if err := cur.UnmarshalText(stored); err != nil {
		return err
	}
	more := 0
	for tx, err := range c.PreviousDayTransactions(ctx, pd, core.WithCursor(cur), core.WithPrefetch(1)) {
		if err != nil {
			return fmt.Errorf("resume, second run: %w", err)
		}
		if seen[tx.TransactionKey] {
			return fmt.Errorf("resume: transaction %s delivered twice", tx.TransactionKey)
		}
		seen[tx.TransactionKey] = true
		more++
	}
	s.Step("resume from cursor", "%d more, %d in all, none twice", more, len(seen))
	return nil
}

// drain counts the items of seq, stopping at the first error.
func drain[T any](seq iter.Seq2[T, error]) (int, error) {
	n := 0
	for _, err := range seq {
		if err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// requests says how many requests were sent, when that is known.
func requests(n int, known bool) string {
	if !known {
		return "the drains ran"
	}
	return fmt.Sprintf("%d requests", n)
}

// publishedForm drains the same data through the bank's current published API, the default
// of the client and of the sandbox: no switch.
// Inquiry page parameters travel in the body, the addenda pageSize in the body as a string
// (and the addenda end on the bank's 1002040-50I), and the commercial account reporting
// reads page by key.
func publishedForm(ctx context.Context, s *steps) error {
	env, err := connect(ctx, []pagingtest.Option{pagingtest.WithRecords(records)}, false)
	if err != nil {
		return err
	}
	defer env.close()
	c := env.client
	s.Step("published API", "%s, the bank as published (the default, no switch)", env.where)

	acct, accountID := core.NewSecret("3123456789"), "K000000001"
	if env.sandbox == nil {
		acct, accountID = core.NewSecret(os.Getenv("BANK_REPORT_ACCOUNT")), os.Getenv("BANK_REPORT_ACCOUNT_ID")
		if acct.IsZero() || accountID == "" {
			return errors.New("BANK_REPORT_ACCOUNT and BANK_REPORT_ACCOUNT_ID are needed with BANK_BASE_URL")
		}
	}
	to, err := core.ParseDate(time.Now().Format(time.DateOnly))
	if err != nil {
		return err
	}
	from, err := core.ParseDate(time.Now().AddDate(0, 0, -7).Format(time.DateOnly))
	if err != nil {
		return err
	}
	n, err := drain(c.ACHTransactions(ctx, paging.ACHListRequest{AccountNumber: acct, FromDate: from, ToDate: to}, core.WithPrefetch(2)))
	if err != nil {
		return fmt.Errorf("published ACH (pages): %w", err)
	}
	s.Step("pages: ACH, published", "%d transactions, pageNumber and pageSize in the body", n)

	if env.sandbox != nil {
		n, err = drain(c.ACHAddenda(ctx, paging.ACHAddendaRequest{UUID: "3f0c9a0e-5d1b-4c1e-9a57-0d7c2b1e4f10"}, core.WithPageSize(1000)))
		if err != nil {
			return fmt.Errorf("published ACH addenda (sequence): %w", err)
		}
		s.Step("sequence: addenda, published", "%d addenda, pageSize \"1000\" in the body, ended by %s", n, paging.AddendaEndCode)
	} else {
		s.Step("sequence: addenda, published", "skipped: needs the uuid of an ACH payment")
	}

	// One call: the interaction id the SDK generated comes back in the response metadata.
	var meta core.Response
	if _, err := c.ListPreviousDayAccountTransactions(ctx, accountID, paging.ListPreviousDayAccountTransactionsRequest{Limit: 1},
		core.WithResponseInto(&meta)); err != nil {
		return fmt.Errorf("previous-day account transactions: %w", err)
	}
	s.Step("keys: one page", "status %d, x-fapi-interaction-id %s (generated, echoed)", meta.StatusCode, len36(meta.InteractionID()))

	it := c.PreviousDayAccountTransactionsIterator(ctx, accountID, paging.ListPreviousDayAccountTransactionsRequest{})
	seen := map[string]bool{}
	for tx, err := range it.Items() {
		if err != nil {
			return fmt.Errorf("keys, first run: %w", err)
		}
		seen[tx.TransactionID] = true
		if len(seen) == 1200 {
			break
		}
	}
	stored, err := it.Cursor().MarshalText()
	if err != nil {
		return err
	}
	var cur core.Cursor
	if err := cur.UnmarshalText(stored); err != nil {
		return err
	}
	more := 0
	for tx, err := range c.PreviousDayAccountTransactions(ctx, accountID, paging.ListPreviousDayAccountTransactionsRequest{}, core.WithCursor(cur)) {
		if err != nil {
			return fmt.Errorf("keys, second run: %w", err)
		}
		if seen[tx.TransactionID] {
			return fmt.Errorf("keys: transaction %s delivered twice", tx.TransactionID)
		}
		seen[tx.TransactionID] = true
		more++
	}
	s.Step("keys: stop and resume", "1200 read, %d more, %d in all, none twice (limit 500, next key from each answer, nothing fetched ahead)", more, len(seen))
	return nil
}

// len36 shows an interaction id by its length: its value changes on every run.
func len36(id string) string {
	if len(id) == 36 {
		return "of 36 characters"
	}
	return fmt.Sprintf("%q (not 36 characters)", id)
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
