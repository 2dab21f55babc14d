// Package validationfake is the typed fake of validation.Client for your unit tests, generated
// from openapi/validation.yaml like cardplatformfake and pagingfake. Client.VerifyAccount and
// HealthCheck are written by hand over the spec's envelopes, so the fake's fields answer the
// wire operations: VerifyAccountV2 (the default version) and VerifyAccount (WithAPIVersion(V1))
// get the request envelope, whose AOARequest.Inquiry is the Inquiry your code passed, and
// return the response envelope that Answer / AnswerV1 build from a Result. The client's real
// encoding, client-side rules, decoding, typed errors and retries run.
package validationfake

import "github.com/issuerkit/issuerkit-go/validation"

// Answer is the verifyAccountV2 response that carries res: what Client.VerifyAccount decodes
// and returns (or, for an errorCode other than 000, reports as a *ResultError).
func Answer(res validation.Result) *validation.VerifyAccountV2Response {
	var r validation.VerifyAccountV2Response
	r.AccountValidationV2Response.AOAResponse.Result = res
	return &r
}

// AnswerV1 is Answer for a client of version 1 (the fake's VerifyAccount field).
func AnswerV1(res validation.Result) *validation.VerifyAccountResponse {
	var r validation.VerifyAccountResponse
	r.AccountValidationResponse.AOAResponse.Result = res
	return &r
}
