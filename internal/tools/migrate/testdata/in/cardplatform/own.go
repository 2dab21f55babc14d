package cardplatform

import "fmt"

// Problem is this package's own: a name of the table the package declares stays.
type Problem struct{}

// check fails with [ErrInvalidArgument] (see also [*Error] and [Problem]).
func check(n int) error {
	if n < 0 {
		return fmt.Errorf("%w: negative", ErrInvalidArgument)
	}
	var p Problem
	_ = p
	r := Response{StatusCode: 200}
	_ = r
	return nil
}

// resume takes a [Cursor].
func resume(c Cursor) Cursor { return c }
