package cardplatformtest

import (
	"context"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"strings"

	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest/internal/sandboxapi"
)

// DisbursementStatusQueued is the status of a new disbursement: the platform queues it for
// processing, and the sandbox never processes it further.
const DisbursementStatusQueued = "QUEUED"

// payoutOptions lists the program's payout options (configuration PAYOUT_OPTIONS).
func payoutOptions(p *sandboxapi.ProgramDataDTO) []string {
	for _, c := range p.Configurations {
		if c.Name == "PAYOUT_OPTIONS" {
			var out []string
			for _, o := range strings.Split(c.Value, ",") {
				if o = strings.TrimSpace(o); o != "" {
					out = append(out, o)
				}
			}
			return out
		}
	}
	return nil
}

// CreateDisbursement queues a payout: it creates the person (unless person.person_guid names
// one), a DISBURSEMENT account in a new wallet and its instrument, and answers QUEUED. The
// amount must be positive and the payout option, when sent, one of the program's. 404 (with
// body) for an unknown program or person.
func (a *api) CreateDisbursement(_ context.Context, req sandboxapi.CreateDisbursementRequestObject) (sandboxapi.CreateDisbursementResponseObject, error) {
	if req.Body == nil || req.Body.ProgramGUID.IsZero() {
		return sandboxapi.CreateDisbursement400JSONResponse{BadRequestJSONResponse: bad("program_guid", "The program_guid field is required.")}, nil
	}
	b := *req.Body
	if b.Amount.Sign() <= 0 {
		return sandboxapi.CreateDisbursement400JSONResponse{BadRequestJSONResponse: bad("amount", "The field amount must be greater than 0.")}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	program := a.programs[b.ProgramGUID]
	if program == nil {
		return sandboxapi.CreateDisbursement404JSONResponse{NotFoundJSONResponse: notFound("The program")}, nil
	}
	if b.PayoutOption != "" && !contains(payoutOptions(program), b.PayoutOption) {
		return sandboxapi.CreateDisbursement400JSONResponse{BadRequestJSONResponse: bad("payout_option", "The program does not offer this payout option.")}, nil
	}
	if !b.Person.PersonGUID.IsZero() && a.persons[b.Person.PersonGUID] == nil {
		return sandboxapi.CreateDisbursement404JSONResponse{NotFoundJSONResponse: notFound("The person")}, nil
	}
	person, resp := a.personFor(b.Person)
	if resp != nil {
		return sandboxapi.CreateDisbursement400JSONResponse{BadRequestJSONResponse: *resp}, nil
	}
	wallet := core.NewGUID()
	a.wallets[wallet] = true
	acct := &account{person: person.PersonGUID, dto: sandboxapi.AccountDTO{
		AccountGUID: core.NewGUID(), AccountName: "Disbursement", AccountType: "DISBURSEMENT", AccountStatus: statusActive,
		ProgramGUID: b.ProgramGUID, WalletGUID: wallet, LedgerBalance: core.NewDecimalFromInt(0, 2),
		AvailableBalance: core.NewDecimalFromInt(0, 2), SysUTCInserted: a.stamp(),
	}}
	a.accounts[acct.dto.AccountGUID] = acct
	a.acctOrder = append(a.acctOrder, acct.dto.AccountGUID)
	inst := &sandboxapi.AccountInstrumentDTO{AccountInstrumentGUID: core.NewGUID(), AccountGUID: acct.dto.AccountGUID,
		InstrumentGUID: core.NewGUID(), InstrumentType: b.PayoutOption, InstrumentStatus: "ACTIVE", SysUTCInserted: a.stamp()}
	a.instruments[inst.AccountInstrumentGUID] = inst
	d := &sandboxapi.DisbursementResponse{DisbursementGUID: core.NewGUID(), PersonGUID: person.PersonGUID,
		AccountGUID: acct.dto.AccountGUID, Amount: b.Amount, Status: DisbursementStatusQueued}
	a.disburse = append(a.disburse, disbursed{resp: d, ref: b.ClientReferenceID})
	return sandboxapi.CreateDisbursement201JSONResponse(*d), nil
}

// ListPayoutOptions returns the program's payout options. 404 (with body).
func (a *api) ListPayoutOptions(_ context.Context, req sandboxapi.ListPayoutOptionsRequestObject) (sandboxapi.ListPayoutOptionsResponseObject, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	p := a.programs[req.Params.ProgramGUID]
	if p == nil {
		return sandboxapi.ListPayoutOptions404JSONResponse{NotFoundJSONResponse: notFound("The program")}, nil
	}
	return sandboxapi.ListPayoutOptions200JSONResponse(nonNil(payoutOptions(p))), nil
}

// GetPayoutPreference returns a person's payout preference (empty until set). 404 (with
// body) for an unknown person.
func (a *api) GetPayoutPreference(_ context.Context, req sandboxapi.GetPayoutPreferenceRequestObject) (sandboxapi.GetPayoutPreferenceResponseObject, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.persons[req.Params.PersonGUID] == nil {
		return sandboxapi.GetPayoutPreference404JSONResponse{NotFoundJSONResponse: notFound("The person")}, nil
	}
	return sandboxapi.GetPayoutPreference200JSONResponse{PersonGUID: req.Params.PersonGUID, PayoutPreference: a.preferences[req.Params.PersonGUID]}, nil
}

// SetPayoutPreference sets a person's payout preference. An unknown person or a missing
// preference is a 400 (the operation lists no 404).
func (a *api) SetPayoutPreference(_ context.Context, req sandboxapi.SetPayoutPreferenceRequestObject) (sandboxapi.SetPayoutPreferenceResponseObject, error) {
	p := req.Params
	if p.Payoutpreference == "" {
		return sandboxapi.SetPayoutPreference400JSONResponse{BadRequestJSONResponse: bad("payoutpreference", "The payoutpreference field is required.")}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.persons[p.PersonGUID] == nil {
		return sandboxapi.SetPayoutPreference400JSONResponse{BadRequestJSONResponse: bad("person_guid", "The person does not exist.")}, nil
	}
	a.preferences[p.PersonGUID] = p.Payoutpreference
	return sandboxapi.SetPayoutPreference200JSONResponse{PersonGUID: p.PersonGUID, PayoutPreference: p.Payoutpreference}, nil
}

// CreateDisputeChargeback opens a dispute (OPEN) on an account; the amount must be positive.
// 404 (with body) for an unknown account.
func (a *api) CreateDisputeChargeback(_ context.Context, req sandboxapi.CreateDisputeChargebackRequestObject) (sandboxapi.CreateDisputeChargebackResponseObject, error) {
	if req.Body == nil || req.Body.AccountGUID.IsZero() {
		return sandboxapi.CreateDisputeChargeback400JSONResponse{BadRequestJSONResponse: bad("account_guid", "The account_guid field is required.")}, nil
	}
	if req.Body.Amount.Sign() <= 0 {
		return sandboxapi.CreateDisputeChargeback400JSONResponse{BadRequestJSONResponse: bad("amount", "The field amount must be greater than 0.")}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.account(req.Body.AccountGUID) == nil {
		return sandboxapi.CreateDisputeChargeback404JSONResponse{NotFoundJSONResponse: notFound("The account")}, nil
	}
	d := &sandboxapi.DisputeChargebackResponse{DisputeGUID: core.NewGUID(), AccountGUID: req.Body.AccountGUID,
		TxnGUID: req.Body.TxnGUID, Amount: req.Body.Amount, DisputeStatus: "OPEN"}
	a.disputes = append(a.disputes, d)
	return sandboxapi.CreateDisputeChargeback200JSONResponse(*d), nil
}

// ListFees returns the fees of a program, or the one with request_code. 404 (with body) for
// an unknown program.
func (a *api) ListFees(_ context.Context, req sandboxapi.ListFeesRequestObject) (sandboxapi.ListFeesResponseObject, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.programs[req.Params.ProgramGUID] == nil {
		return sandboxapi.ListFees404JSONResponse{NotFoundJSONResponse: notFound("The program")}, nil
	}
	out := sandboxapi.ListFees200JSONResponse{}
	for _, f := range a.fees {
		if f.ProgramGUID == req.Params.ProgramGUID && (req.Params.RequestCode == "" || f.RequestCode == req.Params.RequestCode) {
			out = append(out, *f)
		}
	}
	return out, nil
}

// ApplyFee debits the fee (its configured amount, or amount when sent) from the account the
// request names. An unknown fee or account is a 400 (the operation lists no 404).
func (a *api) ApplyFee(_ context.Context, req sandboxapi.ApplyFeeRequestObject) (sandboxapi.ApplyFeeResponseObject, error) {
	if req.Body == nil || req.Body.AccountGUID.IsZero() || req.Body.RequestCode == "" {
		fields := map[string][]string{}
		if req.Body == nil || req.Body.AccountGUID.IsZero() {
			fields["account_guid"] = []string{"The account_guid field is required."}
		}
		if req.Body == nil || req.Body.RequestCode == "" {
			fields["request_code"] = []string{"The request_code field is required."}
		}
		return sandboxapi.ApplyFee400JSONResponse{BadRequestJSONResponse: badFields(fields)}, nil
	}
	b := *req.Body
	if b.Amount.Sign() < 0 {
		return sandboxapi.ApplyFee400JSONResponse{BadRequestJSONResponse: bad("amount", "The field amount must not be negative.")}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	acct := a.account(b.AccountGUID)
	if acct == nil {
		return sandboxapi.ApplyFee400JSONResponse{BadRequestJSONResponse: bad("account_guid", "The account does not exist.")}, nil
	}
	program := b.ProgramGUID
	if program.IsZero() {
		program = acct.dto.ProgramGUID
	}
	var fee *sandboxapi.FeesResponse
	for _, f := range a.fees {
		if f.ProgramGUID == program && f.RequestCode == b.RequestCode {
			fee = f
		}
	}
	if fee == nil {
		return sandboxapi.ApplyFee400JSONResponse{BadRequestJSONResponse: bad("request_code", "The program has no fee with this request code.")}, nil
	}
	amount := fee.FeeAmount
	if !b.Amount.IsZero() {
		amount = b.Amount
	}
	acct.credit(amount.Neg(), a.stamp())
	return sandboxapi.ApplyFee200JSONResponse{TxnGUID: core.NewGUID(), ProgramGUID: program, AccountGUID: acct.dto.AccountGUID,
		RequestCode: b.RequestCode, Amount: amount}, nil
}
