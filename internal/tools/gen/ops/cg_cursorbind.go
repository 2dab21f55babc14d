package ops

import (
	"fmt"
	"strings"
)

// bindLine is the first statement of a typed iterator: it binds the iteration's cursors to
// the operation, its path arguments (the account of a reporting read) and its request
// (paging's bindOpts), so that a stored cursor given with another request fails instead of
// replaying its position there.
func bindLine(opGoName string, hasReq bool, pathArgs ...string) string {
	req := "nil"
	if hasReq {
		req = "req"
	}
	path := ""
	if len(pathArgs) > 0 {
		path = ", " + strings.Join(pathArgs, ", ")
	}
	return fmt.Sprintf("opts = bindOpts(op%s.ID, %s, opts%s)\n", opGoName, req, path)
}
