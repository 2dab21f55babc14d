package opstest

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/ops"
	"github.com/issuerkit/issuerkit-go/internal/sandbox"
)

// Answer is what a server answered to the request SendEveryOperation made for one operation.
type Answer struct {
	Status int
	Header http.Header
	Body   []byte
}

// NotServed reports why an answer says its operation has no route: the typed answer of the
// sandboxes (sandbox.NotServedHeader) or a ServeMux's bare 404 ("404 page not found",
// text/plain). It returns "" for an answer of a route (whatever its status).
func (a Answer) NotServed() string {
	if id := a.Header.Get(sandbox.NotServedHeader); id != "" {
		return "answered " + sandbox.NotServedHeader + ": " + id
	}
	if a.Status == http.StatusNotFound && strings.HasPrefix(a.Header.Get("Content-Type"), "text/plain") &&
		strings.TrimSpace(string(a.Body)) == "404 page not found" {
		return "answered the mux's bare 404"
	}
	return ""
}

// SendEveryOperation sends, through hc to baseURL, one request per operation of table: its
// method and path template, {version} filled with version and every other parameter a sample
// segment (SamplePath), no body; prepare, when not nil, adds what every request needs (a
// token). check is called with each operation and its answer, in a subtest named after the
// operation. It fails t when table is empty and returns the number of operations sent.
func SendEveryOperation(t *testing.T, table *ops.Table, version string, hc *http.Client, baseURL string,
	prepare func(*http.Request), check func(t *testing.T, op ops.Operation, a Answer)) int {
	t.Helper()
	n := 0
	for op := range table.All() {
		n++
		t.Run(op.ID, func(t *testing.T) {
			path := op.Path
			if version != "" {
				path = strings.ReplaceAll(path, "{version}", version)
			}
			req, err := http.NewRequestWithContext(t.Context(), op.Method, strings.TrimSuffix(baseURL, "/")+SamplePath(path), nil)
			require.NoError(t, err)
			if prepare != nil {
				prepare(req)
			}
			resp, err := hc.Do(req)
			require.NoError(t, err, "%s %s", op.Method, path)
			body, err := io.ReadAll(resp.Body)
			_ = resp.Body.Close()
			require.NoError(t, err)
			check(t, op, Answer{Status: resp.StatusCode, Header: resp.Header, Body: body})
		})
	}
	require.Positive(t, n, "the table has operations")
	return n
}

// AssertServed fails t for every operation of table that the server at baseURL answers as
// having no route (Answer.NotServed): a sandbox must serve every operation of its spec.
func AssertServed(t *testing.T, table *ops.Table, version string, hc *http.Client, baseURL string, prepare func(*http.Request)) {
	t.Helper()
	SendEveryOperation(t, table, version, hc, baseURL, prepare, func(t *testing.T, op ops.Operation, a Answer) {
		if why := a.NotServed(); why != "" {
			t.Errorf("%s (%s %s) is not served by the sandbox: %s %s; add its route and handler (CONTRIBUTING, Adding an operation)",
				op.ID, op.Method, op.Path, why, a.Body)
		}
	})
}
