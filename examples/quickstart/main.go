// Command quickstart walks the card platform's main flow: create a person and a card,
// activate it, open an account, adjust its balance by an exact decimal amount, search cards,
// and show one typed error (a 404) and one masked PAN. One line per step.
//
//	go run ./examples/quickstart
//
// Without configuration it starts the embedded sandbox (cardplatformtest) in-process. With
// CARDPLATFORM_BASE_URL, CARDPLATFORM_TOKEN and CARDPLATFORM_PROGRAM_GUID it runs the same
// flow against that platform. It exits with status 1 on any unexpected answer.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/examples/internal/exenv"
)

func main() { exenv.Main("quickstart", run) }

// run is the whole example, printing to out; it returns the first unexpected error.
func run(ctx context.Context, out io.Writer) error {
	env, err := exenv.NewCardPlatform()
	if err != nil {
		return err
	}
	defer env.Close()
	c, s := env.Client, exenv.NewSteps(out)
	s.Step("connect", "%s, program %s", env.Where, env.ProgramGUID)

	created, err := c.CreateCard(ctx, cardplatform.CreateCardRequest{
		ProgramGUID: env.ProgramGUID,
		Person: cardplatform.Person{FirstName: "Ada", LastName: "Lovelace", Email: "ada@example.com",
			ClientReferenceID: "quickstart-" + cardplatform.NewGUID().String()[:8]},
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
		ProgramGUID: env.ProgramGUID, WalletGUID: card.WalletGUID, AccountName: "Quickstart spending",
	})
	if err != nil {
		return fmt.Errorf("open account: %w", err)
	}
	s.Step("open account", "%s %q (%s) in wallet %s", acct.AccountGUID, acct.AccountName, acct.AccountStatus, acct.WalletGUID)

	before, err := c.GetAccount(ctx, acct.AccountGUID)
	if err != nil {
		return fmt.Errorf("get account: %w", err)
	}
	amount, err := cardplatform.ParseDecimal("1234567890123.45") // more digits than a float64 keeps
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

	found, err := c.SearchCards(ctx, cardplatform.SearchCardsRequest{ProgramGUID: env.ProgramGUID, PersonGUID: created.Person.PersonGUID})
	if err != nil {
		return fmt.Errorf("search cards: %w", err)
	}
	if !slices.ContainsFunc(found.Items, func(x cardplatform.CardDTO) bool { return x.CardProxy == card.CardProxy }) {
		return fmt.Errorf("search cards: %s not among %d results", card.CardProxy, len(found.Items))
	}
	s.Step("search cards", "%d card(s) of person %s, total %d", len(found.Items), created.Person.PersonGUID, found.Total)

	_, err = c.GetCard(ctx, "0000000000000")
	var pe *cardplatform.ProblemError
	if !errors.Is(err, cardplatform.ErrNotFound) {
		return fmt.Errorf("get unknown card: want ErrNotFound, got %v", err)
	}
	title := "(no body)"
	if errors.As(err, &pe) {
		title = fmt.Sprintf("%d %s", pe.Status, pe.Title)
	}
	s.Step("typed 404", "errors.Is(err, ErrNotFound): true; ProblemError: %s", title)

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
