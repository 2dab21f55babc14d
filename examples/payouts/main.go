// Command payouts sends a disbursement whose answer is lost, reconciles, and sends it again
// only once the platform shows it was not queued: the path the README recommends for any
// write whose outcome is unknown. One line per step.
//
//	go run ./examples/payouts
//
// On the embedded sandbox the lost answer is real: the sandbox's fault injection
// (FailNext with Fault{Drop: true}) closes the connection after reading the request. Against
// a platform (CARDPLATFORM_BASE_URL, CARDPLATFORM_TOKEN, CARDPLATFORM_PROGRAM_GUID) nothing is
// injected and the reconciliation runs around one ordinary disbursement. It exits with status
// 1 on any unexpected answer.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/examples/internal/exenv"
)

func main() { exenv.Main("payouts", run) }

// run is the whole example, printing to out; it returns the first unexpected error.
func run(ctx context.Context, out io.Writer) error {
	env, err := exenv.NewCardPlatform()
	if err != nil {
		return err
	}
	defer env.Close()
	c, s := env.Client, exenv.NewSteps(out)
	s.Step("connect", "%s", env.Where)

	options, err := c.ListPayoutOptions(ctx, cardplatform.ListPayoutOptionsRequest{ProgramGUID: env.ProgramGUID})
	if err != nil {
		return fmt.Errorf("payout options: %w", err)
	}
	s.Step("payout options", "%v", options)
	created, err := c.CreateCard(ctx, cardplatform.CreateCardRequest{ProgramGUID: env.ProgramGUID,
		Person: cardplatform.Person{FirstName: "Katherine", LastName: "Johnson", Email: "kj@example.com"}})
	if err != nil {
		return fmt.Errorf("payee: %w", err)
	}
	payee := created.Person.PersonGUID
	s.Step("payee", "person %s", payee)

	req := cardplatform.DisbursementDTO{
		ProgramGUID: env.ProgramGUID, Amount: cardplatform.NewDecimalFromInt(25075, 2), // 250.75
		ClientReferenceID: "payout-" + cardplatform.NewGUID().String()[:8],
		Person:            cardplatform.Person{PersonGUID: payee},
	}
	if len(options) > 0 {
		req.PayoutOption = options[0]
	}
	ref := req.ClientReferenceID

	if env.Sandbox != nil {
		if err := env.Sandbox.FailNext("createDisbursement", 1, cardplatformtest.Fault{Drop: true}); err != nil {
			return err
		}
		s.Step("inject fault", "the next createDisbursement loses its answer (connection dropped after the request)")
		_, err = c.CreateDisbursement(ctx, req, cardplatform.WithCorrelationID(ref))
		var unknown *cardplatform.OutcomeUnknownError
		if !errors.As(err, &unknown) || !errors.Is(err, cardplatform.ErrOutcomeUnknown) {
			return fmt.Errorf("disbursement with a dropped answer: want an outcome-unknown error, got %v", err)
		}
		if sent := len(env.Sandbox.RequestsFor("createDisbursement")); sent != 1 || unknown.Attempts != 1 {
			return fmt.Errorf("the SDK sent the disbursement %d time(s) (%d attempts), want exactly once", sent, unknown.Attempts)
		}
		s.Step("disburse", "outcome unknown, sent once, correlation id %s", unknown.CorrelationID)

		n, err := disbursed(ctx, c, env.ProgramGUID, payee)
		if err != nil {
			return err
		}
		if n != 0 {
			return fmt.Errorf("reconcile: %d disbursement(s) found, want none (the sandbox dropped it before running it)", n)
		}
		s.Step("reconcile", "no disbursement for %s (%s): not queued, safe to send again", payee, ref)
	}

	var meta cardplatform.Response
	d, err := c.CreateDisbursement(ctx, req, cardplatform.WithCorrelationID(ref+"-2"), cardplatform.WithResponseInto(&meta))
	if err != nil {
		return fmt.Errorf("disburse: %w", err)
	}
	s.Step("disburse again, new id", "%s %s %s, HTTP %d, correlation id %s", d.DisbursementGUID, d.Amount, d.Status, meta.StatusCode, meta.CorrelationID)

	n, err := disbursed(ctx, c, env.ProgramGUID, payee)
	if err != nil {
		return err
	}
	if n != 1 {
		return fmt.Errorf("reconcile: %d disbursement(s) found, want exactly 1", n)
	}
	s.Step("reconcile", "exactly one disbursement for %s: paid once", payee)
	return nil
}

// disbursed counts the payee's disbursements: each queued disbursement opens a DISBURSEMENT
// account for its person, which is what a reconciliation can look up on this platform (the
// API has no lookup by client reference).
func disbursed(ctx context.Context, c *cardplatform.Client, program, person cardplatform.GUID) (int, error) {
	res, err := c.SearchAccounts(ctx, cardplatform.SearchAccountsProgramRequest{ProgramGUID: program, PersonGUID: person, AccountType: "DISBURSEMENT"})
	if err != nil {
		return 0, fmt.Errorf("reconcile: search accounts: %w", err)
	}
	return len(res.Items), nil
}
