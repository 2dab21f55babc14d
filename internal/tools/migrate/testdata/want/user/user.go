// Package user is a caller of 0.1.0: see [core.ErrOutcomeUnknown] and
// [core.Iterator.Next]; [cardplatform.Client] stays.
package user

import (
	"errors"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// Client keeps the client's own names.
var Client *cardplatform.Client

// Lost reports a lost write.
func Lost(err error) bool {
	var pe *core.Problem
	_ = errors.As(err, &pe)
	return errors.Is(err, core.ErrOutcomeUnknown) || errors.Is(err, core.ErrTimeout)
}

// Rows drains an iterator.
func Rows(it *core.Iterator[int], d core.Decimal) {
	validation := struct{ ErrTimeout error }{} // a local that shadows the import stays
	_ = validation.ErrTimeout
	_, _ = it, d
}

// Fail logs: // *core.Error: status, correlation id; paging.Client stays.
func Fail() {}
