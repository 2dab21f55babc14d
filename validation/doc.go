// Package validation is the client of the bank's account-validation service (v1): a health
// check and verifyAccount, which checks that a routing and account number exist and who owns
// them.
//
// The models and a raw client are generated from openapi/validation.yaml (api.gen.go); this
// package adds the typed facade on the shared transport pipeline. The bank requires bearer
// tokens (see BankTokenSource) and a client certificate (WithClientCertificate):
//
//	v, err := validation.New(baseURL, validation.WithTokenSource(ts), validation.WithClientCertificate(cert))
//	res, err := v.VerifyAccount(ctx, validation.Inquiry{...})
//
// Version 1 of the service is deprecated by the bank in favour of a coming version 2.
// A Client is immutable and safe for concurrent use.
package validation
