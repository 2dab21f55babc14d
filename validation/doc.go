// Package validation is the client of the bank's account-validation service: a health check and
// verifyAccount, which checks that a routing and account number exist and who owns them.
//
// [Client.VerifyAccount] checks an [Inquiry] against the service's rules before the network
// ([Inquiry.Validate]; errors carry the service's own errorCode), and a 200 without the
// expected envelope is a *[core.DecodeError], never an empty [Result]. Result helpers answer
// what a caller asks: Account (open, closed, not located, no information, or unknown for a code
// documented nowhere), OwnerMatched, Score, Partial, and the fields matched, not matched,
// conditionally matched or without data (AcctOwnerResponse.Matched and siblings). The bank
// requires bearer tokens ([BankTokenSource]) and a client certificate:
//
//	ts, err := validation.BankTokenSource(ctx, baseURL, cred, tlsConfig, nil)
//	defer ts.Close()
//	v, err := validation.New(baseURL, core.WithTokenSource(ts), core.WithTLSConfig(tlsConfig))
//	res, err := v.VerifyAccount(ctx, validation.Inquiry{...})
//
// What every client of the SDK promises (errors, retries, secrets masked, timeouts, the bank's
// rate limit of 5 requests a second per credential, shared with paging's clients) is written
// once, in package [core]. validationtest is an in-process sandbox of the service, in the
// published form by default with the same [WithDocumentedAPI] switch, and validationfake a
// typed fake; both serve a real Client.
//
// # Versions
//
// A Client speaks v2, the bank's published API; [WithDocumentedAPI] selects v1, the version of
// the bank's design documents, which the bank announced deprecated and obsolete after Q1 2025
// (its published files hold only v2 paths; v1 answers 404 there). Both versions take the same
// [Inquiry] and give the same [Result]; the paths and envelopes differ (see Published and
// documented forms below).
//
// # Faults beside a Result
//
// A v2 answer carries errorResponse (businessFault or systemFault) beside AOAResponse. A fault
// with a description decides: VerifyAccount returns a *[FaultError], even when a Result with
// errorCode 000 comes with it (the bank's own example does); FaultError.Result keeps that
// Result, match data included. An errorResponse without a description is no fault.
//
// # Strict and tolerant fields
//
// Codes (errorCode, conditionCode, primaryStatusCode, match codes) are open: unknown codes
// decode, round-trip and print as "unknown code NNN". Informative fields never fail an answer:
// the health check's Timestamp (free text in the bank's file) and the Client echo are kept as
// the text received. Fields a caller acts on are strict, because a guess there would be silent
// data loss: the Result must carry an errorCode, or the answer is an error.
//
// # The bank's token source and mutual TLS
//
// The bank wants its client certificate on every request, the token request included, so one
// *tls.Config carries it to BankTokenSource and to the clients. BankTokenSource(ctx, baseURL,
// cred, tlsConfig, hc): ctx lends only its values (the source refreshes on its own context
// until Close); the token is requested from {baseURL}/oauth/v1/token; cred holds what the bank
// issued at onboarding, ConsumerKey and ConsumerSecret (sent as HTTP Basic auth) and ClientID
// and ClientSecret (the form fields Id and Key); hc is the *http.Client of the token requests,
// nil for one built with tlsConfig. The token is cached, shared by every client given the
// source (validation and paging alike), and refreshed in the background before it expires.
// ExampleBankTokenSource shows the whole set-up.
package validation
