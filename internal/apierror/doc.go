// Package apierror reads the answer of a call that is not a success into the SDK's one error
// type, *core.Error: the body capped and masked with the call's redactor, the headers without
// credentials, the correlation and trace ids, the parsed Retry-After. Everything it holds has
// been through package redact, so that printing it with any verb is safe to log.
package apierror
