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
// Everything an *Error holds has been through package redact: the URL, the body and the texts
// decoded from it carry no PAN, CVV, PIN, SSN, account number or token, and the headers never
// carry credentials. Printing an error, with any verb, is safe.
package apierror
