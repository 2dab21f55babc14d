package sdkclient

import "github.com/issuerkit/issuerkit-go/internal/apierror"

// publicError turns the pipeline's *apierror.Error, alone or inside an OutcomeUnknownError,
// into the public package's error type (Core.WrapError), so that errors.As with the package's
// own *Error works and go doc shows its fields. Every other error passes unchanged.
func (c *Core) publicError(err error) error {
	if c.WrapError == nil {
		return err
	}
	switch e := err.(type) {
	case *apierror.Error:
		return c.WrapError(e)
	case *apierror.OutcomeUnknownError:
		if inner, ok := e.Err.(*apierror.Error); ok {
			cp := *e
			cp.Err = c.WrapError(inner)
			return &cp
		}
	}
	return err
}
