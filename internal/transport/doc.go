// Package transport is the HTTP pipeline shared by the SDK's three clients (card platform,
// account validation, bank lists). One ordered chain of small policies runs in front of the
// user's *http.Client:
//
//	user agent -> correlation id -> retry -> auth -> logging -> *http.Client
//
// The pipeline turns every non-2xx response into an *apierror.Error (body drained and
// closed), retries only what is safe to repeat, and never re-sends a request that moves money
// or changes state once it may have reached the server: such a failure is reported as an
// *apierror.OutcomeUnknownError.
package transport
