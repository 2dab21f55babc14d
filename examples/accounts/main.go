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

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/examples/internal/exenv"
)

func main() { exenv.Main("accounts", run) }

// run is the whole example, printing to out; it returns the first unexpected error.
func run(ctx context.Context, out io.Writer) error {
	env, err := exenv.NewCardPlatform()
	if err != nil {
		return err
	}
	defer env.Close()
	c, s := env.Client, exenv.NewSteps(out)
	s.Step("connect", "%s", env.Where)

	created, err := c.CreateCard(ctx, cardplatform.CreateCardRequest{ProgramGUID: env.ProgramGUID,
		Person: cardplatform.Person{FirstName: "Alan", LastName: "Turing", Email: "alan@example.com"}})
	if err != nil {
		return fmt.Errorf("wallet: %w", err)
	}
	wallet := created.Card.WalletGUID
	s.Step("wallet", "%s (of card %s)", wallet, created.Card.CardProxy)

	var accts []cardplatform.GUID
	for _, name := range []string{"Savings", "Travel"} {
		a, err := c.CreateAccount(ctx, cardplatform.CreateAccountRequest{ProgramGUID: env.ProgramGUID, WalletGUID: wallet, AccountName: name})
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
		acct   cardplatform.GUID
		amount string
	}{{accts[0], "0.10"}, {accts[0], "0.20"}, {accts[1], "9999999999999999.99"}, {accts[1], "-0.99"}}
	want := map[cardplatform.GUID]cardplatform.Decimal{}
	for _, m := range moves {
		amt, err := cardplatform.ParseDecimal(m.amount)
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

	ranked, err := c.ListAccountsByBalance(ctx, env.ProgramGUID, cardplatform.ListAccountsByBalanceRequest{Count: 5, Refresh: true})
	if err != nil {
		return fmt.Errorf("rank: %w", err)
	}
	if len(ranked.Items) == 0 || (env.Sandbox != nil && ranked.Items[0].AccountGUID != accts[1]) {
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
