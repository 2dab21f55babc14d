// Package apierror holds the SDK's error types: the one root error for every non-2xx response
// of the three clients (card platform, account validation, bank lists), the decoded error
// bodies (the card platform's ProblemDetails, the bank's error body with its ServiceError),
// the status sentinels for errors.Is, Retry-After parsing, and the "outcome unknown" error of
// requests that must not be repeated.
//
// The public packages alias these types and sentinels, so a caller writes
//
//	var pe *cardplatform.ProblemError
//	if errors.As(err, &pe) { ... }
//	if errors.Is(err, cardplatform.ErrNotFound) { ... }
//
// Everything an *Error holds has been through package redact, so that printing it, with any
// verb, is safe to log: the URL is redacted by the caller, the body (and so everything decoded
// from it) has the values of sensitive members masked (card numbers, CVVs, PINs, track data,
// SSNs, account numbers, tokens) and card numbers and SSNs in its texts masked, and the
// headers never carry credentials.
package apierror
