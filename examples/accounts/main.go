// Command accounts opens accounts on the card platform, renames one, moves balances by exact
// decimal amounts, and ranks the program's accounts by balance. One line per step.
//
//	go run ./examples/accounts
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
		fmt.Fprintln(os.Stderr, "accounts:", err)
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

	created, err := c.CreateCard(ctx, cardplatform.CreateCardRequest{ProgramGUID: program,
		Person: cardplatform.Person{FirstName: "Alan", LastName: "Turing", Email: "alan@example.com"}})
	if err != nil {
		return fmt.Errorf("wallet: %w", err)
	}
	wallet := created.Card.WalletGUID
	s.Step("wallet", "%s (of card %s)", wallet, created.Card.CardProxy)

	var accts []core.GUID
	for _, name := range []string{"Savings", "Travel"} {
		a, err := c.CreateAccount(ctx, cardplatform.CreateAccountRequest{ProgramGUID: program, WalletGUID: wallet, AccountName: name})
		if err != nil {
			return fmt.Errorf("create %s: %w", name, err)
		}
		accts = append(accts, a.AccountGUID)
		s.Step("create account", "%s %q %s", a.AccountGUID, a.AccountName, a.AccountStatus)
	}

	renamed, err := c.UpdateAccount(ctx, accts[1], cardplatform.UpdateAccountInfoRequest{AccountName: "Travel 2025"})
	if err != nil {
		return fmt.Errorf("rename: %w", err)
	}
	if renamed.AccountName != "Travel 2025" {
		return fmt.Errorf("rename: name %q", renamed.AccountName)
	}
	s.Step("rename", "%s is now %q", renamed.AccountGUID, renamed.AccountName)

	// 0.10 + 0.20 is 0.30 exactly, and 18-digit amounts keep every cent: no float64 anywhere.
	moves := []struct {
		acct   core.GUID
		amount string
	}{{accts[0], "0.10"}, {accts[0], "0.20"}, {accts[1], "9999999999999999.99"}, {accts[1], "-0.99"}}
	want := map[core.GUID]core.Decimal{}
	for _, m := range moves {
		amt, err := core.ParseDecimal(m.amount)
		if err != nil {
			return err
		}
		r, err := c.AdjustAccountBalance(ctx, cardplatform.AdjustBalanceRequest{AccountGUID: m.acct, Amount: amt, Description: "example"})
		if err != nil {
			return fmt.Errorf("adjust %s by %s: %w", m.acct, amt, err)
		}
		if w, ok := want[m.acct]; ok {
			want[m.acct] = w.Add(amt)
		} else {
			want[m.acct] = amt
		}
		s.Step("adjust balance", "%s %s -> ledger %s", m.acct, m.amount, r.LedgerBalance)
	}
	for _, g := range accts {
		a, err := c.GetAccount(ctx, g)
		if err != nil {
			return fmt.Errorf("get %s: %w", g, err)
		}
		if !a.LedgerBalance.Equal(want[g]) {
			return fmt.Errorf("balance of %s: %s, want exactly %s", g, a.LedgerBalance, want[g])
		}
		s.Step("balance (exact)", "%s %q ledger %s available %s", g, a.AccountName, a.LedgerBalance, a.AvailableBalance)
	}

	ranked, err := c.ListAccountsByBalance(ctx, program, cardplatform.ListAccountsByBalanceRequest{Count: 5, Refresh: true})
	if err != nil {
		return fmt.Errorf("rank: %w", err)
	}
	if len(ranked.Items) == 0 || (sandbox != nil && ranked.Items[0].AccountGUID != accts[1]) {
		return fmt.Errorf("rank: %d items, want %s first", len(ranked.Items), accts[1])
	}
	for i, a := range ranked.Items {
		if i > 0 && a.LedgerBalance.Cmp(ranked.Items[i-1].LedgerBalance) > 0 {
			return fmt.Errorf("rank: %s (%s) after a lower balance", a.AccountGUID, a.LedgerBalance)
		}
	}
	top := ranked.Items[0]
	s.Step("ranked by balance", "%d account(s), top %s %q %s", len(ranked.Items), top.AccountGUID, top.AccountName, top.LedgerBalance)
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
