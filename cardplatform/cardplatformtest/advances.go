package cardplatformtest

import (
	"bytes"
	"context"
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"

	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest/internal/sandboxapi"
)

// advance is a pre-calculated advance, applied at most once.
type advance struct {
	dto     sandboxapi.AdvancePreCalcResponse
	applied bool
}

// batchfile is a disbursement batch file.
type batchfile struct {
	dto  sandboxapi.BatchfileResponse
	data []byte
}

// PrecalculateAdvance offers an advance of amount on an account: a flat fee of 5.00, repaid
// in 30 days. 404 (no body) for an unknown account.
func (a *api) PrecalculateAdvance(_ context.Context, req sandboxapi.PrecalculateAdvanceRequestObject) (sandboxapi.PrecalculateAdvanceResponseObject, error) {
	if req.Body == nil || req.Body.Amount.Sign() <= 0 {
		return sandboxapi.PrecalculateAdvance400JSONResponse{BadRequestJSONResponse: bad("amount", "The field amount must be greater than 0.")}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.account(req.AccountGUIDParam) == nil {
		return sandboxapi.PrecalculateAdvance404Response{}, nil
	}
	fee := core.NewDecimalFromInt(500, 2)
	v := &advance{dto: sandboxapi.AdvancePreCalcResponse{
		RequestID: fmt.Sprintf("ADV-%d", a.nextSeq()), AccountGUID: req.AccountGUIDParam, AdvanceAmount: req.Body.Amount,
		FeeAmount: fee, TotalRepaymentAmount: req.Body.Amount.Add(fee), RepaymentDate: core.NewTimestamp(a.now().AddDate(0, 0, 30).Truncate(86400e9)),
	}}
	a.advances[v.dto.RequestID] = v
	return sandboxapi.PrecalculateAdvance201JSONResponse(v.dto), nil
}

// ApplyAdvance credits a pre-calculated advance (request_id) to its account, once. An unknown
// or applied request_id is a 400. 404 (no body) for an unknown account.
func (a *api) ApplyAdvance(_ context.Context, req sandboxapi.ApplyAdvanceRequestObject) (sandboxapi.ApplyAdvanceResponseObject, error) {
	if req.Body == nil || req.Body.RequestID == "" {
		return sandboxapi.ApplyAdvance400JSONResponse{BadRequestJSONResponse: bad("request_id", "The request_id field is required.")}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	acct := a.account(req.AccountGUIDParam)
	if acct == nil {
		return sandboxapi.ApplyAdvance404Response{}, nil
	}
	v := a.advances[req.Body.RequestID]
	if v == nil || v.dto.AccountGUID != req.AccountGUIDParam || v.applied {
		return sandboxapi.ApplyAdvance400JSONResponse{BadRequestJSONResponse: bad("request_id", "No pre-calculated advance with this request_id is open on the account.")}, nil
	}
	v.applied = true
	acct.credit(v.dto.AdvanceAmount, a.stamp())
	return sandboxapi.ApplyAdvance201JSONResponse{AccountGUID: acct.dto.AccountGUID, AdvanceAmount: v.dto.AdvanceAmount,
		RequestID: v.dto.RequestID, Status: "APPLIED", TxnGUID: core.NewGUID()}, nil
}

// ChangeAdvanceCycle sets the repayment cycle (WEEKLY, BIWEEKLY or MONTHLY). 404 (no body).
func (a *api) ChangeAdvanceCycle(_ context.Context, req sandboxapi.ChangeAdvanceCycleRequestObject) (sandboxapi.ChangeAdvanceCycleResponseObject, error) {
	days := map[string]int{"WEEKLY": 7, "BIWEEKLY": 14, "MONTHLY": 0}
	if req.Body == nil {
		return sandboxapi.ChangeAdvanceCycle400JSONResponse{BadRequestJSONResponse: bad("cycle", "The cycle field is required.")}, nil
	}
	d, ok := days[req.Body.Cycle]
	if !ok {
		return sandboxapi.ChangeAdvanceCycle400JSONResponse{BadRequestJSONResponse: bad("cycle", "The cycle must be WEEKLY, BIWEEKLY or MONTHLY.")}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.account(req.AccountGUIDParam) == nil {
		return sandboxapi.ChangeAdvanceCycle404Response{}, nil
	}
	next := a.now().AddDate(0, 1, 0)
	if d > 0 {
		next = a.now().AddDate(0, 0, d)
	}
	return sandboxapi.ChangeAdvanceCycle201JSONResponse{AccountGUID: req.AccountGUIDParam, Cycle: req.Body.Cycle,
		NextCycleDate: core.NewTimestamp(next.Truncate(86400e9))}, nil
}

// batchReports are the report names CreateBatchfile knows.
var batchReports = map[string]bool{"DISBURSEMENT": true}

// CreateBatchfile stores a disbursement batch file (201, status RECEIVED). The platform lists a
// second success, 200 with only the batchfile_guid ("accepted"), without saying when it comes;
// the sandbox answers it for a file it already holds (same program, report name, file name and
// document): nothing new is stored and the stored file's batchfile_guid is returned, so that a
// re-sent upload after an unknown outcome finds its file. 404 (with body) for a report name
// other than DISBURSEMENT; 400 for an unknown program or an empty document.
func (a *api) CreateBatchfile(_ context.Context, req sandboxapi.CreateBatchfileRequestObject) (sandboxapi.CreateBatchfileResponseObject, error) {
	if req.Body == nil || len(req.Body.SourceDocument) == 0 {
		return sandboxapi.CreateBatchfile400JSONResponse{BadRequestJSONResponse: bad("source_document", "The source_document field is required.")}, nil
	}
	b := *req.Body
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.programs[b.ProgramGUID] == nil {
		return sandboxapi.CreateBatchfile400JSONResponse{BadRequestJSONResponse: bad("program_guid", "The program does not exist.")}, nil
	}
	if !batchReports[b.ReportName] {
		return sandboxapi.CreateBatchfile404JSONResponse{NotFoundJSONResponse: notFound("The report name")}, nil
	}
	for _, f := range a.batchfiles {
		if f.dto.ProgramGUID == b.ProgramGUID && f.dto.ReportName == b.ReportName && f.dto.FileName == b.FileName &&
			bytes.Equal(f.data, b.SourceDocument) {
			return sandboxapi.CreateBatchfile200JSONResponse{BatchfileGUID: f.dto.BatchfileGUID}, nil
		}
	}
	f := &batchfile{data: bytes.Clone(b.SourceDocument), dto: sandboxapi.BatchfileResponse{
		BatchfileGUID: core.NewGUID(), ProgramGUID: b.ProgramGUID, ReportName: b.ReportName, FileName: b.FileName,
		Status: "RECEIVED", SysUTCInserted: a.stamp(),
	}}
	a.batchfiles[f.dto.BatchfileGUID] = f
	return sandboxapi.CreateBatchfile201JSONResponse(f.dto), nil
}

// DownloadBatchfile returns a stored batch file as an attachment. 404 (with body) for an
// unknown batch file or one of another program.
func (a *api) DownloadBatchfile(_ context.Context, req sandboxapi.DownloadBatchfileRequestObject) (sandboxapi.DownloadBatchfileResponseObject, error) {
	if req.Body == nil || req.Body.BatchfileGUID.IsZero() {
		return sandboxapi.DownloadBatchfile400JSONResponse{BadRequestJSONResponse: bad("batchfile_guid", "The batchfile_guid field is required.")}, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	f := a.batchfiles[req.Body.BatchfileGUID]
	if f == nil || (!req.Body.ProgramGUID.IsZero() && f.dto.ProgramGUID != req.Body.ProgramGUID) {
		return sandboxapi.DownloadBatchfile404JSONResponse{NotFoundJSONResponse: notFound("The batch file")}, nil
	}
	name := f.dto.FileName
	if name == "" {
		name = f.dto.BatchfileGUID.String() + ".csv"
	}
	return sandboxapi.DownloadBatchfile200ApplicationOctetStreamResponse{
		Body: bytes.NewReader(f.data), ContentLength: int64(len(f.data)),
		Headers: sandboxapi.DownloadBatchfile200ResponseHeaders{ContentDisposition: fmt.Sprintf("attachment; filename=%q", name)},
	}, nil
}
