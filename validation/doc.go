// Package validation is the client of the bank's account-validation service (v1 and v2): a
// health check and verifyAccount, which checks that a routing and account number exist and who
// owns them.
//
// The models are generated from openapi/validation.yaml (api.gen.go), the meanings of the
// service's codes from the same spec (codes.gen.go). VerifyAccount is written by hand: it
// checks an Inquiry against the service's rules before the network (Inquiry.Validate, errors
// carry the service's own errorCode), and a 200 without the expected envelope is a
// DecodeError, never an empty Result. Result helpers answer what a caller asks: Account (open,
// closed, not located, no information, or unknown for a code documented nowhere),
// OwnerMatched, Score, Partial, and the fields matched, not matched, conditionally matched or
// without data (AcctOwnerResponse.Matched and siblings). The bank requires bearer tokens (see
// BankTokenSource) and a client certificate (WithClientCertificate):
//
//	ts, err := validation.BankTokenSource(ctx, baseURL, cred, tlsConfig, nil)
//	defer ts.Close()
//	v, err := validation.New(baseURL, validation.WithTokenSource(ts), validation.WithClientCertificate(cert))
//	res, err := v.VerifyAccount(ctx, validation.Inquiry{...})
//
// # Versions
//
// A Client speaks v2, the bank's published API, unless created with WithDocumentedAPI (version
// 1 of the design documents): the bank announced v1 deprecated and
// obsolete after Q1 2025, and the bank's published files hold only v2 paths (v1 answers 404
// there). The operations that differ are VerifyAccount and HealthCheck (their paths and
// envelopes); the Inquiry and Result types are the same for both versions. Package
// validationtest is an in-process sandbox, in the bank's published form by default, with the
// same WithDocumentedAPI switch.
//
// # Faults beside a Result
//
// A v2 answer carries errorResponse (businessFault or systemFault) beside AOAResponse. A fault
// with a description decides: VerifyAccount returns a *FaultError, even when a Result with
// errorCode 000 comes with it (the bank's own example does); FaultError.Result keeps that
// Result, match data included. An errorResponse without a description is no fault.
//
// # Strict and tolerant fields
//
// Codes (errorCode, conditionCode, primaryStatusCode, match codes) are open: unknown codes
// decode, round-trip and print as "unknown code NNN". Informative fields never fail an answer:
// the health check's Timestamp (free text in the bank's file) and the Client echo are kept as
// the text received. Fields a caller acts on are strict, because a guess there would be
// silent data loss: the Result must carry an errorCode, and elsewhere in the SDK amounts are
// exact decimals and the dates that drive paging must parse, or the answer is an error.
//
// A Client is immutable and safe for concurrent use.
//
// # The bank's token source and mutual TLS
//
// The bank wants its client certificate on every request, the token request included, so one
// *tls.Config carries it to BankTokenSource and to the clients (WithTLSConfig). The arguments
// of BankTokenSource(ctx, baseURL, cred, tlsConfig, hc): ctx lends only its values (the
// source refreshes on its own context until Close); baseURL is the bank's, the token is
// requested from {baseURL}/oauth/v1/token; cred holds what the bank issued at onboarding,
// ConsumerKey and ConsumerSecret (sent as HTTP Basic auth) and ClientID and ClientSecret (the
// form fields Id and Key); tlsConfig carries the client certificate; hc is the *http.Client
// of the token requests, nil for one built with tlsConfig. The token is cached, shared by every
// client given the source (validation and paging alike), and refreshed in the background
// before it expires. ExampleBankTokenSource shows the whole set-up, with the published-API
// switch on each client.
package validation
