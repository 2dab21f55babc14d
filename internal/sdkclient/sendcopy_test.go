package sdkclient

import (
	"context"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/settings"
	"github.com/issuerkit/issuerkit-go/openapi/core"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Send works on its own copy of the request: the caller's request keeps its headers (no
// Authorization, no correlation id, no call header set on it), a re-sent attempt still
// carries a fresh body and the same correlation id, and a request sent twice is two calls,
// each with a correlation id of its own (no state of the first call stays on the request).
func TestSendWorksOnItsOwnCopy(t *testing.T) {
	var n atomic.Int32
	var ids, bodies []string
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		ids, bodies = append(ids, r.Header.Get(CorrelationHeader)), append(bodies, string(b))
		if n.Add(1) == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
	})
	p := newPipeline(t, testClient(t), func(o *testOptions) {
		o.TokenSource = StaticToken("t")
		o.Retry = core.RetryOptions{BaseDelay: 1, MaxDelay: 1}
	})
	call := &CallConfig{Op: readOp, CallConfig: settings.CallConfig{Header: http.Header{"x-extra": {"1"}}}}
	req, err := http.NewRequestWithContext(context.Background(), http.MethodPost, srv.URL, strings.NewReader(`{"a":1}`))
	require.NoError(t, err)
	resp, err := p.Send(req, call)
	require.NoError(t, err)
	DrainAndClose(resp.Body)
	assert.Equal(t, []string{`{"a":1}`, `{"a":1}`}, bodies)
	require.Len(t, ids, 2)
	assert.Equal(t, ids[0], ids[1], "one correlation id for every attempt of a call")
	assert.Empty(t, req.Header, "the caller's request is not modified")
	assert.NotNil(t, req.GetBody, "the caller's request keeps its GetBody")

	again, err := http.NewRequest(http.MethodGet, srv.URL, nil)
	require.NoError(t, err)
	for range 2 {
		resp, err := p.Send(again, nil)
		require.NoError(t, err)
		DrainAndClose(resp.Body)
	}
	require.Len(t, ids, 4)
	assert.NotEqual(t, ids[2], ids[3], "a request sent twice is two calls")
	assert.Empty(t, again.Header)
}
