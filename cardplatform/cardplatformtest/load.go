package cardplatformtest

import (
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest/internal/sandboxapi"
)

// defaultSeed is the company and program every sandbox holds unless told otherwise.
func defaultSeed() Seed {
	company := core.MustParseGUID(DefaultCompanyGUID)
	program := core.MustParseGUID(DefaultProgramGUID)
	return Seed{
		Companies: []cardplatform.CompanyDTO{{CompanyGUID: company, CompanyName: "Sandbox Company"}},
		Programs: []cardplatform.ProgramDataDTO{{
			ProgramGUID: program, CompanyGUID: company, ProgramName: "Sandbox Program",
			Configurations: []cardplatform.ProgramConfiguration{{Name: "PAYOUT_OPTIONS", Value: "ACH,CARD"}},
		}},
		Fees: []cardplatform.FeesResponse{{
			FeeGUID:     core.MustParseGUID("f6a7b8c9-d0e1-4f2a-9b3c-4d5e6f7a8b9c"),
			ProgramGUID: program, RequestCode: "ATM_WITHDRAWAL", FeeName: "ATM withdrawal fee",
			FeeAmount: core.NewDecimalFromInt(250, 2),
		}},
	}
}

// load adds the records of seed, checking their references.
func (a *api) load(seed Seed) error {
	for _, c := range seed.Companies {
		v, err := convert[sandboxapi.CompanyDTO](c)
		if err != nil {
			return fmt.Errorf("cardplatformtest: preloaded company: %w", err)
		}
		if v.CompanyGUID.IsZero() {
			v.CompanyGUID = core.NewGUID()
		}
		a.companies[v.CompanyGUID] = &v
	}
	for _, p := range seed.Programs {
		v, err := convert[sandboxapi.ProgramDataDTO](p)
		if err != nil {
			return fmt.Errorf("cardplatformtest: preloaded program: %w", err)
		}
		if v.ProgramGUID.IsZero() {
			return fmt.Errorf("cardplatformtest: preloaded program %q has no program_guid", v.ProgramName)
		}
		if !v.CompanyGUID.IsZero() && a.companies[v.CompanyGUID] == nil {
			return fmt.Errorf("cardplatformtest: preloaded program %s: unknown company %s", v.ProgramGUID, v.CompanyGUID)
		}
		a.programs[v.ProgramGUID] = &v
	}
	for _, p := range seed.Persons {
		v, err := convert[sandboxapi.Person](p)
		if err != nil {
			return fmt.Errorf("cardplatformtest: preloaded person: %w", err)
		}
		if v.PersonGUID.IsZero() {
			return fmt.Errorf("cardplatformtest: preloaded person %s %s has no person_guid", v.FirstName, v.LastName)
		}
		a.persons[v.PersonGUID] = &v
	}
	for _, sc := range seed.Cards {
		if err := a.loadCard(sc); err != nil {
			return err
		}
	}
	for _, sa := range seed.Accounts {
		if err := a.loadAccount(sa); err != nil {
			return err
		}
	}
	for _, c := range seed.Checks {
		v, err := convert[sandboxapi.CheckDTO](c)
		if err != nil {
			return fmt.Errorf("cardplatformtest: preloaded check: %w", err)
		}
		if v.TxnGUID.IsZero() {
			v.TxnGUID = core.NewGUID()
		}
		a.checks = append(a.checks, &v)
	}
	for _, f := range seed.Fees {
		v, err := convert[sandboxapi.FeesResponse](f)
		if err != nil {
			return fmt.Errorf("cardplatformtest: preloaded fee: %w", err)
		}
		if a.programs[v.ProgramGUID] == nil {
			return fmt.Errorf("cardplatformtest: preloaded fee %s: unknown program %s", v.RequestCode, v.ProgramGUID)
		}
		if v.FeeGUID.IsZero() {
			v.FeeGUID = core.NewGUID()
		}
		a.fees = append(a.fees, &v)
	}
	for _, o := range seed.BulkOrders {
		v, err := convert[sandboxapi.BulkOrderDetail](o)
		if err != nil {
			return fmt.Errorf("cardplatformtest: preloaded bulk order: %w", err)
		}
		if v.OrderGUID.IsZero() {
			v.OrderGUID = core.NewGUID()
		}
		if v.BulkOrderStatus == "" {
			v.BulkOrderStatus = sandboxapi.BulkOrderStatusPENDING
		}
		if v.SysUTCInserted.IsZero() {
			v.SysUTCInserted = a.stamp()
		}
		a.orders[v.OrderGUID] = &bulkOrder{dto: v, placed: a.now(), fixed: true}
		a.orderSeq = append(a.orderSeq, v.OrderGUID)
	}
	return nil
}

