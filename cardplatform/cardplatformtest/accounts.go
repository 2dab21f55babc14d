package cardplatformtest

import (
	"context"
	"encoding/json"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"sort"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest/internal/sandboxapi"
)

// Account statuses the sandbox uses (the platform does not publish its list; any other value
// sent to ChangeAccountStatus is stored as is).
const (
	// AccountStatusActive is the status of a new account.
	AccountStatusActive = "ACTIVE"
	// AccountStatusClosed is the status of a closed account: set through ChangeAccountStatus,
	// or by the sandbox's batch the day after a PostInterest request prepared the closing.
	AccountStatusClosed = "CLOSED"
)

const (
	statusActive = AccountStatusActive
	statusClosed = AccountStatusClosed
)

// maxRankedAccounts is the most accounts GET /accounts/program/{program_guid} returns.
const maxRankedAccounts = 50

// account returns the account, first running the closing batch: an account that a
// PostInterest request prepared for closing on an earlier day is closed the day after it.
func (a *api) account(g core.GUID) *account {
	acct := a.accounts[g]
	if acct == nil {
		return nil
	}
	if acct.closingOn != "" && acct.closingOn < a.today() {
		if acct.dto.AccountStatus != statusClosed {
			day, err := time.Parse(time.DateOnly, acct.closingOn)
			if err == nil {
				acct.dto.AccountStatus = statusClosed
				acct.closedOn = day.AddDate(0, 0, 1).Format(time.DateOnly)
				acct.dto.SysUTCUpdated = core.NewTimestamp(day.AddDate(0, 0, 1))
			}
		}
		acct.closingOn = ""
	}
	return acct
}

// credit moves the account's ledger and available balance by amount (negative to debit).
func (acct *account) credit(amount core.Decimal, at core.Timestamp) {
	acct.dto.LedgerBalance = acct.dto.LedgerBalance.Add(amount)
	acct.dto.AvailableBalance = acct.dto.AvailableBalance.Add(amount)
	acct.dto.SysUTCUpdated = at
}

// CreateAccount opens an ACTIVE account with zero balances in a known wallet. 404 (no body)
// for an unknown wallet.
func (a *api) CreateAccount(_ context.Context, req sandboxapi.CreateAccountRequestObject) (sandboxapi.CreateAccountResponseObject, error) {
	if req.Body == nil || req.Body.WalletGUID.IsZero() {
		return sandboxapi.CreateAccount400JSONResponse{BadRequestJSONResponse: bad("wallet_guid", "The wallet_guid field is required.")}, nil
	}
	b := *req.Body
	a.mu.Lock()
	defer a.mu.Unlock()
	if !a.wallets[b.WalletGUID] {
		return sandboxapi.CreateAccount404Response{}, nil
	}
	program, person := b.ProgramGUID, core.GUID{}
	for _, proxy := range a.cardOrder {
		if c := a.cards[proxy]; c.dto.WalletGUID == b.WalletGUID {
			person = c.dto.PersonGUID
			if program.IsZero() {
				program = c.program
			}
			break
		}
	}
	if program.IsZero() {
		program = core.MustParseGUID(DefaultProgramGUID)
	}
	if a.programs[program] == nil {
		return sandboxapi.CreateAccount400JSONResponse{BadRequestJSONResponse: bad("program_guid", "The program does not exist.")}, nil
	}
	acctType := b.AccountType
	if acctType == "" {
		acctType = "CHECKING"
	}
	acct := &account{person: person, dto: sandboxapi.AccountDTO{
		AccountGUID: core.NewGUID(), AccountName: b.AccountName, AccountType: acctType,
		AccountStatus: statusActive, ProgramGUID: program, WalletGUID: b.WalletGUID,
		LedgerBalance: core.NewDecimalFromInt(0, 2), AvailableBalance: core.NewDecimalFromInt(0, 2),
		SuspenseBalance: core.NewDecimalFromInt(0, 2), SysUTCInserted: a.stamp(),
	}}
	a.accounts[acct.dto.AccountGUID] = acct
	a.acctOrder = append(a.acctOrder, acct.dto.AccountGUID)
	d := acct.dto
	return sandboxapi.CreateAccount201JSONResponse{
		AccountGUID: d.AccountGUID, WalletGUID: d.WalletGUID, AccountName: d.AccountName,
		AccountType: d.AccountType, AccountStatus: d.AccountStatus,
	}, nil
}

