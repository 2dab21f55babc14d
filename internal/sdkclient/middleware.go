package sdkclient

import (
	"errors"
)

// WithCallMiddleware adds steps run once per call, outside retries, after the correlation id
// is set (the first step given is the outermost). A step that calls next twice for an
// operation that must not be re-sent gets ErrResendRefused.
func WithCallMiddleware(steps ...Middleware) Option {
	return func(c *Config) error {
		if err := noNilStep(steps); err != nil {
			return err
		}
		c.Transport.CallMiddleware = append(c.Transport.CallMiddleware, steps...)
		return nil
	}
}

// WithAttemptMiddleware adds steps run on every attempt, inside retries, before the
// Authorization header is set: a step never sees it.
func WithAttemptMiddleware(steps ...Middleware) Option {
	return func(c *Config) error {
		if err := noNilStep(steps); err != nil {
			return err
		}
		c.Transport.AttemptMiddleware = append(c.Transport.AttemptMiddleware, steps...)
		return nil
	}
}

func noNilStep(steps []Middleware) error {
	for _, s := range steps {
		if s == nil {
			return errors.New("issuerkit: nil middleware step")
		}
	}
	return nil
}