func (a *api) loadCard(sc SeedCard) error {
	v, err := convert[sandboxapi.CardDTO](sc.Card)
	if err != nil {
		return fmt.Errorf("cardplatformtest: preloaded card: %w", err)
	}
	program := core.MustParseGUID(DefaultProgramGUID)
	if sc.ProgramGUID != "" {
		if program, err = core.ParseGUID(sc.ProgramGUID); err != nil {
			return fmt.Errorf("cardplatformtest: preloaded card program: %w", err)
		}
	}
	if a.programs[program] == nil {
		return fmt.Errorf("cardplatformtest: preloaded card %s: unknown program %s", v.CardProxy, program)
	}
	if !v.PersonGUID.IsZero() && a.persons[v.PersonGUID] == nil {
		return fmt.Errorf("cardplatformtest: preloaded card %s: unknown person %s", v.CardProxy, v.PersonGUID)
	}
	c := a.newCard(program, v.PersonGUID, v.WalletGUID, v.IssuanceType, 36)
	if v.CardProxy != "" {
		c.dto.CardProxy = v.CardProxy
	}
	if v.CardNumber != "" {
		c.dto.CardNumber = v.CardNumber
		c.dto.MaskCardPAN = maskPAN(v.CardNumber)
	}
	if v.CVV != "" {
		c.dto.CVV = v.CVV
	}
	for _, set := range []struct {
		dst *string
		src string
	}{
		{(*string)(&c.dto.CardStatus), string(v.CardStatus)},
		{(*string)(&c.dto.CardCondition), string(v.CardCondition)},
		{&c.dto.ActivationMethod, v.ActivationMethod},
		{&c.dto.ExpirationDate, v.ExpirationDate},
		{&c.dto.PersonCardStatus, v.PersonCardStatus},
	} {
		if set.src != "" {
			*set.dst = set.src
		}
	}
	c.dto.SupplementalDetails = v.SupplementalDetails
	c.dto.CardTrackingDetail = v.CardTrackingDetail
	if sc.PIN != "" {
		c.pin = sc.PIN
	}
	if a.cards[c.dto.CardProxy] != nil {
		return fmt.Errorf("cardplatformtest: preloaded card %s: proxy preloaded twice", c.dto.CardProxy)
	}
	a.addCard(c)
	return nil
}

func (a *api) loadAccount(sa SeedAccount) error {
	v, err := convert[sandboxapi.AccountDTO](sa.Account)
	if err != nil {
		return fmt.Errorf("cardplatformtest: preloaded account: %w", err)
	}
	if v.AccountGUID.IsZero() {
		v.AccountGUID = core.NewGUID()
	}
	if v.ProgramGUID.IsZero() {
		v.ProgramGUID = core.MustParseGUID(DefaultProgramGUID)
	}
	if a.programs[v.ProgramGUID] == nil {
		return fmt.Errorf("cardplatformtest: preloaded account %s: unknown program %s", v.AccountGUID, v.ProgramGUID)
	}
	if v.WalletGUID.IsZero() {
		v.WalletGUID = core.NewGUID()
	}
	if v.AccountStatus == "" {
		v.AccountStatus = statusActive
	}
	if v.AvailableBalance.IsZero() && !v.LedgerBalance.IsZero() {
		v.AvailableBalance = v.LedgerBalance
	}
	if v.SysUTCInserted.IsZero() {
		v.SysUTCInserted = a.stamp()
	}
	acct := &account{dto: v, accrued: sa.AccruedInterest}
	if sa.PersonGUID != "" {
		if acct.person, err = core.ParseGUID(sa.PersonGUID); err != nil {
			return fmt.Errorf("cardplatformtest: preloaded account person: %w", err)
		}
		if a.persons[acct.person] == nil {
			return fmt.Errorf("cardplatformtest: preloaded account %s: unknown person %s", v.AccountGUID, acct.person)
		}
	}
	// A seeded CLOSED account was closed on an earlier day: interest can no longer be posted.
	a.wallets[v.WalletGUID] = true
	a.accounts[v.AccountGUID] = acct
	a.acctOrder = append(a.acctOrder, v.AccountGUID)
	return nil
}
