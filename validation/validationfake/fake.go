package validationfake

import (
	"context"

	"github.com/issuerkit/issuerkit-go/internal/fakekit"
	"github.com/issuerkit/issuerkit-go/validation"
)

// Fake answers the methods of a validation.Client with the functions a test sets, one field
// per method with the method's own arguments and result. It is an http.RoundTripper: the
// client Client returns sends every call through it. A field left nil answers 501 "not
// faked: <Method>". A function's ctx carries the Call (CallFrom): correlation id, headers,
// attempt. A Fake must not be copied after first use.
type Fake struct {
	// VerifyAccount fakes Client.VerifyAccount (verifyAccount and verifyAccountV2).
	VerifyAccount func(ctx context.Context, inq validation.Inquiry) (*validation.Result, error)
	// HealthCheck fakes Client.HealthCheck (checkHealth and checkHealthV2).
	HealthCheck func(ctx context.Context) (*validation.HealthCheckResponse, error)

	srv fakekit.Server
}

// The envelopes of verifyAccount as openapi/validation.yaml has them, v1 and v2.
type (
	inquiryEnvelope struct {
		AOARequest struct {
			Inquiry validation.Inquiry `json:"Inquiry"`
		} `json:"AOARequest"`
	}
	resultEnvelope struct {
		AOAResponse struct {
			Result *validation.Result `json:"Result"`
		} `json:"AOAResponse"`
	}
	requestV1 struct {
		Env inquiryEnvelope `json:"accountValidationRequest"`
	}
	requestV2 struct {
		Env inquiryEnvelope `json:"accountValidationV2Request"`
	}
	responseV1 struct {
		Env resultEnvelope `json:"accountValidationResponse"`
	}
	responseV2 struct {
		Env struct {
			resultEnvelope
			ErrorResponse struct{} `json:"errorResponse"`
		} `json:"accountValidationV2Response"`
	}
)

func (f *Fake) routes() []fakekit.Route {
	var verifyV1, verifyV2, health fakekit.Handler
	if f.VerifyAccount != nil {
		verifyV1 = func(ctx context.Context, in *fakekit.In) (any, error) {
			var req requestV1
			if err := in.Body(&req); err != nil {
				return nil, err
			}
			res, err := f.VerifyAccount(ctx, req.Env.AOARequest.Inquiry)
			if err != nil {
				return nil, err
			}
			var out responseV1
			out.Env.AOAResponse.Result = res
			return out, nil
		}
		verifyV2 = func(ctx context.Context, in *fakekit.In) (any, error) {
			var req requestV2
			if err := in.Body(&req); err != nil {
				return nil, err
			}
			res, err := f.VerifyAccount(ctx, req.Env.AOARequest.Inquiry)
			if err != nil {
				return nil, err
			}
			var out responseV2
			out.Env.AOAResponse.Result = res
			return out, nil
		}
	}
	if f.HealthCheck != nil {
		health = func(ctx context.Context, in *fakekit.In) (any, error) { return f.HealthCheck(ctx) }
	}
	return []fakekit.Route{
		{ID: "checkHealth", Name: "HealthCheck", Method: "GET", Path: "/accounts/validations/v1/healthCheck", Status: 200, Handler: health},
		{ID: "checkHealthV2", Name: "HealthCheck", Method: "GET", Path: "/accounts/validations/v2/healthCheck", Status: 200, Handler: health},
		{ID: "verifyAccount", Name: "VerifyAccount", Method: "POST", Path: "/accounts/validations/v1/verifyAccount", Status: 200, Handler: verifyV1},
		{ID: "verifyAccountV2", Name: "VerifyAccount", Method: "POST", Path: "/accounts/validations/v2/verifyAccount", Status: 200, Handler: verifyV2},
	}
}
