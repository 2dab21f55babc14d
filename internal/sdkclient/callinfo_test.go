package sdkclient

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/settings"
	"github.com/issuerkit/issuerkit-go/openapi/core"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCallSettings(t *testing.T) {
	var mu sync.Mutex
	var seen []http.Header
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Header.Clone())
		mu.Unlock()
		if r.URL.Path == "/busy" {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
	})
	last := func() http.Header {
		mu.Lock()
		defer mu.Unlock()
		return seen[len(seen)-1]
	}
	p := newPipeline(t, testClient(t), func(o *testOptions) { o.TokenSource = StaticToken("sdk-token") })
	send := func(ctx context.Context, path string, hdr http.Header, call *CallConfig) error {
		req, err := http.NewRequestWithContext(ctx, "GET", srv.URL+path, nil)
		require.NoError(t, err)
		for k, v := range hdr {
			req.Header[k] = v
		}
		resp, err := p.Send(req, call)
		if err == nil {
			DrainAndClose(resp.Body)
		}
		return err
	}

	t.Run("correlation id: call, then request header, then context, then a new one", func(t *testing.T) {
		ctx := WithCorrelationID(context.Background(), "from-context")
		require.NoError(t, send(ctx, "/", http.Header{"X-Correlationid": {"from-header"}}, &CallConfig{CallConfig: settings.CallConfig{CorrelationID: "from-call"}}))
		assert.Equal(t, "from-call", last().Get(CorrelationHeader))
		require.NoError(t, send(ctx, "/", http.Header{"X-Correlationid": {"from-header"}}, &CallConfig{}))
		assert.Equal(t, "from-header", last().Get(CorrelationHeader))
		require.NoError(t, send(ctx, "/", nil, nil))
		assert.Equal(t, "from-context", last().Get(CorrelationHeader))
		require.NoError(t, send(context.Background(), "/", nil, nil))
		assert.Len(t, last().Get(CorrelationHeader), 36)
	})
	t.Run("extra headers are added but replace nothing the SDK sets", func(t *testing.T) {
		require.NoError(t, send(context.Background(), "/", nil, &CallConfig{CallConfig: settings.CallConfig{Header: http.Header{
			"x-tenant":      {"acme"},
			"Authorization": {"Bearer callers-own"},
			"User-Agent":    {"spoof"},
		}}}))
		h := last()
		assert.Equal(t, "acme", h.Get("X-Tenant"))
		assert.Equal(t, "Bearer sdk-token", h.Get("Authorization"))
		assert.True(t, strings.HasPrefix(h.Get("User-Agent"), "issuerkit-go/"), h.Get("User-Agent"))
	})
	t.Run("per-call retry override", func(t *testing.T) {
		srv.hits.Store(0)
		err := send(context.Background(), "/busy", nil, &CallConfig{Op: readOp, CallConfig: settings.CallConfig{Retry: &core.RetryOptions{MaxAttempts: 1}}})
		assert.ErrorIs(t, err, core.ErrServerError)
		assert.Equal(t, int32(1), srv.hits.Load())
		srv.hits.Store(0)
		err = send(context.Background(), "/busy", nil, &CallConfig{Op: readOp})
		assert.ErrorIs(t, err, core.ErrServerError)
		assert.Equal(t, int32(3), srv.hits.Load(), "the client's three attempts")
	})
	t.Run("no operation: unsafe, even for a GET", func(t *testing.T) {
		srv.hits.Store(0)
		err := send(context.Background(), "/busy", nil, nil)
		assert.ErrorIs(t, err, core.ErrServerError)
		assert.Equal(t, int32(1), srv.hits.Load(), "an unknown operation is never re-sent once it may have arrived")
		req, _ := http.NewRequest("GET", srv.URL+"/busy", nil)
		srv.hits.Store(0)
		_, err = p.Do(req)
		assert.Error(t, err)
		assert.Equal(t, int32(1), srv.hits.Load(), "Do is Send with no operation")
	})
}

func TestCallerAuthorizationIsMaskedToo(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusForbidden)
		_, _ = w.Write([]byte("no access for " + r.Header.Get("Authorization")))
	})
	p := newPipeline(t, testClient(t)) // no token source: the caller authenticates itself
	req, err := http.NewRequest("GET", srv.URL, nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Basic dXNlcjpwYXNzd29yZA==")
	_, err = p.Send(req, &CallConfig{Op: readOp})
	assertNoSecret(t, err, "", "dXNlcjpwYXNzd29yZA==")
}
