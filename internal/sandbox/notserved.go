package sandbox

import (
	"net/http"
	"strings"
)

// The answer of a sandbox to an operation of its spec that it does not serve: status
// NotServedStatus (501 Not Implemented, which no client retries and no sentinel but
// ErrServerError matches), the header NotServedHeader naming the operation, and the API's own
// error body whose message starts with NotServedMessage. It is never the mux's bare 404, which a
// client would report as ErrNotFound: an unserved operation must not look like a missing
// record. TestSandboxServesEveryOperation (in each client package) fails while an operation
// answers it.
const (
	NotServedStatus  = http.StatusNotImplemented
	NotServedHeader  = "Issuerkit-Sandbox-Not-Served"
	NotServedMessage = "not served by the sandbox: "
)

// NotServed reports the operationId of r when the spec declares r's method and path and mux
// has no route of that operation's template for them (none at all, or only another
// operation's: /commercial/accounts/v1/list is not GET /commercial/accounts/v1/{accountId}):
// the sandbox then answers NotServed (see NotServedStatus). Requests the spec does not
// declare are the mux's to answer.
func (s *Spec) NotServed(mux *http.ServeMux, r *http.Request) (opID string, missing bool) {
	route, _, err := s.router.FindRoute(r)
	if err != nil {
		return "", false
	}
	_, pattern := mux.Handler(r)
	if _, path, ok := strings.Cut(pattern, " "); ok {
		pattern = path
	}
	if pattern != "" && shape(pattern) == shape(route.Path) {
		return "", false
	}
	return route.Operation.OperationID, true
}

// shape returns a path template with every {param} segment written {}, so that two
// templates that differ only in their parameters' names compare equal.
func shape(tpl string) string {
	segs := strings.Split(tpl, "/")
	for i, seg := range segs {
		if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") {
			segs[i] = "{}"
		}
	}
	return strings.Join(segs, "/")
}

// AnswerNotServed answers r with the not-served answer when the spec declares r's operation and
// mux has no route of it (NotServed): the header NotServedHeader naming the operation, then
// write writes NotServedStatus with the API's own error body carrying message. It reports
// whether it answered.
func (s *Spec) AnswerNotServed(w http.ResponseWriter, r *http.Request, mux *http.ServeMux, write func(w http.ResponseWriter, status int, message string)) bool {
	id, missing := s.NotServed(mux, r)
	if !missing {
		return false
	}
	w.Header().Set(NotServedHeader, id)
	write(w, NotServedStatus, NotServedText(id, r))
	return true
}

// NotServedText is the message of the not-served answer for operation opID of request r.
func NotServedText(opID string, r *http.Request) string {
	return NotServedMessage + opID + " (" + r.Method + " " + r.URL.Path + ")"
}
