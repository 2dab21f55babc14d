package crashtest

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// Plan is the list of payouts every worker process writes, in an order of its own.
type Plan struct {
	// Program is the program the payouts are made in; PayoutOption the option they use.
	Program      core.GUID
	PayoutOption string
	// Payouts are the keyed payouts: several per person, so that their scopes collide.
	Payouts []Payout
}

// Payout is one keyed payout of a Plan.
type Payout struct {
	// Key is the caller's reference for the payout, sent as its client_reference_id.
	Key string
	// Person is the payee; Cents the amount in cents.
	Person core.GUID
	Cents  int64
	// Stranger is true for a payee the platform does not know: the platform refuses the
	// payout (404), so it must end refused, never paid.
	Stranger bool
}

// Request is the disbursement request of p in plan.
func (plan *Plan) Request(p Payout) cardplatform.DisbursementDTO {
	return cardplatform.DisbursementDTO{ProgramGUID: plan.Program, PayoutOption: plan.PayoutOption,
		Amount: core.NewDecimalFromInt(p.Cents, 2), ClientReferenceID: p.Key,
		Person: cardplatform.Person{PersonGUID: p.Person}}
}

// perPerson is how many payouts of a plan go to one person: enough that a person's scope is
// busy most of the time, few enough that persons outnumber workers.
const perPerson = 20

// strangerEvery makes one person in strangerEvery a payee the platform does not know.
const strangerEvery = 25

// makePlan creates the payees on the platform (c, program) and returns a plan of writes
// payouts, keys prefixed by run.
func makePlan(ctx context.Context, c *cardplatform.Client, program core.GUID, run string, writes int, rng *rand.Rand) (*Plan, error) {
	options, err := c.ListPayoutOptions(ctx, cardplatform.ListPayoutOptionsRequest{ProgramGUID: program})
	if err != nil {
		return nil, fmt.Errorf("payout options: %w", err)
	}
	plan := &Plan{Program: program}
	if len(options) > 0 {
		plan.PayoutOption = options[0]
	}
	persons := max(1, (writes+perPerson-1)/perPerson)
	payees := make([]core.GUID, persons)
	stranger := make([]bool, persons)
	for i := range payees {
		if i%strangerEvery == strangerEvery-1 {
			payees[i], stranger[i] = core.NewGUID(), true
			continue
		}
		created, err := c.CreateCard(ctx, cardplatform.CreateCardRequest{ProgramGUID: program,
			Person: cardplatform.Person{FirstName: fmt.Sprintf("Payee%d", i), LastName: "Crash", Email: fmt.Sprintf("payee%d@example.com", i)}})
		if err != nil {
			return nil, fmt.Errorf("payee %d: %w", i, err)
		}
		payees[i] = created.Person.PersonGUID
	}
	for i := range writes {
		p := rng.IntN(persons)
		plan.Payouts = append(plan.Payouts, Payout{Key: fmt.Sprintf("%s-%05d", run, i), Person: payees[p],
			Cents: 100 + rng.Int64N(100000), Stranger: stranger[p]})
	}
	return plan, nil
}

// writePlan stores plan as JSON at path, for the worker processes.
func writePlan(path string, plan *Plan) error {
	b, err := json.Marshal(plan) // not a model: keys, GUIDs and cents, no secret
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o600)
}

// readPlan reads the plan stored at path.
func readPlan(path string) (*Plan, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	plan := &Plan{}
	if err := json.Unmarshal(b, plan); err != nil {
		return nil, fmt.Errorf("plan %s: %w", path, err)
	}
	return plan, nil
}
