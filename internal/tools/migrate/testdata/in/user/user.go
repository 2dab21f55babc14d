// Package user is a caller of 0.1.0: see [cardplatform.ErrOutcomeUnknown] and
// [paging.Iterator.Next]; [cardplatform.Client] stays.
package user

import (
	"errors"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	pg "github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/validation"
)

// Client keeps the client's own names.
var Client *cardplatform.Client

// Lost reports a lost write.
func Lost(err error) bool {
	var pe *cardplatform.ProblemError
	_ = errors.As(err, &pe)
	return errors.Is(err, cardplatform.ErrOutcomeUnknown) || errors.Is(err, validation.ErrTimeout)
}

// Rows drains an iterator.
func Rows(it *pg.Iterator[int], d validation.Decimal) {
	validation := struct{ ErrTimeout error }{} // a local that shadows the import stays
	_ = validation.ErrTimeout
	_, _ = it, d
}

// Fail logs: // *cardplatform.Error: status, correlation id; paging.Client stays.
func Fail() {}
