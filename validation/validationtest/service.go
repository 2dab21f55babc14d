package validationtest

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"reflect"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/jsonx"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/issuerkit/issuerkit-go/validation/validationtest/internal/sandboxapi"
)

// service implements the generated strict server.
type service struct {
	s   *Server
	seq atomic.Int64
}

var _ sandboxapi.StrictServerInterface = (*service)(nil)

func health() sandboxapi.HealthCheckResponse {
	return sandboxapi.HealthCheckResponse{Status: "Ok", Source: sandboxapi.HealthCheckSourceRoundtrip, Timestamp: time.Now().Format("2006-01-02T15:04:05")}
}

// CheckHealth answers the v1 health check.
func (v *service) CheckHealth(ctx context.Context, req sandboxapi.CheckHealthRequestObject) (sandboxapi.CheckHealthResponseObject, error) {
	return sandboxapi.CheckHealth200JSONResponse{Body: health(), Headers: sandboxapi.CheckHealth200ResponseHeaders{XCorrelationID: req.Params.CorrelationIDParam}}, nil
}

// CheckHealthV2 answers the v2 health check.
func (v *service) CheckHealthV2(ctx context.Context, req sandboxapi.CheckHealthV2RequestObject) (sandboxapi.CheckHealthV2ResponseObject, error) {
	return sandboxapi.CheckHealthV2200JSONResponse{Body: health(), Headers: sandboxapi.CheckHealthV2200ResponseHeaders{XCorrelationID: req.Params.CorrelationIDParam}}, nil
}

// VerifyAccount answers v1.
func (v *service) VerifyAccount(ctx context.Context, req sandboxapi.VerifyAccountRequestObject) (sandboxapi.VerifyAccountResponseObject, error) {
	out := v.verify(req.Body.AccountValidationRequest.AOARequest.Inquiry, false)
	if out.status != 0 {
		return rawResponse(out), nil
	}
	return sandboxapi.VerifyAccount200JSONResponse{
		Body:    sandboxapi.VerifyAccountResponse{AccountValidationResponse: sandboxapi.AccountValidationResponse{AOAResponse: out.aoa}},
		Headers: sandboxapi.VerifyAccount200ResponseHeaders{XCorrelationID: req.Params.CorrelationIDParam},
	}, nil
}

// VerifyAccountV2 answers v2.
func (v *service) VerifyAccountV2(ctx context.Context, req sandboxapi.VerifyAccountV2RequestObject) (sandboxapi.VerifyAccountV2ResponseObject, error) {
	out := v.verify(req.Body.AccountValidationV2Request.AOARequest.Inquiry, true)
	if out.status != 0 {
		return rawResponse(out), nil
	}
	// The published form: errorResponse (required) beside AOAResponse, empty without a fault.
	return sandboxapi.VerifyAccountV2200JSONResponse{
		Body: sandboxapi.VerifyAccountV2Response{AccountValidationV2Response: sandboxapi.AccountValidationV2Response{
			AOAResponse: out.aoa, ErrorResponse: out.fault}},
		Headers: sandboxapi.VerifyAccountV2200ResponseHeaders{XCorrelationID: req.Params.CorrelationIDParam},
	}, nil
}

// outcome is the answer to one inquiry: a result and (v2) a fault, or an HTTP error status.
type outcome struct {
	aoa     sandboxapi.AOAResponse
	fault   sandboxapi.ErrorResponse
	status  int
	connect string
	code    validation.ErrorCode
}

// rawResponse writes an error status with the bank's body; it satisfies both versions'
// response interfaces.
type rawResponse outcome

func (o rawResponse) write(w http.ResponseWriter) error {
	r, _ := http.NewRequest(http.MethodPost, "/", nil)
	r.Header.Set("X-CorrelationId", w.Header().Get("X-CorrelationId"))
	msg := http.StatusText(o.status)
	if o.code != "" {
		msg = "Error received from backend service"
	}
	writeBankError(w, r, o.status, msg, o.code, o.connect)
	return nil
}

// VisitVerifyAccountResponse implements sandboxapi.VerifyAccountResponseObject.
func (o rawResponse) VisitVerifyAccountResponse(w http.ResponseWriter) error { return o.write(w) }

// VisitVerifyAccountV2Response implements sandboxapi.VerifyAccountV2ResponseObject.
func (o rawResponse) VisitVerifyAccountV2Response(w http.ResponseWriter) error { return o.write(w) }

