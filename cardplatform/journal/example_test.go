package journal_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/cardplatform/journal/journaltest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// A payout runs once under its key, however often it is asked for: here its answer is lost
// on the way back, the first call says it is still settling, and a recovery pass settles it
// by read-back. Asking again returns the recorded result; nothing is sent twice. In a service
// the Store is sqlitejournal's or pgjournal's, and Recover runs on start and on a timer (Run).
func ExampleDo() {
	ctx := context.Background()
	srv, err := cardplatformtest.Start()
	if err != nil {
		panic(err)
	}
	defer srv.Close()
	program := core.MustParseGUID(cardplatformtest.DefaultProgramGUID)
	card, err := srv.Client().CreateCard(ctx, cardplatform.CreateCardRequest{ProgramGUID: program,
		Person: cardplatform.Person{FirstName: "Mary", LastName: "Jackson"}})
	if err != nil {
		panic(err)
	}
	// The sandbox runs a request before it answers or drops it: a millisecond settles it.
	j, err := journal.New(srv.Client(), journaltest.NewStore(), journal.Options{Settle: time.Millisecond})
	if err != nil {
		panic(err)
	}
	req := cardplatform.DisbursementDTO{ProgramGUID: program, Amount: core.NewDecimalFromInt(25075, 2),
		ClientReferenceID: "payout-0001", Person: cardplatform.Person{PersonGUID: card.Person.PersonGUID}}

	_ = srv.FailNext("CreateDisbursement", 1, cardplatformtest.Fault{DropAnswer: true})
	_, err = journal.Do(ctx, j, journal.CreateDisbursement, "payout-0001", req)
	var settling *journal.SettlingError
	if errors.As(err, &settling) {
		fmt.Println("first call:", settling.State, "-", settling.Reason)
		time.Sleep(time.Until(settling.DueAt) + time.Millisecond)
	}

	rep, err := j.Recover(ctx)
	if err != nil {
		panic(err)
	}
	fmt.Println("recovery pass: committed", rep.Committed, "sent", rep.Sent)

	r, err := journal.Do(ctx, j, journal.CreateDisbursement, "payout-0001", req)
	if err != nil {
		panic(err)
	}
	fmt.Println("again:", r.State, "- proved by read-back:", r.ReadBack.Outcome)
	fmt.Println("requests sent:", len(srv.RequestsFor("CreateDisbursement")))
	// Output:
	// first call: sending - outcome unknown
	// recovery pass: committed 1 sent 0
	// again: committed - proved by read-back: committed
	// requests sent: 1
}

// What became of a payout, asked later by a support tool with its own Journal on the same
// Store: no request at hand, nothing sent, nothing changed. A key never written is
// ErrNotFound; one written by another operation is ErrKeyReused.
func ExampleLookup() {
	ctx := context.Background()
	srv, err := cardplatformtest.Start()
	if err != nil {
		panic(err)
	}
	defer srv.Close()
	program := core.MustParseGUID(cardplatformtest.DefaultProgramGUID)
	card, err := srv.Client().CreateCard(ctx, cardplatform.CreateCardRequest{ProgramGUID: program,
		Person: cardplatform.Person{FirstName: "Mary", LastName: "Jackson"}})
	if err != nil {
		panic(err)
	}
	store := journaltest.NewStore() // sqlitejournal's or pgjournal's in a service
	payouts, err := journal.New(srv.Client(), store, journal.Options{Worker: "payouts"})
	if err != nil {
		panic(err)
	}
	_, err = journal.Do(ctx, payouts, journal.CreateDisbursement, "payout-0001", cardplatform.DisbursementDTO{
		ProgramGUID: program, Amount: core.NewDecimalFromInt(0, 2), // the platform refuses an amount of zero
		ClientReferenceID: "payout-0001", Person: cardplatform.Person{PersonGUID: card.Person.PersonGUID}})
	if err != nil {
		panic(err)
	}

	support, err := journal.New(srv.Client(), store, journal.Options{Worker: "support"})
	if err != nil {
		panic(err)
	}
	r, err := journal.Lookup(ctx, support, journal.CreateDisbursement, "payout-0001")
	if err != nil {
		panic(err)
	}
	fmt.Println(r.State, r.Refusal.Status, r.Refusal.Errors["amount"])
	_, err = journal.Lookup(ctx, support, journal.CreateDisbursement, "payout-0002")
	fmt.Println("payout-0002 not found:", errors.Is(err, journal.ErrNotFound))
	fmt.Println("requests sent:", len(srv.RequestsFor("CreateDisbursement")))
	// Output:
	// refused 400 [The field amount must be greater than 0.]
	// payout-0002 not found: true
	// requests sent: 1
}
