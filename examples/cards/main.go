// Command cards walks a card's life on the card platform: person and card, activate, a status
// change, replacement, PIN, and the PAN (masked when printed). One line per step.
//
//	go run ./examples/cards
//
// It uses the embedded sandbox unless CARDPLATFORM_BASE_URL, CARDPLATFORM_TOKEN and
// CARDPLATFORM_PROGRAM_GUID point it at a platform. It exits with status 1 on any unexpected
// answer.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"

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
		fmt.Fprintln(os.Stderr, "cards:", err)
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

	// Any oauth2.TokenSource works: a fixed token here; with OAuth2 client credentials,
	// (&clientcredentials.Config{ClientID: id, ClientSecret: secret, TokenURL: url}).TokenSource(ctx).
	c, err := newClient(baseURL, oauth2.StaticTokenSource(&oauth2.Token{AccessToken: token}))
	if err != nil {
		return err
	}
	s := &steps{w: out}
	s.Step("connect", "%s", baseURL)

	created, err := c.CreateCard(ctx, cardplatform.CreateCardRequest{
		ProgramGUID: program,
		Person:      cardplatform.Person{FirstName: "Grace", LastName: "Hopper", Email: "grace@example.com"},
	})
	if err != nil {
		return fmt.Errorf("create card: %w", err)
	}
	proxy := created.Card.CardProxy
	s.Step("person", "%s %s %s", created.Person.PersonGUID, created.Person.FirstName, created.Person.LastName)
	s.Step("card", "%s %s %s (%s)", proxy, created.Card.MaskCardPAN, created.Card.CardStatus, created.Card.IssuanceType)

	card, err := c.ActivateCard(ctx, proxy, cardplatform.CardStatusDTO{})
	if err != nil {
		return fmt.Errorf("activate: %w", err)
	}
	if err := want("activate", card.CardStatus, "ACTIVE"); err != nil {
		return err
	}
	s.Step("activate", "%s", card.CardStatus)

	card, err = c.ChangeCardStatus(ctx, proxy, cardplatform.CardStatusDTO{CardStatus: "LOST", StatusReason: "reported lost by the cardholder"})
	if err != nil {
		return fmt.Errorf("status: %w", err)
	}
	if err := want("status", card.CardStatus, "LOST"); err != nil {
		return err
	}
	s.Step("status", "%s", card.CardStatus)

	repl, err := c.ReplaceCard(ctx, proxy, cardplatform.ReplaceCardRequest{ReplacementReason: "LOST"})
	if err != nil {
		return fmt.Errorf("replace: %w", err)
	}
	if repl.ReplacedCardProxy != proxy || repl.CardProxy == proxy {
		return fmt.Errorf("replace: new card %s replacing %s, want a new proxy replacing %s", repl.CardProxy, repl.ReplacedCardProxy, proxy)
	}
	s.Step("replace", "%s -> %s %s %s", proxy, repl.CardProxy, repl.MaskCardPAN, repl.CardStatus)
	proxy = repl.CardProxy

	if _, err := c.ActivateCard(ctx, proxy, cardplatform.CardStatusDTO{}); err != nil {
		return fmt.Errorf("activate replacement: %w", err)
	}
	s.Step("activate replacement", "%s ACTIVE", proxy)

	if _, err := c.SetCardPIN(ctx, proxy, cardplatform.CardPINDTO{PIN: core.NewSecret("2468")}); err != nil {
		return fmt.Errorf("set PIN: %w", err)
	}
	pin, err := c.GetCardPIN(ctx, proxy)
	if err != nil {
		return fmt.Errorf("get PIN: %w", err)
	}
	if pin.PIN.Reveal() != "2468" {
		return fmt.Errorf("get PIN: not the PIN just set")
	}
	s.Step("PIN", "set and read back: %v (printed masked)", pin.PIN)

	pan, err := c.ShowCardPAN(ctx, proxy)
	if err != nil {
		return fmt.Errorf("show PAN: %w", err)
	}
	if pan.CardNumber.Last4() != repl.MaskCardPAN[len(repl.MaskCardPAN)-4:] {
		return fmt.Errorf("show PAN: last four %s do not match %s", pan.CardNumber.Last4(), repl.MaskCardPAN)
	}
	s.Step("show PAN", "%v (Printf masks it; Reveal() gives the digits), expires %s", pan.CardNumber, pan.ExpirationDate)
	return nil
}

// want returns an error unless got is w.
func want[T ~string](step string, got T, w string) error {
	if string(got) != w {
		return fmt.Errorf("%s: status %s, want %s", step, got, w)
	}
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
