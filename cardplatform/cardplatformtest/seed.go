package cardplatformtest

import (
	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// Default records every sandbox holds unless WithoutDefaultProgram is given: one company with
// one program, whose fee ATM_WITHDRAWAL costs 2.50 and whose payout options are ACH and CARD.
const (
	DefaultCompanyGUID = "7e6d5c4b-3a2f-4e1d-9c0b-8a7f6e5d4c3b"
	DefaultProgramGUID = "6f1c2a4e-8b3d-4c5e-9a7f-1d2e3f4a5b6c"
)

// Seed holds records loaded into a sandbox before it starts (WithSeed). Its JSON form uses the
// platform's field names, so a fixture file decodes into it with encoding/json:
//
//	{"programs": [{"program_guid": "…", "program_name": "Payroll"}],
//	 "accounts": [{"account": {"account_guid": "…", "ledger_balance": 10.50}, "person_guid": "…"}]}
//
// Records refer to each other by GUID (a card's person, an account's program); a reference to
// a record that is not preloaded makes Start fail.
type Seed struct {
	// Companies are companies; a program's company_guid refers to one.
	Companies []cardplatform.CompanyDTO `json:"companies,omitempty"`
	// Programs are programs with their configurations. Configuration PAYOUT_OPTIONS (comma
	// separated) lists the program's payout options; DEFAULT_ISSUANCE_TYPE (FULL or VIRTUAL)
	// is the issuance type of its new cards.
	Programs []cardplatform.ProgramDataDTO `json:"programs,omitempty"`
	// Persons are cardholders and payees.
	Persons []cardplatform.Person `json:"persons,omitempty"`
	// Cards are cards with their program and PIN.
	Cards []SeedCard `json:"cards,omitempty"`
	// Accounts are accounts with their owner.
	Accounts []SeedAccount `json:"accounts,omitempty"`
	// Checks are paper checks (the API has no operation that creates one).
	Checks []cardplatform.CheckDTO `json:"checks,omitempty"`
	// Fees are fees of programs.
	Fees []cardplatform.FeesResponse `json:"fees,omitempty"`
	// BulkOrders are bulk card orders; a SHIPPED order is not yet checked in.
	BulkOrders []cardplatform.BulkOrderDetail `json:"bulk_orders,omitempty"`
}

// SeedCard is a card preloaded by WithSeed. Card.CardNumber (the PAN) and Card.CVV are kept as given; when
// empty the sandbox generates them, as it does the proxy, the masked PAN and the expiration.
type SeedCard struct {
	// Card is the card; its person_guid must refer to a preloaded person.
	Card cardplatform.CardDTO `json:"card"`
	// ProgramGUID is the program of the card (DefaultProgramGUID when empty).
	ProgramGUID string `json:"program_guid,omitempty"`
	// PIN is the card's PIN (generated when empty).
	PIN string `json:"pin,omitempty"`
}

// SeedAccount is an account preloaded by WithSeed.
type SeedAccount struct {
	// Account is the account; account_status defaults to ACTIVE, program_guid to
	// DefaultProgramGUID.
	Account cardplatform.AccountDTO `json:"account"`
	// PersonGUID is the owner of the account, if any.
	PersonGUID string `json:"person_guid,omitempty"`
	// AccruedInterest is the interest PostInterest posts once the account is closed.
	AccruedInterest core.Decimal `json:"accrued_interest,omitzero"`
}

func (s Seed) merge(o Seed) Seed {
	s.Companies = append(s.Companies, o.Companies...)
	s.Programs = append(s.Programs, o.Programs...)
	s.Persons = append(s.Persons, o.Persons...)
	s.Cards = append(s.Cards, o.Cards...)
	s.Accounts = append(s.Accounts, o.Accounts...)
	s.Checks = append(s.Checks, o.Checks...)
	s.Fees = append(s.Fees, o.Fees...)
	s.BulkOrders = append(s.BulkOrders, o.BulkOrders...)
	return s
}
