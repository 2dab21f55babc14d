package cardplatformtest

import (
	"context"

	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest/internal/sandboxapi"
)

// ChangeCheckStatus sets a check's status to REVERSED, STOPPED or DROP (the spec closes the
// set; the validator refuses any other value). The check is named by txn_guid, or by
// account_guid plus check_number. The reverse process credits the check's amount back to its
// account, once: a check already REVERSED, STOPPED or DROP is refused (400), as is an unknown
// check (the operation lists no 404).
func (a *api) ChangeCheckStatus(_ context.Context, req sandboxapi.ChangeCheckStatusRequestObject) (sandboxapi.ChangeCheckStatusResponseObject, error) {
	if req.Body == nil {
		return sandboxapi.ChangeCheckStatus400JSONResponse{BadRequestJSONResponse: bad("new_status", "The new_status field is required.")}, nil
	}
	b := *req.Body
	if b.TxnGUID.IsZero() && (b.AccountGUID.IsZero() || b.CheckNumber == "") {
		return sandboxapi.ChangeCheckStatus400JSONResponse{BadRequestJSONResponse: bad("txn_guid", "Name the check by txn_guid, or by account_guid and check_number.")}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	var chk *sandboxapi.CheckDTO
	for _, c := range a.checks {
		if (!b.TxnGUID.IsZero() && c.TxnGUID == b.TxnGUID) ||
			(b.TxnGUID.IsZero() && c.AccountGUID == b.AccountGUID && c.CheckNumber == b.CheckNumber) {
			chk = c
			break
		}
	}
	if chk == nil {
		return sandboxapi.ChangeCheckStatus400JSONResponse{BadRequestJSONResponse: bad("txn_guid", "The check does not exist.")}, nil
	}
	switch sandboxapi.CheckNewStatus(chk.CheckStatus) {
	case sandboxapi.CheckNewStatusREVERSED, sandboxapi.CheckNewStatusSTOPPED, sandboxapi.CheckNewStatusDROP:
		return sandboxapi.ChangeCheckStatus400JSONResponse{BadRequestJSONResponse: bad("new_status", "The check is already "+chk.CheckStatus+".")}, nil
	}
	chk.CheckStatus = string(b.NewStatus)
	if acct := a.account(chk.AccountGUID); acct != nil {
		acct.credit(chk.Amount, a.stamp())
	}
	return sandboxapi.ChangeCheckStatus200JSONResponse{
		TxnGUID: chk.TxnGUID, AccountGUID: chk.AccountGUID, CheckNumber: chk.CheckNumber, NewStatus: b.NewStatus, Notes: b.Notes,
	}, nil
}

// SearchChecks returns the checks that match every filter. 404 (with body) when account_guid
// names no account.
func (a *api) SearchChecks(_ context.Context, req sandboxapi.SearchChecksRequestObject) (sandboxapi.SearchChecksResponseObject, error) {
	var f sandboxapi.CheckSearchDTO
	if req.Body != nil {
		f = *req.Body
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if !f.AccountGUID.IsZero() && a.account(f.AccountGUID) == nil {
		return sandboxapi.SearchChecks404JSONResponse{NotFoundJSONResponse: notFound("The account")}, nil
	}
	items := []sandboxapi.CheckDTO{}
	for _, c := range a.checks {
		if (!f.AccountGUID.IsZero() && c.AccountGUID != f.AccountGUID) || (!f.PersonGUID.IsZero() && c.PersonGUID != f.PersonGUID) ||
			(f.CheckNumber != "" && c.CheckNumber != f.CheckNumber) || (f.CheckStatus != "" && c.CheckStatus != f.CheckStatus) ||
			(!f.StartDate.IsZero() && c.CheckDate.Time().Before(f.StartDate.Time())) ||
			(!f.EndDate.IsZero() && c.CheckDate.Time().After(f.EndDate.Time())) {
			continue
		}
		items = append(items, *c)
	}
	return sandboxapi.SearchChecks200JSONResponse{Items: items, Total: int32(len(items))}, nil
}
