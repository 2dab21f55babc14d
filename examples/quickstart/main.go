// Command quickstart walks the card platform's main flow: create a person and a card,
// activate it, open an account, adjust its balance by an exact decimal amount, search cards,
// and show one typed error (a 404) and one masked PAN. One line per step.
//
//	go run ./examples/quickstart
//
// newClient is the part to copy into a service: it builds the client from a base URL and a
// token source. Without configuration the example starts the embedded sandbox
// (cardplatformtest) in-process and points the same client at it; with CARDPLATFORM_BASE_URL,
// CARDPLATFORM_TOKEN and CARDPLATFORM_PROGRAM_GUID it runs the same flow against that
// platform. It exits with status 1 on any unexpected answer.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"

	"golang.org/x/oauth2"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := run(ctx, os.Stdout)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "quickstart:", err)
		os.Exit(1)
	}
}

// newClient builds a card platform client. This is the part to copy into a service.
func newClient(baseURL string, ts oauth2.TokenSource) (*cardplatform.Client, error) {
	return cardplatform.New(baseURL,
		core.WithTokenSource(ts), // sends "Authorization: Bearer <token>", refreshed by ts
	)
}

// run is the whole example, printing to out; it returns the first unexpected error.
func run(ctx context.Context, out io.Writer) error {
	baseURL, token := os.Getenv("CARDPLATFORM_BASE_URL"), os.Getenv("CARDPLATFORM_TOKEN")
	program, err := core.ParseGUID(os.Getenv("CARDPLATFORM_PROGRAM_GUID"))
	if baseURL == "" {
		// Only for running the example without a platform: the embedded sandbox.
		srv, err := cardplatformtest.Start()
		if err != nil {
			return err
		}
		defer srv.Close()
		baseURL, token, program = srv.URL, srv.Token(), core.MustParseGUID(cardplatformtest.DefaultProgramGUID)
	} else if err != nil || token == "" {
		return fmt.Errorf("with CARDPLATFORM_BASE_URL set CARDPLATFORM_TOKEN and CARDPLATFORM_PROGRAM_GUID (%v)", err)
	}

	// Any oauth2.TokenSource works: a fixed token here; with OAuth2 client credentials,
	// (&clientcredentials.Config{ClientID: id, ClientSecret: secret, TokenURL: url}).TokenSource(ctx).
	c, err := newClient(baseURL, oauth2.StaticTokenSource(&oauth2.Token{AccessToken: token}))
	if err != nil {
		return err
	}
	s := &steps{w: out}
	s.Step("connect", "%s, program %s", baseURL, program)

	created, err := c.CreateCard(ctx, cardplatform.CreateCardRequest{
		ProgramGUID: program,
		Person: cardplatform.Person{FirstName: "Ada", LastName: "Lovelace", Email: "ada@example.com",
			ClientReferenceID: "quickstart-" + core.NewGUID().String()[:8]},
	})
	if err != nil {
		return fmt.Errorf("create card: %w", err)
	}
	card := created.Card
	s.Step("create person and card", "person %s, card %s, %s, %s", created.Person.PersonGUID, card.CardProxy, card.MaskCardPAN, card.CardStatus)

	active, err := c.ActivateCard(ctx, card.CardProxy, cardplatform.CardStatusDTO{})
	if err != nil {
		return fmt.Errorf("activate: %w", err)
	}
	if active.CardStatus != "ACTIVE" {
		return fmt.Errorf("activate: status %s, want ACTIVE", active.CardStatus)
	}
	s.Step("activate card", "%s is %s", active.CardProxy, active.CardStatus)

	acct, err := c.CreateAccount(ctx, cardplatform.CreateAccountRequest{
		ProgramGUID: program, WalletGUID: card.WalletGUID, AccountName: "Quickstart spending",
	})
	if err != nil {
		return fmt.Errorf("open account: %w", err)
	}
	s.Step("open account", "%s %q (%s) in wallet %s", acct.AccountGUID, acct.AccountName, acct.AccountStatus, acct.WalletGUID)

	before, err := c.GetAccount(ctx, acct.AccountGUID)
	if err != nil {
		return fmt.Errorf("get account: %w", err)
	}
	amount, err := core.ParseDecimal("1234567890123.45") // more digits than a float64 keeps
	if err != nil {
		return err
	}
	adj, err := c.AdjustAccountBalance(ctx, cardplatform.AdjustBalanceRequest{
		AccountGUID: acct.AccountGUID, Amount: amount, Description: "quickstart credit",
	})
	if err != nil {
		return fmt.Errorf("adjust balance: %w", err)
	}
	if want := before.LedgerBalance.Add(amount); !adj.LedgerBalance.Equal(want) {
		return fmt.Errorf("adjust balance: ledger %s, want exactly %s", adj.LedgerBalance, want)
	}
	s.Step("adjust balance", "+%s: ledger %s -> %s (exact)", amount, before.LedgerBalance, adj.LedgerBalance)

	found, err := c.SearchCards(ctx, cardplatform.SearchCardsRequest{ProgramGUID: program, PersonGUID: created.Person.PersonGUID})
	if err != nil {
		return fmt.Errorf("search cards: %w", err)
	}
	if !slices.ContainsFunc(found.Items, func(x cardplatform.CardDTO) bool { return x.CardProxy == card.CardProxy }) {
		return fmt.Errorf("search cards: %s not among %d results", card.CardProxy, len(found.Items))
	}
	s.Step("search cards", "%d card(s) of person %s, total %d", len(found.Items), created.Person.PersonGUID, found.Total)

	_, err = c.GetCard(ctx, "0000000000000")
	var pe *core.Problem
	if !errors.Is(err, core.ErrNotFound) {
		return fmt.Errorf("get unknown card: want ErrNotFound, got %v", err)
	}
	title := "(no body)"
	if errors.As(err, &pe) {
		title = fmt.Sprintf("%d %s", pe.Status, pe.Title)
	}
	s.Step("typed 404", "errors.Is(err, core.ErrNotFound): true; *core.Problem: %s", title)

	pan, err := c.ShowCardPAN(ctx, card.CardProxy)
	if err != nil {
		return fmt.Errorf("show PAN: %w", err)
	}
	if pan.CardNumber.IsZero() {
		return errors.New("show PAN: no card number")
	}
	s.Step("show PAN (masked on print)", "card_number %v, cvv %v, last four %s", pan.CardNumber, pan.CVV, pan.CardNumber.Last4())
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
