package cardplatform_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// A disbursement whose answer was lost is settled from a snapshot taken before it was sent:
// here the sandbox runs it and then drops the connection, and the read-back finds the account
// it created. Had it never run, the outcome would be NotCommitted (once the settle time has
// passed), and with another payout to the same person in flight, StillUnknown.
func ExampleClient_SettleDisbursement() {
	srv, err := cardplatformtest.Start()
	if err != nil {
		panic(err)
	}
	defer srv.Close()
	ctx := context.Background()
	program, _ := core.ParseGUID(cardplatformtest.DefaultProgramGUID)
	card, err := srv.Client().CreateCard(ctx, cardplatform.CreateCardRequest{ProgramGUID: program,
		Person: cardplatform.Person{FirstName: "Katherine", LastName: "Johnson"}})
	if err != nil {
		panic(err)
	}
	req := cardplatform.DisbursementDTO{ProgramGUID: program, Amount: core.NewDecimalFromInt(25075, 2),
		ClientReferenceID: "payout-0001", Person: cardplatform.Person{PersonGUID: card.Person.PersonGUID}}

	snap, err := srv.Client().SnapshotDisbursement(ctx, req) // store it with the pending payout
	if err != nil {
		panic(err)
	}
	_ = srv.FailNext("CreateDisbursement", 1, cardplatformtest.Fault{DropAnswer: true})
	_, err = srv.Client().CreateDisbursement(ctx, req)
	fmt.Println("outcome unknown:", errors.Is(err, core.ErrOutcomeUnknown))

	rec, err := srv.Client().SettleDisbursement(ctx, snap, cardplatform.SettleOptions{
		Settle: time.Millisecond, // the sandbox runs a request before it answers or drops it
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(rec.Outcome, len(rec.New) == 1 && rec.New[0] == srv.Disbursements()[0].AccountGUID.String())
	// Output:
	// outcome unknown: true
	// committed true
}

// Every write whose doc names a read-back has the same pair, generated from the spec: here an
// activation whose connection was dropped before the sandbox ran it. Past the settle time the
// card is still PENDING, so it is safe to activate it again, once.
func ExampleClient_SettleActivateCard() {
	srv, err := cardplatformtest.Start()
	if err != nil {
		panic(err)
	}
	defer srv.Close()
	ctx := context.Background()
	c := srv.Client()
	program, _ := core.ParseGUID(cardplatformtest.DefaultProgramGUID)
	card, err := c.CreateCard(ctx, cardplatform.CreateCardRequest{ProgramGUID: program,
		Person: cardplatform.Person{FirstName: "Dorothy", LastName: "Vaughan"}})
	if err != nil {
		panic(err)
	}
	proxy := card.Card.CardProxy

	snap, err := c.SnapshotActivateCard(ctx, proxy, cardplatform.CardStatusDTO{}) // the card's status before
	if err != nil {
		panic(err)
	}
	_ = srv.FailNext("ActivateCard", 1, cardplatformtest.Fault{Drop: true})
	_, err = c.ActivateCard(ctx, proxy, cardplatform.CardStatusDTO{})
	fmt.Println("outcome unknown:", errors.Is(err, core.ErrOutcomeUnknown))

	time.Sleep(2 * time.Millisecond)
	rec, err := c.SettleActivateCard(ctx, snap, cardplatform.SettleOptions{Settle: time.Millisecond})
	if err != nil {
		panic(err)
	}
	fmt.Println(rec.Outcome)
	if rec.Outcome == cardplatform.NotCommitted {
		activated, err := c.ActivateCard(ctx, proxy, cardplatform.CardStatusDTO{})
		if err != nil {
			panic(err)
		}
		fmt.Println(activated.CardStatus)
	}
	// Output:
	// outcome unknown: true
	// not committed
	// ACTIVE
}
