// Command reports drains the bank's list endpoints in each of their pagination styles (rows,
// pages, offsets, addenda sequence numbers, keys) with prefetch, through the client-side rate
// limit (5 requests per second, the bank's), and resumes an interrupted drain from a stored
// cursor. It shows both forms of the bank's APIs: the seed's (the default) and the bank's
// current published API, selected by one switch (paging.WithPublishedAPI; the sandbox's is
// pagingtest.WithPublishedAPI). One line per step.
//
//	go run ./examples/reports
//
// It uses the embedded sandboxes (pagingtest, 2,500 records per endpoint; one per form)
// unless BANK_BASE_URL and the bank's credentials point it at the bank; then it runs the
// seed's form, or the published one when BANK_PUBLISHED_API is set, and BANK_REPORT_ACCOUNT
// names the account to report on (BANK_REPORT_ACCOUNT_ID its id for the commercial account
// reporting reads), BANK_KEY_CLIENT_ID the KeyClientId of the RTP participants endpoint (the
// step is skipped without it), and the addenda steps (which need a payment's uuid) are
// skipped. It exits with status 1 on any unexpected answer.
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
	s := exenv.NewSteps(out)
	switch {
	case !exenv.BankConfigured():
		if err := seedForm(ctx, s); err != nil {
			return err
		}
		return publishedForm(ctx, s)
	case os.Getenv("BANK_PUBLISHED_API") != "":
		return publishedForm(ctx, s)
	}
	return seedForm(ctx, s)
}

// seedForm drains the list endpoints in the seed's forms (page parameters in the query).
func seedForm(ctx context.Context, s *exenv.Steps) error {
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
	c := env.Client
	s.Step("connect", "%s, seed forms (the default), client rate limit 5 requests/s (the default)", env.Where)

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

// publishedForm drains the same data through the bank's current published API, selected by
// one switch: paging.WithPublishedAPI() (and pagingtest.WithPublishedAPI() for the sandbox).
// Inquiry page parameters travel in the body, the addenda pageSize in the body as a string
// (and the addenda end on the bank's 1002040-50I), and the commercial account reporting
// reads page by key.
func publishedForm(ctx context.Context, s *exenv.Steps) error {
	env, err := exenv.NewPaging(ctx, []pagingtest.Option{pagingtest.WithPublishedAPI(), pagingtest.WithRecords(records)},
		paging.WithPublishedAPI())
	if err != nil {
		return err
	}
	defer env.Close()
	c := env.Client
	s.Step("published API", "%s, paging.WithPublishedAPI()", env.Where)

	acct, accountID := paging.NewSecret("3123456789"), "K000000001"
	if env.Sandbox == nil {
		acct, accountID = paging.NewSecret(os.Getenv("BANK_REPORT_ACCOUNT")), os.Getenv("BANK_REPORT_ACCOUNT_ID")
		if acct.IsZero() || accountID == "" {
			return errors.New("BANK_REPORT_ACCOUNT and BANK_REPORT_ACCOUNT_ID are needed with BANK_BASE_URL and BANK_PUBLISHED_API")
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
	n, err := drain(c.ACHTransactions(ctx, paging.ACHListRequest{AccountNumber: acct, FromDate: from, ToDate: to}, paging.WithPrefetch(2)))
	if err != nil {
		return fmt.Errorf("published ACH (pages): %w", err)
	}
	s.Step("pages: ACH, published", "%d transactions, pageNumber and pageSize in the body", n)

	if env.Sandbox != nil {
		n, err = drain(c.ACHAddenda(ctx, paging.ACHAddendaRequest{UUID: "3f0c9a0e-5d1b-4c1e-9a57-0d7c2b1e4f10"}, paging.WithPageSize(1000)))
		if err != nil {
			return fmt.Errorf("published ACH addenda (sequence): %w", err)
		}
		s.Step("sequence: addenda, published", "%d addenda, pageSize \"1000\" in the body, ended by %s", n, paging.AddendaEndCode)
	} else {
		s.Step("sequence: addenda, published", "skipped: needs the uuid of an ACH payment")
	}

	// One call: the interaction id the SDK generated comes back in the response metadata.
	var meta paging.Response
	if _, err := c.ListPreviousDayAccountTransactions(ctx, accountID, paging.ListPreviousDayAccountTransactionsRequest{Limit: 1},
		paging.WithResponseInto(&meta)); err != nil {
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
	var cur paging.Cursor
	if err := cur.UnmarshalText(stored); err != nil {
		return err
	}
	more := 0
	for tx, err := range c.PreviousDayAccountTransactions(ctx, accountID, paging.ListPreviousDayAccountTransactionsRequest{}, paging.WithCursor(cur)) {
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
