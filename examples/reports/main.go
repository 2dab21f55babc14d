// Command reports drains the bank's list endpoints in each of their pagination styles (rows,
// pages, offsets, addenda sequence numbers) with prefetch, through the client-side rate limit
// (5 requests per second, the bank's), and resumes an interrupted drain from a stored cursor.
// One line per step.
//
//	go run ./examples/reports
//
// It uses the embedded sandbox (pagingtest, 2,500 records per endpoint) unless BANK_BASE_URL
// and the bank's credentials point it at the bank; then BANK_REPORT_ACCOUNT names the account
// to report on, BANK_KEY_CLIENT_ID the KeyClientId of the RTP participants endpoint (the step
// is skipped without it), and the addenda step (which needs a payment's uuid) is skipped. It exits with
// status 1 on any unexpected answer.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"time"

	"github.com/issuerkit/issuerkit-go/examples/internal/exenv"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
)

// records is how many records each sandbox endpoint serves.
const records = 2500

func main() { exenv.Main("reports", run) }

// run is the whole example, printing to out; it returns the first unexpected error.
func run(ctx context.Context, out io.Writer) error {
	keyClientID := os.Getenv("BANK_KEY_CLIENT_ID")
	if os.Getenv(exenv.EnvBankURL) == "" {
		keyClientID = "0123456789abcdef0123456789abcdef"
	}
	env, err := exenv.NewPaging(ctx, []pagingtest.Option{pagingtest.WithRecords(records), pagingtest.WithClientID(keyClientID)},
		paging.WithKeyClientID(keyClientID))
	if err != nil {
		return err
	}
	defer env.Close()
	s, c := exenv.NewSteps(out), env.Client
	s.Step("connect", "%s, client rate limit 5 requests/s (the default)", env.Where)

	acct := paging.NewSecret("3123456789")
	if env.Sandbox == nil {
		if acct = paging.NewSecret(os.Getenv("BANK_REPORT_ACCOUNT")); acct.IsZero() {
			return errors.New("BANK_REPORT_ACCOUNT is needed with BANK_BASE_URL")
		}
	}
	to, err := paging.ParseDate(time.Now().Format(time.DateOnly))
	if err != nil {
		return err
	}
	from, err := paging.ParseDate(time.Now().AddDate(0, 0, -7).Format(time.DateOnly))
	if err != nil {
		return err
	}
	pd := paging.PreviousDayRequest{AccountNumber: []paging.Secret{acct}, FromDate: from, ToDate: to}
	start := time.Now()

	n, err := drain(c.PreviousDayTransactions(ctx, pd, paging.WithPrefetch(2)))
	if err != nil {
		return fmt.Errorf("previous-day (rows): %w", err)
	}
	s.Step("rows: previous day", "%d transactions, windows of 1,000 rows, prefetch 2", n)

	n, err = drain(c.ACHTransactions(ctx, paging.ACHListRequest{AccountNumber: acct, FromDate: from, ToDate: to}, paging.WithPrefetch(2)))
	if err != nil {
		return fmt.Errorf("ACH (pages): %w", err)
	}
	s.Step("pages: ACH transactions", "%d transactions, pages of 1,000, prefetch 2", n)

	if keyClientID != "" {
		n, err = drain(c.RTPParticipants(ctx, paging.WithPageSize(500), paging.WithPrefetch(1)))
		if err != nil {
			return fmt.Errorf("RTP participants (offsets): %w", err)
		}
		s.Step("offsets: RTP participants", "%d participants, limit 500, prefetch 1, KeyClientId sent", n)
	} else {
		s.Step("offsets: RTP participants", "skipped: BANK_KEY_CLIENT_ID is not set")
	}

	if env.Sandbox != nil {
		n, err = drain(c.ACHAddenda(ctx, paging.ACHAddendaRequest{UUID: "3f0c9a0e-5d1b-4c1e-9a57-0d7c2b1e4f10"}, paging.WithPageSize(1000)))
		if err != nil {
			return fmt.Errorf("ACH addenda (sequence): %w", err)
		}
		s.Step("sequence: ACH addenda", "%d addenda, 1,000 per request", n)
	} else {
		s.Step("sequence: ACH addenda", "skipped: needs the uuid of an ACH payment")
	}
	sent := 0
	if env.Sandbox != nil {
		sent = len(env.Sandbox.Requests())
	}
	elapsed := time.Since(start)
	s.Step("rate limit", "%s in %s: a burst of 5, then 5 requests/s (%.1f/s overall)", requests(sent, env.Sandbox != nil),
		elapsed.Round(10*time.Millisecond), float64(sent)/elapsed.Seconds())
	if env.Sandbox != nil && sent > 5 && elapsed < time.Duration(sent-5)*time.Second/5 {
		return fmt.Errorf("rate limit: %d requests in %s, faster than 5/s", sent, elapsed)
	}
	return resume(ctx, s, c, pd)
}

// resume drains previous-day transactions in two runs: the first stops part-way and stores
// its cursor as text (what a job would save before exiting), the second starts from it.
func resume(ctx context.Context, s *exenv.Steps, c *paging.Client, pd paging.PreviousDayRequest) error {
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

	var cur paging.Cursor
	if err := cur.UnmarshalText(stored); err != nil {
		return err
	}
	more := 0
	for tx, err := range c.PreviousDayTransactions(ctx, pd, paging.WithCursor(cur), paging.WithPrefetch(1)) {
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