// verify applies the service's matching rules to one inquiry; v2 answers may carry faults.
func (v *service) verify(wire sandboxapi.Inquiry, v2 bool) outcome {
	var inq validation.Inquiry
	// not a model: wire is the sandbox's server type (plain strings), decoded into the model
	if b, err := json.Marshal(wire); err == nil {
		_ = json.Unmarshal(b, &inq)
	}
	// The rules the spec cannot express (the ABA check digit, real dates): 400 with the code.
	var ie *validation.InquiryError
	if errors.As(inq.Validate(), &ie) {
		return outcome{status: http.StatusBadRequest, code: ie.Violations[0].Code}
	}
	res := validation.Result{
		SystemRecordID: strconv.FormatInt(time.Now().UnixMilli()%1e12*10000+v.seq.Add(1)%10000, 10),
		SecondaryID:    inq.SecondaryID, AdditionalID: inq.AdditionalID,
		RoutingNumber: inq.RoutingNumber, AccountNumber: inq.AccountNumber,
		Amount: inq.Amount, SerialNumber: inq.SerialNumber,
		Client: validation.ClientEcho{ClientDate: inq.Client.ClientDate, ClientTime: inq.Client.ClientTime, UserDefined: inq.Client.UserDefined},
	}
	done := func(code validation.ErrorCode) outcome {
		res.ErrorCode = code
		var aoa sandboxapi.AOAResponse
		b, _ := jsonx.MarshalWire(validation.AOAResponse{Result: res}) // json.Marshal masks
		_ = json.Unmarshal(b, &aoa)
		return outcome{aoa: aoa}
	}
	// Client identification.
	switch inq.SecondaryID {
	case SecondaryID:
		res.PrimaryID = "CLIENT0001"
	case SecondaryIDWithAdditional:
		switch inq.AdditionalID {
		case "":
			return done(validation.ErrorCodeMissingClientRecordID)
		case AdditionalID:
			res.PrimaryID = "CLIENT0002"
		default:
			return done(validation.ErrorCodeClientIDMismatch)
		}
	default:
		return done(validation.ErrorCodeClientIDMismatch)
	}
	for _, r := range inq.SerialNumber {
		if r < '0' || r > '9' {
			return done(validation.ErrorCodeInvalidSerialNumber)
		}
	}
	res.FeeAttrib = validation.FeeAttribACH
	if inq.RoutingNumber != RoutingNumber && inq.RoutingNumber != RoutingNotContributor {
		res.AcctOwner.ConditionCode = validation.ConditionCodeNotParticipant
		return done(validation.ErrorCodeNoError)
	}
	acct, found := v.s.account(inq.RoutingNumber, inq.AccountNumber.Reveal())
	if found && acct.HTTPStatus != 0 {
		return outcome{status: acct.HTTPStatus, connect: "Error connecting to the downstream service"}
	}
	if found && acct.ErrorCode != "" {
		return done(acct.ErrorCode)
	}
	if found && acct.SystemFault != "" {
		if !v2 {
			return done(validation.ErrorCodeSystemFailure)
		}
		return outcome{fault: sandboxapi.ErrorResponse{SystemFault: sandboxapi.Fault{ErrorDescription: acct.SystemFault}}}
	}
	if !found {
		res.AcctStatus = validation.AcctStatus{PrimaryStatusCode: validation.PrimaryStatusCodeNotLocated, PrimMessage: validation.PrimaryStatusCodeNotLocated.String()}
		res.AcctOwner.ConditionCode = validation.ConditionCodeNoKnownInformation
		return done(validation.ErrorCodeNoError)
	}
	res.AcctStatus = validation.AcctStatus{PrimaryStatusCode: acct.Status, PrimMessage: primMessage(acct.Status)}
	owner := inq.AcctOwner
	switch {
	case acct.OwnerCondition != "":
		res.AcctOwner.ConditionCode = acct.OwnerCondition
	case inq.RoutingNumber == RoutingNotContributor:
		res.AcctOwner.ConditionCode = validation.ConditionCodeNotOwnerAuthenticationContributor
	case reflect.ValueOf(owner).IsZero():
		res.AcctOwner.ConditionCode = validation.ConditionCodeNoOwnerResponse900
	case !(owner.FirstName != "" && owner.LastName != "") && owner.BusinessName == "":
		res.AcctOwner.ConditionCode = validation.ConditionCodeNoNameField
	case acct.Owner == nil:
		res.AcctOwner.ConditionCode = validation.ConditionCodeOwnerDataUnavailable
	default:
		res.AcctOwner = matchOwner(owner, *acct.Owner)
	}
	out := done(validation.ErrorCodeNoError)
	if v2 && acct.BusinessFault != "" {
		out.fault.BusinessFault.ErrorDescription = acct.BusinessFault
	}
	return out
}

// primMessage is the primMessage the sandbox writes for code: the bank's own text for 699,
// the meaning from the service's table of codes otherwise.
func primMessage(code validation.PrimaryStatusCode) string {
	if code == validation.PrimaryStatusCodeOpenValid {
		return "Open Valid"
	}
	return code.String()
}
