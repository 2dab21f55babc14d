// Package validation is the client of the bank's account-validation service (v1 and v2): a
// health check and verifyAccount, which checks that a routing and account number exist and who
// owns them.
//
// The models are generated from openapi/validation.yaml (api.gen.go), the meanings of the
// service's codes from the same spec (codes.gen.go). VerifyAccount is written by hand: it
// checks an Inquiry against the service's rules before the network (Inquiry.Validate, errors
// carry the service's own errorCode), and a 200 without the expected envelope is a
// DecodeError, never an empty Result. Result helpers answer what a caller asks: Account (open,
// closed, unknown), OwnerMatched, Score, Partial, and the fields matched, not matched,
// conditionally matched or without data (AcctOwnerResponse.Matched and siblings). The bank requires bearer
// tokens (see BankTokenSource) and a client certificate (WithClientCertificate):
//
//	ts, err := validation.BankTokenSource(ctx, baseURL, cred, tlsConfig, nil)
//	defer ts.Close()
//	v, err := validation.New(baseURL, validation.WithTokenSource(ts), validation.WithClientCertificate(cert))
//	res, err := v.VerifyAccount(ctx, validation.Inquiry{...})
//
// Version 1 of the service is deprecated by the bank in favour of version 2. A Client speaks
// v1 unless created with WithAPIVersion2 (or WithAPIVersion(V2)); the Inquiry and Result types
// are the same for both. Package validationtest is an in-process sandbox of both.
// A Client is immutable and safe for concurrent use.
package validation
