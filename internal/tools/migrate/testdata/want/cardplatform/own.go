package cardplatform

import (
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// Problem is this package's own: a name of the table the package declares stays.
type Problem struct{}

// check fails with [core.ErrInvalidArgument] (see also [*core.Error] and [Problem]).
func check(n int) error {
	if n < 0 {
		return fmt.Errorf("%w: negative", core.ErrInvalidArgument)
	}
	var p Problem
	_ = p
	r := core.Response{StatusCode: 200}
	_ = r
	return nil
}

// resume takes a [core.Cursor].
func resume(c core.Cursor) core.Cursor { return c }
