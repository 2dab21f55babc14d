// Command validate checks bank accounts with the account-validation service, v1 and v2: every
// condition code and account status the service answers with, the errorCodes of a 200, the
// client-side rule errors (refused before the network, with the service's own codes), and the
// HTTP statuses of the bank's error body. One line per step.
//
//	go run ./examples/validate
//
// It uses the embedded sandbox (validationtest) and its seeded accounts unless BANK_BASE_URL
// and the bank's credentials point it at the bank (see package exenv); against the bank it
// runs the health check and the client-side rules only, since the sandbox's accounts exist
// only there. It exits with status 1 on any unexpected answer.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/issuerkit/issuerkit-go/examples/internal/exenv"
	"github.com/issuerkit/issuerkit-go/validation"
	vt "github.com/issuerkit/issuerkit-go/validation/validationtest"
)

func main() { exenv.Main("validate", run) }

// run is the whole example, printing to out; it returns the first unexpected error.
func run(ctx context.Context, out io.Writer) error {
	s := exenv.NewSteps(out)
	for _, version := range []string{validation.V1, validation.V2} {
		// No limit in the sandbox: this walk is about codes; the 429 has its own step below.
		env, err := exenv.NewValidation(ctx, []vt.Option{vt.WithRateLimit(0)}, validation.WithAPIVersion(version))
		if err != nil {
			return err
		}
		err = walk(ctx, s, env, version)
		env.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", version, err)
		}
	}
	if err := rules(ctx, s); err != nil {
		return err
	}
	return statuses(ctx, s)
}

// walk runs the health check and, on the sandbox, every inquiry case with version.
func walk(ctx context.Context, s *exenv.Steps, env *exenv.Validation, version string) error {
	h, err := env.Client.HealthCheck(ctx)
	if err != nil {
		return fmt.Errorf("health check: %w", err)
	}
	s.Step(version+" health check", "%s: %s (%s)", env.Where, h.Status, h.Timestamp)
	if env.Sandbox == nil {
		s.Step(version+" inquiries", "skipped: the seeded accounts exist only in the sandbox")
		return nil
	}
	for _, c := range cases() {
		res, err := env.Client.VerifyAccount(ctx, c.inq)
		got, err := describe(res, err)
		if err != nil {
			return fmt.Errorf("%s: %w", c.name, err)
		}
		if !strings.HasPrefix(got, c.want) {
			return fmt.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
		s.Step(version+" "+c.name, "%s", got)
	}
	return nil
}

// describe renders a VerifyAccount outcome as "errorCode/conditionCode/status ...". Only
// unexpected error kinds are returned as errors.
func describe(res *validation.Result, err error) (string, error) {
	var re *validation.ResultError
	switch {
	case errors.As(err, &re):
		return fmt.Sprintf("errorCode %s (%s)", string(re.Code), re.Code), nil
	case err != nil:
		return "", err
	}
	score, _ := res.Score()
	cond, status := res.Condition(), res.AcctStatus.PrimaryStatusCode
	return fmt.Sprintf("condition %s, account %s %s, owner matched %t, score %d: %s; %s", string(cond), string(status),
		res.Account(), res.OwnerMatched(), score, cond, status), nil
}

// inquiry is a case of walk: the inquiry and the prefix of its described outcome.
type inquiry struct {
	name, want string
	inq        validation.Inquiry
}

// cases lists one inquiry per outcome the sandbox can give.
func cases() []inquiry {
	acct := func(routing, number string, owner validation.AcctOwner) validation.Inquiry {
		return validation.Inquiry{SecondaryID: vt.SecondaryID, RoutingNumber: routing, AccountNumber: validation.NewSecret(number), AcctOwner: owner}
	}
	pat := validation.AcctOwner{FirstName: "Pat", LastName: "Lee", City: "Springfield", ZipCode: "45501"}
	withAdditional := acct(vt.RoutingNumber, vt.AccountPerson, pat)
	withAdditional.SecondaryID = vt.SecondaryIDWithAdditional
	wrongAdditional := withAdditional
	wrongAdditional.AdditionalID = "ADD9999"
	rightAdditional := withAdditional
	rightAdditional.AdditionalID = vt.AdditionalID
	unknownClient := acct(vt.RoutingNumber, vt.AccountPerson, pat)
	unknownClient.SecondaryID = "SEC9999"
	badSerial := acct(vt.RoutingNumber, vt.AccountPerson, pat)
	badSerial.SerialNumber = "12A"
	return []inquiry{
		{"owner matches", "condition 000, account 099 open", acct(vt.RoutingNumber, vt.AccountPerson, pat)},
		{"business owner", "condition 000, account 099 open", acct(vt.RoutingNumber, vt.AccountBusiness, validation.AcctOwner{BusinessName: "ACME widgets, LLC"})},
		{"owner does not match", "condition 000, account 099 open", acct(vt.RoutingNumber, vt.AccountPerson, validation.AcctOwner{FirstName: "Sam", LastName: "Smith"})},
		{"closed account", "condition 000, account 012 closed", acct(vt.RoutingNumber, vt.AccountClosed, pat)},
		{"no information", "condition 302, account 096 no information", acct(vt.RoutingNumber, vt.AccountNoInformation, pat)},
		{"account not on file", "condition 396, account 000 not located", acct(vt.RoutingNumber, vt.AccountUnknown, pat)},
		{"not a contributor", "condition 301, account 099 open", acct(vt.RoutingNotContributor, vt.AccountPerson, pat)},
		{"not a participant", "condition 300", acct(vt.RoutingNotParticipant, vt.AccountPerson, pat)},
		{"owner without a name", "condition 304", acct(vt.RoutingNumber, vt.AccountPerson, validation.AcctOwner{City: "Springfield"})},
		{"no owner sent", "condition 900", acct(vt.RoutingNumber, vt.AccountPerson, validation.AcctOwner{})},
		{"additional id", "condition 000, account 099 open", rightAdditional},
		{"additional id missing", "errorCode 106", withAdditional},
		{"additional id wrong", "errorCode 103", wrongAdditional},
		{"unknown client id", "errorCode 103", unknownClient},
		{"serial number not digits", "errorCode 005", badSerial},
		{"system failure", "errorCode 998", acct(vt.RoutingNumber, vt.AccountSystemFailure, pat)},
		{"timeout", "errorCode 999", acct(vt.RoutingNumber, vt.AccountTimeout, pat)},
		{"authorization unavailable", "errorCode 997", acct(vt.RoutingNumber, vt.AccountAuthorizationUnavailable, pat)},
	}
}
