package validation

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
	"github.com/issuerkit/issuerkit-go/internal/transport"
)

// maxResultBody caps the verifyAccount response read into memory; a result is a few KB.
const maxResultBody = 1 << 20

// VerifyAccount checks that inq's routing and account number exist and, when owner data is
// sent, whether it matches the account's owner.
//
// Before any request, an empty ServiceType is filled in with ServiceTypeOwner and inq is
// checked with Inquiry.Validate: a bad inquiry returns an *InquiryError (errors.Is
// ErrInvalidInquiry) listing every problem with the service's own errorCode, and nothing is
// sent. The request travels in the envelopes of the Client's version (WithAPIVersion).
//
// Outcomes:
//   - errorCode 000: the *Result and nil. A conditionCode other than 000 (Result.Partial)
//     comes with whatever partial data the service returned, such as the account status.
//   - another errorCode in a 200: a *ResultError holding the code and the Result.
//   - an errorResponse (businessFault or systemFault) in a 200: a *FaultError.
//   - a 200 without the expected envelope, without AOAResponse, or whose Result has no
//     errorCode: a *DecodeError, never an empty Result.
//   - any other status: an *Error unwrapping to the *BankError body and a sentinel.
//
// Retry: it is a read, retried after a connection failure or a 408, 429, 500, 502, 503 or 504.
func (c *Client) VerifyAccount(ctx context.Context, inq Inquiry, opts ...CallOption) (*Result, error) {
	if err := checkVersion(c.core.Version); err != nil {
		return nil, err
	}
	if inq.ServiceType == "" {
		inq.ServiceType = ServiceTypeOwner
	}
	if err := inq.Validate(); err != nil {
		return nil, err
	}
	body, err := encodeRequest(c.core.Version, inq)
	if err != nil {
		return nil, err
	}
	op := opVerifyAccount
	if c.core.Version == V2 {
		op = opVerifyAccountV2
	}
	resp, err := sdkclient.Send(ctx, &c.core, sdkclient.Request{
		Op: op, Path: "/accounts/validations/" + c.core.Version + "/verifyAccount",
		Stream: bytes.NewReader(body), ContentLength: int64(len(body)),
		GetBody: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil },
	}, opts)
	if err != nil {
		return nil, err
	}
	defer transport.DrainAndClose(resp.Body)
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxResultBody))
	if err != nil {
		return nil, sdkclient.NewDecodeError(resp, err)
	}
	res, err := decodeResult(c.core.Version, raw)
	if err != nil {
		var de *sdkclient.DecodeError
		if errors.As(err, &de) {
			*de = *sdkclient.NewDecodeError(resp, de.Err) // masked by the call's redactor
		}
		var fe *FaultError
		if errors.As(err, &fe) {
			fe.CorrelationID = transport.CorrelationID(resp)
		}
		var re *ResultError
		if errors.As(err, &re) {
			re.CorrelationID = transport.CorrelationID(resp)
		}
		return nil, err
	}
	return res, nil
}

// encodeRequest wraps inq in the request envelope of version v.
func encodeRequest(v string, inq Inquiry) ([]byte, error) {
	inner := AccountValidationRequest{AOARequest: AOARequest{Inquiry: inq}}
	if v == V2 {
		return json.Marshal(VerifyAccountV2Request{AccountValidationV2Request: inner})
	}
	return json.Marshal(VerifyAccountRequest{AccountValidationRequest: inner})
}

// wireAOA is AOAResponse with pointers, so that an absent member is told from an empty one.
type wireAOA struct {
	Result        *Result        `json:"Result"`
	ErrorResponse *ErrorResponse `json:"errorResponse"`
}

// wireEnvelope is the content of accountValidationResponse / accountValidationV2Response.
type wireEnvelope struct {
	AOAResponse *wireAOA `json:"AOAResponse"`
}

// decodeResult decodes a 200 body of verifyAccount for version v.
func decodeResult(v string, raw []byte) (*Result, error) {
	var body struct {
		V1 *wireEnvelope `json:"accountValidationResponse"`
		V2 *wireEnvelope `json:"accountValidationV2Response"`
	}
	if err := json.Unmarshal(raw, &body); err != nil {
		return nil, &DecodeError{Err: err}
	}
	env, name := body.V1, "accountValidationResponse"
	if v == V2 {
		env, name = body.V2, "accountValidationV2Response"
	}
	switch {
	case env == nil:
		return nil, &DecodeError{Err: fmt.Errorf("the response has no %s envelope", name)}
	case env.AOAResponse == nil:
		return nil, &DecodeError{Err: fmt.Errorf("%s has no AOAResponse", name)}
	}
	aoa := env.AOAResponse
	if e := aoa.ErrorResponse; e != nil && (e.BusinessFault != Fault{} || e.SystemFault != Fault{}) {
		return nil, &FaultError{Business: e.BusinessFault.ErrorDescription, System: e.SystemFault.ErrorDescription, Result: aoa.Result}
	}
	if aoa.Result == nil {
		return nil, &DecodeError{Err: fmt.Errorf("%s.AOAResponse has neither Result nor errorResponse", name)}
	}
	if aoa.Result.ErrorCode == "" {
		return nil, &DecodeError{Err: fmt.Errorf("%s.AOAResponse.Result has no errorCode", name)}
	}
	if aoa.Result.ErrorCode != ErrorCodeNoError {
		return nil, &ResultError{Code: aoa.Result.ErrorCode, Result: aoa.Result}
	}
	return aoa.Result, nil
}

var (
	opVerifyAccount   = operations.Op("verifyAccount")
	opVerifyAccountV2 = operations.Op("verifyAccountV2")
)
