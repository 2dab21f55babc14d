// Package apierror reads the answer of a call that is not a success into the SDK's one error
// type, *core.Error (github.com/issuerkit/issuerkit-go/openapi/core, where the error, its
// decoded bodies and the status sentinels are defined): the body capped and masked with the
// call's redactor, the headers without credentials, the correlation and trace ids, the parsed
// Retry-After (ParseRetryAfter, also used by the rate limiter's lock-out).
//
// Everything a *core.Error holds has been through package redact, so that printing it, with
// any verb, is safe to log: the URL is redacted by the caller, the body (and so everything
// decoded from it) has the values of sensitive members masked (card numbers, CVVs, PINs,
// track data, SSNs, account numbers, tokens) and card numbers and SSNs in its texts masked,
// and the headers never carry credentials.
package apierror
