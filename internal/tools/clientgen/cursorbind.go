package main

import "fmt"

// bindLine is the first statement of a typed iterator: it binds the iteration's cursors to
// the operation and its request (paging's bindOpts), so that a stored cursor given with
// another request fails instead of replaying its position there.
func bindLine(opGoName string, hasReq bool) string {
	req := "nil"
	if hasReq {
		req = "req"
	}
	return fmt.Sprintf("opts = bindOpts(op%s.ID, %s, opts)\n", opGoName, req)
}
