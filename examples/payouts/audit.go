package main

import (
	"fmt"
	"net/http"
	"strings"
	"sync"

	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// audit is the service's per-call step (core.WithCallMiddleware): it runs once per
// call, outside the SDK's retries, and counts the calls of each operation by outcome: the
// status class of the answer, or "no answer" (an error without a response, such as an
// outcome unknown). A real service would write an audit record here instead.
type audit struct {
	mu    sync.Mutex
	order []string
	count map[string]map[string]int
}

// step is the core.Middleware.
func (a *audit) step(req *http.Request, next core.Next) (*http.Response, error) {
	resp, err := next(req)
	outcome := "no answer"
	if resp != nil {
		outcome = fmt.Sprintf("%dxx", resp.StatusCode/100)
	}
	op := core.OperationID(req.Context())
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.count == nil {
		a.count = map[string]map[string]int{}
	}
	if a.count[op] == nil {
		a.count[op] = map[string]int{}
		a.order = append(a.order, op)
	}
	a.count[op][outcome]++
	return resp, err
}

// String is the counts, operations in the order first called: "createDisbursement 2 (2xx 1,
// no answer 1)".
func (a *audit) String() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	var parts []string
	for _, op := range a.order {
		n, outs := 0, []string{}
		for _, o := range []string{"2xx", "3xx", "4xx", "5xx", "no answer"} {
			if k := a.count[op][o]; k > 0 {
				n += k
				outs = append(outs, fmt.Sprintf("%s %d", o, k))
			}
		}
		parts = append(parts, fmt.Sprintf("%s %d (%s)", op, n, strings.Join(outs, ", ")))
	}
	return strings.Join(parts, ", ")
}
