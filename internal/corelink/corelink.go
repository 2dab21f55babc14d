// Package corelink links the public package core (openapi/core) to the SDK's internals
// without an import cycle: core defines types whose behaviour needs the SDK's redaction
// (internal/redact, which itself depends on core's scalar types), so core cannot import it.
// Instead core reads the function values set here: internal/redact sets DefaultMasker in its
// init, and core sets NewOutcomeUnknown in its own, for internal/apierror to build errors
// whose unexported fields (the call's redactor) a literal cannot set. Nothing here is for
// users.
package corelink

// Masker masks secrets in a text, as *redact.Redactor's Text does.
type Masker interface {
	Text(s string) string
}

// DefaultMasker is the SDK's default redactor (redact.Default()), set by package redact; nil
// until then, and core leaves texts as they are while it is nil.
var DefaultMasker Masker

// NewOutcomeUnknown builds a *core.OutcomeUnknownError whose texts red masks when rendered
// (nil: DefaultMasker). Set by package core.
var NewOutcomeUnknown func(method, url, correlationID string, attempts int, err error, red Masker) error

// DecodeProblem decodes doc, a JSON object, as a *core.Problem; ok is false when it has no
// problem details member. Set by package core.
var DecodeProblem func(doc []byte) (decoded error, ok bool)

// DecodeBankError decodes doc, a JSON object, as a *core.BankError (the bank's error body, or
// the commercial account reporting's); ok is false when it has no member of either. Set by
// package core.
var DecodeBankError func(doc []byte) (decoded error, ok bool)

// Summary returns the one-line message of a *core.Problem or *core.BankError, masked by its
// redactor. Set by package core.
var Summary func(err error) string

// SetMasker sets the redactor a *core.Problem or *core.BankError masks its texts with. Set by
// package core.
var SetMasker func(err error, m Masker)
