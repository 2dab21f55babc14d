package validation

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

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
// Outcomes, in the order they are decided:
//   - a fault in a 200 (an errorResponse whose businessFault or systemFault has an
//     errorDescription, beside AOAResponse as the bank publishes it, or inside it): a
//     *FaultError, even when a Result with errorCode 000 comes with it. The fault decides
//     success; the Result is not lost: it is FaultError.Result, match data included. An
//     errorResponse without a description is no fault.
//   - errorCode 000: the *Result and nil. A conditionCode other than 000 (Result.Partial)
//     comes with whatever partial data the service returned, such as the account status.
//   - another errorCode in a 200: a *ResultError holding the code and the Result.
//   - a 200 without the expected envelope, without AOAResponse, or whose Result has no
//     errorCode (and no fault): a *DecodeError, never an empty Result.
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
		Stream: bytes.NewReader(body), ContentLength: int64(len(body)), SecretsOf: inq,
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
		red := transport.ResponseRedactor(resp) // the call's: its credentials and sent Secrets
		var fe *FaultError
		if errors.As(err, &fe) {
			fe.sanitize(red, transport.CorrelationID(resp))
		}
		var re *ResultError
		if errors.As(err, &re) {
			re.sanitize(red, transport.CorrelationID(resp))
		}
		return nil, err
	}
	return res, nil
}

// encodeRequest wraps inq in the request envelope of version v:
// {"accountValidationRequest":{"AOARequest":{"Inquiry":{...}}}} (v1) or
// {"accountValidationV2Request":{...}} (v2). The Inquiry is written by the wire encoder
// (AppendJSON), the only one that sends its Secrets in full: json.Marshal masks them.
func encodeRequest(v string, inq Inquiry) ([]byte, error) {
	b := make([]byte, 0, 512)
	if v == V2 {
		b = append(b, `{"accountValidationV2Request":{"AOARequest":{"Inquiry":`...)
	} else {
		b = append(b, `{"accountValidationRequest":{"AOARequest":{"Inquiry":`...)
	}
	b, err := inq.AppendJSON(b)
	if err != nil {
		return nil, err
	}
	return append(b, "}}}"...), nil
}

// wireAOA is AOAResponse with pointers, so that an absent member is told from an empty one.
// ErrorResponse is the tolerated placement of a fault, inside AOAResponse next to Result.
type wireAOA struct {
	Result        *Result        `json:"Result"`
	ErrorResponse *ErrorResponse `json:"errorResponse"`
}

// wireEnvelope is the content of accountValidationResponse / accountValidationV2Response.
// ErrorResponse is the published v2 placement of a fault, beside AOAResponse.
type wireEnvelope struct {
	AOAResponse   *wireAOA       `json:"AOAResponse"`
	ErrorResponse *ErrorResponse `json:"errorResponse"`
}

// decodeResult decodes a 200 body of verifyAccount for version v.
//
// A fault with a description, beside AOAResponse or inside it, decides: the answer is a
// *FaultError holding the Result that came with it. Without a fault, the Result's errorCode
// decides.
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
	if env == nil {
		return nil, &DecodeError{Err: fmt.Errorf("the response has no %s envelope", name)}
	}
	var res *Result
	faults := []*ErrorResponse{env.ErrorResponse}
	if aoa := env.AOAResponse; aoa != nil {
		res = aoa.Result
		faults = append(faults, aoa.ErrorResponse)
	}
	if fe := newFaultError(res, faults...); fe != nil {
		return nil, fe
	}
	switch {
	case env.AOAResponse == nil:
		return nil, &DecodeError{Err: fmt.Errorf("%s has no AOAResponse", name)}
	case res == nil:
		return nil, &DecodeError{Err: fmt.Errorf("%s.AOAResponse has neither Result nor a fault", name)}
	case res.ErrorCode == "":
		return nil, &DecodeError{Err: fmt.Errorf("%s.AOAResponse.Result has no errorCode", name)}
	case res.ErrorCode != ErrorCodeNoError:
		return nil, &ResultError{Code: res.ErrorCode, Result: res}
	}
	return res, nil
}

// newFaultError returns the *FaultError of the faults found in ers (in order, blank and
// repeated descriptions dropped), holding res; nil when no fault has a description.
func newFaultError(res *Result, ers ...*ErrorResponse) *FaultError {
	var business, system []string
	add := func(list []string, d string) []string {
		d = strings.TrimSpace(d)
		if d == "" || slices.Contains(list, d) {
			return list
		}
		return append(list, d)
	}
	for _, e := range ers {
		if e != nil {
			business = add(business, e.BusinessFault.ErrorDescription)
			system = add(system, e.SystemFault.ErrorDescription)
		}
	}
	if len(business) == 0 && len(system) == 0 {
		return nil
	}
	fe := &FaultError{Business: strings.Join(business, "; "), System: strings.Join(system, "; "), Result: res}
	if res != nil && res.ErrorCode != "" && res.ErrorCode != ErrorCodeNoError {
		fe.failed = &ResultError{Code: res.ErrorCode, Result: res}
	}
	return fe
}

var (
	opVerifyAccount   = operations.Op("verifyAccount")
	opVerifyAccountV2 = operations.Op("verifyAccountV2")
)
