package sdkclient

import (
	"errors"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"net/url"

	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// cleanError returns a transport error fit to hand to the caller: a *RedirectError as itself,
// a *url.Error with its URL redacted, and a maskedError when the text still holds a secret.
func cleanError(err error, red *redact.Redactor) error {
	var re *core.RedirectError
	if errors.As(err, &re) {
		return re
	}
	if ue, ok := err.(*url.Error); ok {
		c := *ue
		if u, perr := url.Parse(ue.URL); perr == nil {
			c.URL = red.URL(u)
		} else {
			c.URL = red.Text(ue.URL)
		}
		err = &c
	}
	if msg := err.Error(); red.ContainsSecret(msg) {
		return &maskedError{msg: red.Text(msg), err: err}
	}
	return err
}

// maskedError stands for an error whose text held a secret: it matches what the original
// matched with errors.Is, but never gives it out (Unwrap, errors.As), as its fields may hold
// the secret.
type maskedError struct {
	msg string
	err error
}

func (e *maskedError) Error() string { return e.msg }

// Is reports whether the original error matches target.
func (e *maskedError) Is(target error) bool { return errors.Is(e.err, target) }

// Timeout reports whether the original error was a timeout.
func (e *maskedError) Timeout() bool {
	var t interface{ Timeout() bool }
	return errors.As(e.err, &t) && t.Timeout()
}
