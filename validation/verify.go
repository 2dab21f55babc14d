package validation

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"io"
	"slices"
	"strings"

	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
)

// maxResultBody caps the verifyAccount response read into memory; a result is a few KB.
const maxResultBody = 1 << 20

// VerifyAccount checks that inq's routing and account number exist and, when owner data is
// sent, whether it matches the account's owner.
//
// Before any request, an empty ServiceType is filled in with ServiceTypeOwner and inq is
// checked with Inquiry.Validate: a bad inquiry returns an *InquiryError (errors.Is
// ErrInvalidInquiry) listing every problem with the service's own errorCode, and nothing is
// sent. The request travels in the envelopes of the Client's version (v2, or v1 with WithDocumentedAPI).
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
//   - any other status: a *[core.Error] unwrapping to the *[core.BankError] body and a sentinel.
//
// Retry: it is a read, retried after a connection failure or a 408, 429, 500, 502, 503 or 504.
func (c *Client) VerifyAccount(ctx context.Context, inq Inquiry, opts ...core.CallOption) (*Result, error) {
	a, err := c.VerifyAccountAnswer(ctx, inq, opts...)
	if err != nil {
		return nil, err
	}
	return a.Result, nil
}

// VerifyAccountAnswer is VerifyAccount returning the whole answer: the Result, and every
// member the bank sent that the SDK does not name, at every level (the response envelope,
// AOAResponse beside Result, errorResponse and its faults, the Result and its records). Its
// errors are VerifyAccount's; with a *FaultError or a *ResultError the *Answer is returned
// too, so nothing the bank sent is lost.
func (c *Client) VerifyAccountAnswer(ctx context.Context, inq Inquiry, opts ...core.CallOption) (*Answer, error) {
	if inq.ServiceType == "" {
		inq.ServiceType = ServiceTypeOwner
	}
	if err := inq.Validate(); err != nil {
		return nil, err
	}
	body, err := encodeRequest(c.core.APIVersion, inq)
	if err != nil {
		return nil, err
	}
	op := opVerifyAccount
	if c.core.APIVersion == v2 {
		op = opVerifyAccountV2
	}
	resp, err := sdkclient.Send(ctx, &c.core, sdkclient.Request{
		Op: op, Path: "/accounts/validations/" + c.core.APIVersion + "/verifyAccount",
		Stream: bytes.NewReader(body), ContentLength: int64(len(body)), SecretsOf: inq,
		GetBody: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil },
	}, opts)
	if err != nil {
		return nil, err
	}
	defer sdkclient.DrainAndClose(resp.Body)
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxResultBody))
	if err != nil {
		return nil, sdkclient.NewDecodeError(resp, err)
	}
	res, err := decodeAnswer(c.core.APIVersion, raw)
	if err != nil {
		var de *core.DecodeError
		if errors.As(err, &de) {
			*de = *sdkclient.NewDecodeError(resp, de.Err) // masked by the call's redactor
		}
		red := sdkclient.ResponseRedactor(resp) // the call's: its credentials and sent Secrets
		var fe *FaultError
		if errors.As(err, &fe) {
			fe.sanitize(red, sdkclient.CorrelationID(resp))
		}
		var re *ResultError
		if errors.As(err, &re) {
			re.sanitize(red, sdkclient.CorrelationID(resp))
		}
		return res, err
	}
	return res, nil
}

// encodeRequest wraps inq in the request envelope of version v:
// {"accountValidationRequest":{"AOARequest":{"Inquiry":{...}}}} (v1) or
// {"accountValidationV2Request":{...}} (v2). The Inquiry is written by the wire encoder
// (appendJSON with wire set), the only one that sends its Secrets in full: json.Marshal masks
// them.
func encodeRequest(v string, inq Inquiry) ([]byte, error) {
	b := make([]byte, 0, 512)
	if v == v2 {
		b = append(b, `{"accountValidationV2Request":{"AOARequest":{"Inquiry":`...)
	} else {
		b = append(b, `{"accountValidationRequest":{"AOARequest":{"Inquiry":`...)
	}
	b, err := inq.appendJSON(b, true)
	if err != nil {
		return nil, err
	}
	return append(b, "}}}"...), nil
}