// GetAccount returns an account with its balances. 404 (with body).
func (a *api) GetAccount(_ context.Context, req sandboxapi.GetAccountRequestObject) (sandboxapi.GetAccountResponseObject, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	acct := a.account(req.AccountGUIDParam)
	if acct == nil {
		return sandboxapi.GetAccount404JSONResponse{NotFoundJSONResponse: notFound("The account")}, nil
	}
	return sandboxapi.GetAccount200JSONResponse(acct.dto), nil
}

// UpdateAccount renames an account: account_name is the only field that changes. The body may
// come as application/json, application/json-patch+json, text/json or application/*+json.
// 404 (with body).
func (a *api) UpdateAccount(_ context.Context, req sandboxapi.UpdateAccountRequestObject) (sandboxapi.UpdateAccountResponseObject, error) {
	b := firstBody(req.JSONBody, req.ApplicationJSONPatchPlusJSONBody, req.ApplicationWildcardPlusJSONBody)
	if b == nil && req.Body != nil {
		var v sandboxapi.UpdateAccountInfoRequest
		if err := json.NewDecoder(req.Body).Decode(&v); err == nil {
			b = &v
		}
	}
	if b == nil || b.AccountName == "" {
		return sandboxapi.UpdateAccount400JSONResponse{BadRequestJSONResponse: bad("account_name", "The account_name field is required.")}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	acct := a.account(req.AccountGUIDParam)
	if acct == nil {
		return sandboxapi.UpdateAccount404JSONResponse{NotFoundJSONResponse: notFound("The account")}, nil
	}
	acct.dto.AccountName = b.AccountName
	acct.dto.SysUTCUpdated = a.stamp()
	return sandboxapi.UpdateAccount200JSONResponse(acct.dto), nil
}

// ListAccountsByBalance ranks the accounts of a program by ledger (default) or available
// balance, highest first (sort_by desc, the default) or lowest first (asc), at most count
// (default and maximum 50); accounts with a negative balance only with
// include_negative_balances. 404 (with body) for an unknown program.
func (a *api) ListAccountsByBalance(_ context.Context, req sandboxapi.ListAccountsByBalanceRequestObject) (sandboxapi.ListAccountsByBalanceResponseObject, error) {
	p := req.Params
	fields := map[string][]string{}
	basis := p.BasedOn
	if basis == "" {
		basis = sandboxapi.BalanceBasisLedger
	}
	if basis != sandboxapi.BalanceBasisLedger && basis != sandboxapi.BalanceBasisAvailable {
		fields["based_on"] = []string{"The field based_on must be ledger or available."}
	}
	sortBy := p.SortBy
	if sortBy == "" {
		sortBy = "desc"
	}
	if sortBy != "desc" && sortBy != "asc" {
		fields["sort_by"] = []string{"The field sort_by must be desc or asc."}
	}
	count := p.Count
	if count == 0 {
		count = maxRankedAccounts
	}
	if count < 0 || count > maxRankedAccounts {
		fields["count"] = []string{"The field count must be between 1 and 50."}
	}
	if len(fields) > 0 {
		return sandboxapi.ListAccountsByBalance400JSONResponse{BadRequestJSONResponse: badFields(fields)}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.programs[req.ProgramGUIDPathParam] == nil {
		return sandboxapi.ListAccountsByBalance404JSONResponse{NotFoundJSONResponse: notFound("The program")}, nil
	}
	balance := func(acct *account) core.Decimal {
		if basis == sandboxapi.BalanceBasisAvailable {
			return acct.dto.AvailableBalance
		}
		return acct.dto.LedgerBalance
	}
	var ranked []*account
	for _, g := range a.acctOrder {
		acct := a.account(g)
		if acct.dto.ProgramGUID != req.ProgramGUIDPathParam ||
			(p.AccountStatus != "" && acct.dto.AccountStatus != p.AccountStatus) ||
			(!p.IncludeNegativeBalances && balance(acct).Sign() < 0) {
			continue
		}
		ranked = append(ranked, acct)
	}
	sort.SliceStable(ranked, func(i, j int) bool {
		c := balance(ranked[i]).Cmp(balance(ranked[j]))
		if sortBy == "asc" {
			return c < 0
		}
		return c > 0
	})
	ranked = ranked[:min(len(ranked), int(count))]
	items := make([]sandboxapi.AccountByBalanceDTO, 0, len(ranked))
	for _, acct := range ranked {
		d := acct.dto
		items = append(items, sandboxapi.AccountByBalanceDTO{
			AccountGUID: d.AccountGUID, AccountName: d.AccountName, AccountType: d.AccountType,
			AccountStatus: d.AccountStatus, PersonGUID: acct.person,
			LedgerBalance: d.LedgerBalance, AvailableBalance: d.AvailableBalance,
		})
	}
	return sandboxapi.ListAccountsByBalance200JSONResponse{Items: items, CachedAt: a.stamp()}, nil
}

// GetProgramBalances sums the balances of a program's accounts by account type. 404 (with
// body) for an unknown program.
func (a *api) GetProgramBalances(_ context.Context, req sandboxapi.GetProgramBalancesRequestObject) (sandboxapi.GetProgramBalancesResponseObject, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.programs[req.Params.ProgramGUID] == nil {
		return sandboxapi.GetProgramBalances404JSONResponse{NotFoundJSONResponse: notFound("The program")}, nil
	}
	byType := map[string]*sandboxapi.AccountBalancesDTO{}
	var order []string
	for _, g := range a.acctOrder {
		acct := a.account(g)
		if acct.dto.ProgramGUID != req.Params.ProgramGUID {
			continue
		}
		t := byType[acct.dto.AccountType]
		if t == nil {
			t = &sandboxapi.AccountBalancesDTO{AccountType: acct.dto.AccountType}
			byType[acct.dto.AccountType] = t
			order = append(order, acct.dto.AccountType)
		}
		t.LedgerBalance = t.LedgerBalance.Add(acct.dto.LedgerBalance)
		t.AvailableBalance = t.AvailableBalance.Add(acct.dto.AvailableBalance)
		t.SuspenseBalance = t.SuspenseBalance.Add(acct.dto.SuspenseBalance)
	}
	out := sandboxapi.GetProgramBalances200JSONResponse{}
	for _, t := range order {
		out = append(out, *byType[t])
	}
	return out, nil
}

// ChangeAccountStatus sets the account status (any value). Setting CLOSED closes the account
// today, which is when PostInterest can post its interest. 404 (with body).
func (a *api) ChangeAccountStatus(_ context.Context, req sandboxapi.ChangeAccountStatusRequestObject) (sandboxapi.ChangeAccountStatusResponseObject, error) {
	if req.Body == nil || req.Body.AccountStatus == "" {
		return sandboxapi.ChangeAccountStatus400JSONResponse{BadRequestJSONResponse: bad("account_status", "The account_status field is required.")}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	acct := a.account(req.AccountGUIDParam)
	if acct == nil {
		return sandboxapi.ChangeAccountStatus404JSONResponse{NotFoundJSONResponse: notFound("The account")}, nil
	}
	if req.Body.AccountStatus == statusClosed && acct.dto.AccountStatus != statusClosed {
		acct.closedOn = a.today()
		acct.closingOn = ""
	}
	if req.Body.AccountStatus != statusClosed {
		acct.closedOn = ""
	}
	acct.dto.AccountStatus = req.Body.AccountStatus
	acct.dto.SysUTCUpdated = a.stamp()
	return sandboxapi.ChangeAccountStatus200JSONResponse(acct.dto), nil
}

// AdjustAccountBalance moves the ledger and available balance by exactly amount (negative
// to debit). A closed account or a zero amount is refused (400). 404 (with body).
func (a *api) AdjustAccountBalance(_ context.Context, req sandboxapi.AdjustAccountBalanceRequestObject) (sandboxapi.AdjustAccountBalanceResponseObject, error) {
	if req.Body == nil || req.Body.AccountGUID.IsZero() {
		return sandboxapi.AdjustAccountBalance400JSONResponse{BadRequestJSONResponse: bad("account_guid", "The account_guid field is required.")}, nil
	}
	if req.Body.Amount.Sign() == 0 {
		return sandboxapi.AdjustAccountBalance400JSONResponse{BadRequestJSONResponse: bad("amount", "The amount field must not be zero.")}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	acct := a.account(req.Body.AccountGUID)
	if acct == nil {
		return sandboxapi.AdjustAccountBalance404JSONResponse{NotFoundJSONResponse: notFound("The account")}, nil
	}
	if acct.dto.AccountStatus == statusClosed {
		return sandboxapi.AdjustAccountBalance400JSONResponse{BadRequestJSONResponse: bad("account_guid", "The account is closed.")}, nil
	}
	now := a.stamp()
	acct.credit(req.Body.Amount, now)
	return sandboxapi.AdjustAccountBalance201JSONResponse{
		TxnGUID: core.NewGUID(), AccountGUID: acct.dto.AccountGUID, Amount: req.Body.Amount,
		LedgerBalance: acct.dto.LedgerBalance, AvailableBalance: acct.dto.AvailableBalance, SysUTCInserted: now,
	}, nil
}

// PostAccountInterest posts the accrued interest of an account closed today: the balances
// grow by it and interest_posted says how much. On an account that is not closed the request
// prepares the closing instead: nothing is posted, and the sandbox's batch closes the account
// the next day (by the sandbox clock), when interest can be posted. An account closed on an
// earlier day is refused (400). 404 (with body).
func (a *api) PostAccountInterest(_ context.Context, req sandboxapi.PostAccountInterestRequestObject) (sandboxapi.PostAccountInterestResponseObject, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	acct := a.account(req.AccountGUIDParam)
	if acct == nil {
		return sandboxapi.PostAccountInterest404JSONResponse{NotFoundJSONResponse: notFound("The account")}, nil
	}
	posted := core.NewDecimalFromInt(0, 2)
	switch {
	case acct.dto.AccountStatus != statusClosed:
		acct.closingOn = a.today()
	case acct.closedOn == a.today():
		posted = acct.accrued
		acct.credit(posted, a.stamp())
		acct.accrued = core.Decimal{}
	default:
		return sandboxapi.PostAccountInterest400JSONResponse{BadRequestJSONResponse: bad("account_guid", "Interest can be posted only on an account closed today.")}, nil
	}
	d := acct.dto
	return sandboxapi.PostAccountInterest200JSONResponse{
		AccountGUID: d.AccountGUID, AccountName: d.AccountName, AccountStatus: d.AccountStatus,
		AccountType: d.AccountType, LedgerBalance: d.LedgerBalance, AvailableBalance: d.AvailableBalance,
		InterestPosted: posted, SysUTCUpdated: d.SysUTCUpdated,
	}, nil
}

// SearchAccounts returns the accounts that match every filter given.
func (a *api) SearchAccounts(_ context.Context, req sandboxapi.SearchAccountsRequestObject) (sandboxapi.SearchAccountsResponseObject, error) {
	var f sandboxapi.SearchAccountsProgramRequest
	if req.Body != nil {
		f = *req.Body
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	items := []sandboxapi.SearchAccountsProgramResponse{}
	for _, g := range a.acctOrder {
		acct := a.account(g)
		d := acct.dto
		if (!f.ProgramGUID.IsZero() && d.ProgramGUID != f.ProgramGUID) || (!f.PersonGUID.IsZero() && acct.person != f.PersonGUID) ||
			(f.AccountName != "" && d.AccountName != f.AccountName) || (f.AccountStatus != "" && d.AccountStatus != f.AccountStatus) ||
			(f.AccountType != "" && d.AccountType != f.AccountType) {
			continue
		}
		items = append(items, sandboxapi.SearchAccountsProgramResponse{
			AccountGUID: d.AccountGUID, AccountName: d.AccountName, AccountStatus: d.AccountStatus, AccountType: d.AccountType,
			AvailableBalance: d.AvailableBalance, LedgerBalance: d.LedgerBalance, PersonGUID: acct.person,
		})
	}
	return sandboxapi.SearchAccounts200JSONResponse{Items: items, Total: int32(len(items))}, nil
}

// CreateSharedAccount shares an account with an existing person (ACTIVE). 404 (with body)
// for an unknown account or person.
func (a *api) CreateSharedAccount(_ context.Context, req sandboxapi.CreateSharedAccountRequestObject) (sandboxapi.CreateSharedAccountResponseObject, error) {
	if req.Body == nil || req.Body.AccountGUID.IsZero() || req.Body.PersonGUID.IsZero() {
		return sandboxapi.CreateSharedAccount400JSONResponse{BadRequestJSONResponse: badFields(map[string][]string{
			"account_guid": {"The account_guid field is required."}, "person_guid": {"The person_guid field is required."}})}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.account(req.Body.AccountGUID) == nil {
		return sandboxapi.CreateSharedAccount404JSONResponse{NotFoundJSONResponse: notFound("The account")}, nil
	}
	if a.persons[req.Body.PersonGUID] == nil {
		return sandboxapi.CreateSharedAccount404JSONResponse{NotFoundJSONResponse: notFound("The person")}, nil
	}
	key := [2]core.GUID{req.Body.AccountGUID, req.Body.PersonGUID}
	a.shares[key] = &sandboxapi.AccountSharedPersonDTO{
		AccountGUID: key[0], PersonGUID: key[1], SharingStatus: "ACTIVE", SysUTCUpdated: a.stamp(),
	}
	return sandboxapi.CreateSharedAccount201JSONResponse{AccountGUID: key[0], PersonGUID: key[1], SharingStatus: "ACTIVE"}, nil
}

// UpdateSharedAccount changes the sharing status of a shared account. 404 (with body) when
// the account is not shared with the person.
func (a *api) UpdateSharedAccount(_ context.Context, req sandboxapi.UpdateSharedAccountRequestObject) (sandboxapi.UpdateSharedAccountResponseObject, error) {
	if req.Body == nil || req.Body.SharingStatus == "" {
		return sandboxapi.UpdateSharedAccount400JSONResponse{BadRequestJSONResponse: bad("sharing_status", "The sharing_status field is required.")}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	s := a.shares[[2]core.GUID{req.Body.AccountGUID, req.Body.PersonGUID}]
	if s == nil {
		return sandboxapi.UpdateSharedAccount404JSONResponse{NotFoundJSONResponse: notFound("The shared account")}, nil
	}
	s.SharingStatus = req.Body.SharingStatus
	s.SysUTCUpdated = a.stamp()
	return sandboxapi.UpdateSharedAccount200JSONResponse(*s), nil
}

// CreateAccountInstrument links an instrument to an account. 404 (with body) for an unknown
// account.
func (a *api) CreateAccountInstrument(_ context.Context, req sandboxapi.CreateAccountInstrumentRequestObject) (sandboxapi.CreateAccountInstrumentResponseObject, error) {
	if req.Body == nil || req.Body.AccountGUID.IsZero() {
		return sandboxapi.CreateAccountInstrument400JSONResponse{BadRequestJSONResponse: bad("account_guid", "The account_guid field is required.")}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.account(req.Body.AccountGUID) == nil {
		return sandboxapi.CreateAccountInstrument404JSONResponse{NotFoundJSONResponse: notFound("The account")}, nil
	}
	inst := req.Body.InstrumentGUID
	if inst.IsZero() {
		inst = core.NewGUID()
	}
	v := &sandboxapi.AccountInstrumentDTO{
		AccountInstrumentGUID: core.NewGUID(), AccountGUID: req.Body.AccountGUID, InstrumentGUID: inst,
		InstrumentType: req.Body.InstrumentType, InstrumentStatus: "ACTIVE", SysUTCInserted: a.stamp(),
	}
	a.instruments[v.AccountInstrumentGUID] = v
	return sandboxapi.CreateAccountInstrument201JSONResponse(*v), nil
}

// GetAccountInstrument returns an account instrument. 404 (with body).
func (a *api) GetAccountInstrument(_ context.Context, req sandboxapi.GetAccountInstrumentRequestObject) (sandboxapi.GetAccountInstrumentResponseObject, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	v := a.instruments[req.AccountInstrumentGUIDParam]
	if v == nil {
		return sandboxapi.GetAccountInstrument404JSONResponse{NotFoundJSONResponse: notFound("The account instrument")}, nil
	}
	return sandboxapi.GetAccountInstrument200JSONResponse(*v), nil
}
