package transport

import (
	"context"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A request built by NewRequest is the call's own: the pipeline sets its headers on it, and a
// re-sent attempt still carries a fresh body and the same correlation id.
func TestSendOwnedSetsHeadersOnTheRequestAndRetriesOnACopy(t *testing.T) {
	var n atomic.Int32
	var ids, bodies []string
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		ids, bodies = append(ids, r.Header.Get(CorrelationHeader)), append(bodies, string(b))
		if n.Add(1) == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
	})
	p := newPipeline(t, testClient(t), func(o *Options) {
		o.TokenSource = StaticToken("t")
		o.Retry = core.RetryOptions{BaseDelay: 1, MaxDelay: 1}
	})
	call := &Call{Op: readOp, Header: http.Header{"x-extra": {"1"}}}
	req, err := NewRequest(context.Background(), call, http.MethodPost, srv.URL, strings.NewReader(`{"a":1}`))
	require.NoError(t, err)
	resp, err := p.SendOwned(req, call)
	require.NoError(t, err)
	DrainAndClose(resp.Body)
	assert.Equal(t, []string{`{"a":1}`, `{"a":1}`}, bodies)
	require.Len(t, ids, 2)
	assert.Equal(t, ids[0], ids[1], "one correlation id for every attempt of a call")
	assert.Equal(t, "Bearer t", req.Header.Get("Authorization"), "set on the call's own request")
	assert.Equal(t, "1", req.Header.Get("X-Extra"))
}

// SendOwned of a request NewRequest did not build, or of one already sent, works on a copy as
// Send does.
func TestSendOwnedOfAForeignOrReusedRequestCopies(t *testing.T) {
	var ids []string
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { ids = append(ids, r.Header.Get(CorrelationHeader)) })
	p := newPipeline(t, testClient(t), func(o *Options) { o.TokenSource = StaticToken("t") })

	foreign, err := http.NewRequest(http.MethodGet, srv.URL, nil)
	require.NoError(t, err)
	resp, err := p.SendOwned(foreign, nil)
	require.NoError(t, err)
	DrainAndClose(resp.Body)
	assert.Empty(t, foreign.Header)

	own, err := NewRequest(context.Background(), nil, http.MethodGet, srv.URL, nil)
	require.NoError(t, err)
	for range 2 {
		resp, err := p.SendOwned(own, nil)
		require.NoError(t, err)
		DrainAndClose(resp.Body)
	}
	require.Len(t, ids, 3)
}
