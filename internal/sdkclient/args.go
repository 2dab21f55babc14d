package sdkclient

import (
	"errors"
	"fmt"
)

// ErrInvalidArgument is matched (errors.Is) by every error a method returns for an argument it
// refuses before sending anything, such as an empty path parameter.
var ErrInvalidArgument = errors.New("issuerkit: invalid argument")

// MissingArgument reports an empty required argument of method.
func MissingArgument(method, arg string) error {
	return fmt.Errorf("%w: %s: %s is empty", ErrInvalidArgument, method, arg)
}