// Answer is everything a verifyAccount 200 carried (VerifyAccountAnswer): the Result and,
// at every level, the members the SDK does not name, so that a member the bank adds is never
// dropped.
type Answer struct {
	// Result is AOAResponse.Result, nil when the answer had none (a fault alone).
	Result *Result
	// AOAResponse is the AOAResponse object: its AdditionalProperties hold the members beside
	// Result (an errorResponse inside it too, the tolerated placement).
	AOAResponse AOAResponse
	// ErrorResponse is the errorResponse beside AOAResponse (v2), the members of it and of its
	// faults that the SDK does not name included; zero when there was none.
	ErrorResponse ErrorResponse
	// Envelope holds the members of the response envelope (accountValidationResponse or
	// accountValidationV2Response) other than AOAResponse and errorResponse. Like every
	// unknown member, they print masked (core.Extras).
	Envelope core.Extras
	// AdditionalProperties holds the members of the response body beside the envelope.
	AdditionalProperties core.Extras
}

// decodeAnswer decodes a 200 body of verifyAccount for version v.
//
// A fault with a description, beside AOAResponse or inside it, decides: the answer is a
// *FaultError holding the Result that came with it. Without a fault, the Result's errorCode
// decides. The *Answer is returned with a *FaultError or a *ResultError.
func decodeAnswer(v string, raw []byte) (*Answer, error) {
	var body map[string]json.RawMessage
	if err := json.Unmarshal(raw, &body); err != nil {
		return nil, &core.DecodeError{Err: err}
	}
	name := "accountValidationResponse"
	if v == v2 {
		name = "accountValidationV2Response"
	}
	envRaw, ok := body[name]
	var env map[string]json.RawMessage
	if ok {
		if err := json.Unmarshal(envRaw, &env); err != nil {
			return nil, &core.DecodeError{Err: fmt.Errorf("%s: %w", name, err)}
		}
	}
	if env == nil {
		return nil, &core.DecodeError{Err: fmt.Errorf("the response has no %s envelope", name)}
	}
	a := &Answer{AdditionalProperties: others(body, name)}
	a.Envelope = others(env, "AOAResponse", "errorResponse")
	var faults []*ErrorResponse
	if r, ok := env["errorResponse"]; ok && !isNull(r) {
		if err := json.Unmarshal(r, &a.ErrorResponse); err != nil {
			return nil, &core.DecodeError{Err: fmt.Errorf("%s.errorResponse: %w", name, err)}
		}
		faults = append(faults, &a.ErrorResponse)
	}
	aoaRaw, hasAOA := env["AOAResponse"]
	hasAOA = hasAOA && !isNull(aoaRaw)
	if hasAOA {
		var members map[string]json.RawMessage
		if err := json.Unmarshal(aoaRaw, &members); err != nil {
			return nil, &core.DecodeError{Err: fmt.Errorf("%s.AOAResponse: %w", name, err)}
		}
		if err := json.Unmarshal(aoaRaw, &a.AOAResponse); err != nil {
			return nil, &core.DecodeError{Err: fmt.Errorf("%s.AOAResponse: %w", name, err)}
		}
		if r, ok := members["Result"]; ok && !isNull(r) {
			res := a.AOAResponse.Result
			a.Result = &res
		}
		if r, ok := members["errorResponse"]; ok && !isNull(r) {
			var inner ErrorResponse
			if err := json.Unmarshal(r, &inner); err != nil {
				return nil, &core.DecodeError{Err: fmt.Errorf("%s.AOAResponse.errorResponse: %w", name, err)}
			}
			faults = append(faults, &inner)
		}
	}
	res := a.Result
	if fe := newFaultError(res, faults...); fe != nil {
		return a, fe
	}
	switch {
	case !hasAOA:
		return nil, &core.DecodeError{Err: fmt.Errorf("%s has no AOAResponse", name)}
	case res == nil:
		return nil, &core.DecodeError{Err: fmt.Errorf("%s.AOAResponse has neither Result nor a fault", name)}
	case res.ErrorCode == "":
		return nil, &core.DecodeError{Err: fmt.Errorf("%s.AOAResponse.Result has no errorCode", name)}
	case res.ErrorCode != ErrorCodeNoError:
		return a, &ResultError{Code: res.ErrorCode, Result: res}
	}
	return a, nil
}

// others returns the members of m but names, the zero Extras when there are none.
func others(m map[string]json.RawMessage, names ...string) core.Extras {
	var out map[string]json.RawMessage
	for k, v := range m {
		if slices.Contains(names, k) {
			continue
		}
		if out == nil {
			out = map[string]json.RawMessage{}
		}
		out[k] = v
	}
	return core.NewExtras(out)
}

// isNull reports whether raw is the JSON null.
func isNull(raw json.RawMessage) bool { return string(bytes.TrimSpace(raw)) == "null" }

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
