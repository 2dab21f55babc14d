// Package settings holds what the SDK's options and its call path share without importing
// each other: package core reads them and defines the options that fill them, the call path
// (internal/sdkclient) sets and reads them. It
// imports no package of the SDK, so that core, which the call path imports, can read it.
package settings

// CallKey is the context key under which the call path stores the state of an SDK call (a
// Call) on the context of every request it sends.
type CallKey struct{}

// Call is what core reads of a call's state (core.OperationID, core.Attempt).
type Call interface {
	// OperationID returns the operationId of the call, "" for a request sent without one.
	OperationID() string
	// Attempt returns the 1-based number of the call's current attempt.
	Attempt() int
}
