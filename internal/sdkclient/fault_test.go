package sdkclient

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/openapi/core"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The fault suite: each case runs over real HTTP against a local server and asserts the typed
// error, how many requests the server saw (a money-moving POST: exactly one), and, through
// testClient's cleanup, that no goroutine or connection leaked.

func TestFaultStatusRetries(t *testing.T) {
	cases := []struct {
		name     string
		method   string
		status   int
		header   map[string]string
		body     string
		wantHits int32
		wantIs   []error
		unknown  bool // the error must say the outcome is unknown
	}{
		{name: "GET 503 ConnectError retried until attempts run out", method: "GET", status: 503,
			body:     `{"ErrorMessage":"Service unavailable","ServiceError":{"ConnectError":"downstream unreachable"}}`,
			wantHits: 3, wantIs: []error{core.ErrServerError}},
		{name: "GET HTML 502 from a gateway retried", method: "GET", status: 502,
			header: map[string]string{"Content-Type": "text/html"}, body: "<html><body>Bad Gateway</body></html>",
			wantHits: 3, wantIs: []error{core.ErrServerError}},
		{name: "GET 500 retried (safe)", method: "GET", status: 500, wantHits: 3, wantIs: []error{core.ErrServerError}},
		{name: "GET 404 not retried", method: "GET", status: 404, wantHits: 1, wantIs: []error{core.ErrNotFound}},
		{name: "GET malformed JSON 400 not retried", method: "GET", status: 400,
			header: map[string]string{"Content-Type": "application/json"}, body: `{"ErrorMessage": "trunc`,
			wantHits: 1, wantIs: []error{core.ErrBadRequest}},
		{name: "POST 503 not re-sent, outcome unknown (a proxy answers 503 after forwarding)", method: "POST", status: 503, wantHits: 1,
			wantIs: []error{core.ErrServerError, core.ErrOutcomeUnknown}, unknown: true},
		{name: "POST 429 not re-sent", method: "POST", status: 429, wantHits: 1, wantIs: []error{core.ErrRateLimited}},
		{name: "POST 502 outcome unknown", method: "POST", status: 502, wantHits: 1,
			wantIs: []error{core.ErrServerError, core.ErrOutcomeUnknown}, unknown: true},
		{name: "POST 504 outcome unknown", method: "POST", status: 504, wantHits: 1,
			wantIs: []error{core.ErrOutcomeUnknown}, unknown: true},
		{name: "POST 500 outcome unknown", method: "POST", status: 500, wantHits: 1,
			wantIs: []error{core.ErrServerError, core.ErrOutcomeUnknown}, unknown: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
				for k, v := range tc.header {
					w.Header().Set(k, v)
				}
				w.WriteHeader(tc.status)
				_, _ = w.Write([]byte(tc.body))
			})
			p := newPipeline(t, testClient(t))
			resp, err := do(t, p, context.Background(), tc.method, srv.URL+"/x", `{"amount":10.00}`)
			require.Error(t, err)
			assert.Nil(t, resp)
			assert.Equal(t, tc.wantHits, srv.hits.Load(), "requests the server saw")
			for _, target := range tc.wantIs {
				assert.ErrorIs(t, err, target)
			}
			var apiErr *core.Error
			require.ErrorAs(t, err, &apiErr)
			assert.Equal(t, tc.status, apiErr.StatusCode)
			assert.NotEmpty(t, apiErr.CorrelationID)
			var ou *core.OutcomeUnknownError
			assert.Equal(t, tc.unknown, errors.As(err, &ou))
			if tc.unknown {
				assert.Equal(t, apiErr.CorrelationID, ou.CorrelationID)
				assert.Contains(t, err.Error(), ou.CorrelationID)
			}
		})
	}
}

func TestFaultConnectErrorDecoded(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(503)
		_, _ = w.Write([]byte(`{"ErrorMessage":"Service unavailable","ServiceError":{"ConnectError":"downstream unreachable"}}`))
	})
	p := newPipeline(t, testClient(t), func(o *testOptions) { o.Retry.MaxAttempts = 1 })
	_, err := do(t, p, context.Background(), "GET", srv.URL, "")
	var be *core.BankError
	require.ErrorAs(t, err, &be)
	require.NotNil(t, be.ServiceError)
	assert.Equal(t, "downstream unreachable", be.ServiceError.ConnectError)
}

func TestFaultRetryThenSuccess(t *testing.T) {
	var n atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		_, _ = w.Write([]byte(`{"ok":true}`))
	})
	p := newPipeline(t, testClient(t))
	resp, err := do(t, p, context.Background(), "GET", srv.URL, "")
	require.NoError(t, err)
	assert.Equal(t, 200, resp.StatusCode)
	assert.Equal(t, int32(2), srv.hits.Load())
}

func TestFaultRetryAfter(t *testing.T) {
	httpDate := time.Now().Add(2 * time.Hour).UTC().Format(http.TimeFormat)
	cases := []struct {
		name        string
		retryAfter  string
		wantAtLeast time.Duration
	}{
		{"seconds beyond the cap", "120", 119 * time.Second},
		{"HTTP-date beyond the cap", httpDate, 110 * time.Minute},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Retry-After", tc.retryAfter)
				w.WriteHeader(http.StatusTooManyRequests)
			})
			p := newPipeline(t, testClient(t))
			start := time.Now()
			_, err := do(t, p, context.Background(), "GET", srv.URL, "")
			var apiErr *core.Error
			require.ErrorAs(t, err, &apiErr)
			assert.ErrorIs(t, err, core.ErrRateLimited)
			assert.Equal(t, int32(1), srv.hits.Load(), "a wait beyond the cap returns at once")
			assert.GreaterOrEqual(t, apiErr.RetryAfter, tc.wantAtLeast)
			assert.Less(t, time.Since(start), 30*time.Second, "far below the 2 minutes asked for, far above a loaded machine's delays")
		})
	}
	t.Run("seconds within the cap are waited for", func(t *testing.T) {
		var n atomic.Int32
		srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
			if n.Add(1) == 1 {
				w.Header().Set("Retry-After", "1")
				w.WriteHeader(http.StatusTooManyRequests)
				return
			}
			w.WriteHeader(200)
		})
		p := newPipeline(t, testClient(t), func(o *testOptions) { o.Retry.MaxDelay = 3 * time.Second })
		start := time.Now()
		_, err := do(t, p, context.Background(), "GET", srv.URL, "")
		require.NoError(t, err)
		assert.GreaterOrEqual(t, time.Since(start), 900*time.Millisecond)
		assert.Equal(t, int32(2), srv.hits.Load())
	})
	t.Run("a wait beyond the context deadline returns at once", func(t *testing.T) {
		srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Retry-After", "2")
			w.WriteHeader(http.StatusServiceUnavailable)
		})
		p := newPipeline(t, testClient(t), func(o *testOptions) { o.Retry.MaxDelay = 10 * time.Second })
		ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
		defer cancel()
		_, err := do(t, p, ctx, "GET", srv.URL, "")
		var apiErr *core.Error
		require.ErrorAs(t, err, &apiErr)
		assert.Equal(t, 2*time.Second, apiErr.RetryAfter)
		assert.Equal(t, int32(1), srv.hits.Load())
		assert.NoError(t, ctx.Err(), "returned before the deadline")
	})
}

func TestFaultDelayPastDeadline(t *testing.T) {
	release := make(chan struct{})
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	defer close(release)
	for _, method := range []string{"GET", "POST"} {
		t.Run(method, func(t *testing.T) {
			srv.hits.Store(0)
			p := newPipeline(t, testClient(t))
			ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
			defer cancel()
			_, err := do(t, p, ctx, method, srv.URL, `{"amount":1}`)
			require.Error(t, err)
			assert.ErrorIs(t, err, context.DeadlineExceeded)
			assert.Equal(t, int32(1), srv.hits.Load())
			var ou *core.OutcomeUnknownError
			assert.Equal(t, method == "POST", errors.As(err, &ou), "a POST cut off after sending has an unknown outcome")
		})
	}
}

func resetConn(conn net.Conn) {
	if tc, ok := conn.(*net.TCPConn); ok {
		_ = tc.SetLinger(0) // RST instead of FIN
	}
	_ = conn.Close()
}

func TestFaultResetAfterWrite(t *testing.T) {
	var n atomic.Int32
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			conn, _, err := http.NewResponseController(w).Hijack()
			if err == nil {
				resetConn(conn)
			}
			return
		}
		_, _ = w.Write([]byte(`{"ok":true}`))
	})
	t.Run("safe GET is retried", func(t *testing.T) {
		n.Store(0)
		srv.hits.Store(0)
		p := newPipeline(t, testClient(t))
		resp, err := do(t, p, context.Background(), "GET", srv.URL, "")
		require.NoError(t, err)
		assert.Equal(t, 200, resp.StatusCode)
		assert.Equal(t, int32(2), srv.hits.Load())
	})
	t.Run("money POST is not re-sent: outcome unknown", func(t *testing.T) {
		n.Store(0)
		srv.hits.Store(0)
		p := newPipeline(t, testClient(t))
		_, err := do(t, p, context.Background(), "POST", srv.URL, `{"amount":"10.00"}`)
		require.ErrorIs(t, err, core.ErrOutcomeUnknown)
		assert.Equal(t, int32(1), srv.hits.Load())
		var ou *core.OutcomeUnknownError
		require.ErrorAs(t, err, &ou)
		assert.NotEmpty(t, ou.CorrelationID)
		assert.Equal(t, "POST", ou.Method)
	})
}

func TestFaultResetBeforeWrite(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte(`{}`)) })
	var dials atomic.Int32
	d := &net.Dialer{}
	tr := &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		if dials.Add(1) == 1 {
			return nil, &net.OpError{Op: "dial", Net: network, Err: syscall.ECONNREFUSED}
		}
		return d.DialContext(ctx, network, addr)
	}}
	t.Cleanup(tr.CloseIdleConnections)
	p := newPipeline(t, &http.Client{Transport: tr})
	resp, err := do(t, p, context.Background(), "POST", srv.URL, `{"amount":"10.00"}`)
	require.NoError(t, err, "a POST that never reached the server is safe to send again")
	assert.Equal(t, 200, resp.StatusCode)
	assert.Equal(t, int32(2), dials.Load())
	assert.Equal(t, int32(1), srv.hits.Load())
}

func TestFaultTruncatedAndOversizedBodies(t *testing.T) {
	t.Run("truncated error body", func(t *testing.T) {
		srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
			conn, buf, err := http.NewResponseController(w).Hijack()
			if err != nil {
				return
			}
			_, _ = buf.WriteString("HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{\"ErrorMessage\":\"bad")
			_ = buf.Flush()
			_ = conn.Close()
		})
		p := newPipeline(t, testClient(t))
		_, err := do(t, p, context.Background(), "GET", srv.URL, "")
		var apiErr *core.Error
		require.ErrorAs(t, err, &apiErr)
		assert.Equal(t, 400, apiErr.StatusCode)
		assert.True(t, apiErr.Truncated)
		assert.ErrorIs(t, err, core.ErrBadRequest)
		assert.Equal(t, int32(1), srv.hits.Load())
	})
	t.Run("oversized error body", func(t *testing.T) {
		big := `{"ErrorMessage":"` + strings.Repeat("x", 300<<10) + `"}`
		srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(422)
			_, _ = w.Write([]byte(big))
		})
		p := newPipeline(t, testClient(t), func(o *testOptions) { o.MaxErrorBody = 1 << 10 })
		_, err := do(t, p, context.Background(), "GET", srv.URL, "")
		var apiErr *core.Error
		require.ErrorAs(t, err, &apiErr)
		assert.Equal(t, 422, apiErr.StatusCode)
		assert.True(t, apiErr.Truncated)
		assert.LessOrEqual(t, len(apiErr.Body), 1<<10)
	})
}

// TestFaultBackoffWaitsOnTheContext: a caller who cancels during a retry wait gets control
// back at once, not after the wait. The wait is 30 s and the bound 10 s, so that neither a
// loaded machine's delays nor the wait can be taken for the other (a wait of 3 s against a
// bound of 2 s left a loaded machine under -race one second).
func TestFaultBackoffWaitsOnTheContext(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "30")
		w.WriteHeader(http.StatusServiceUnavailable)
	})
	p := newPipeline(t, testClient(t), func(o *testOptions) { o.Retry.MaxDelay = time.Minute })
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	_, err := do(t, p, ctx, "GET", srv.URL, "")
	assert.ErrorIs(t, err, context.Canceled)
	assert.ErrorIs(t, err, core.ErrServerError, "the last failure is kept with the cancellation")
	assert.Less(t, time.Since(start), 10*time.Second)
	assert.Equal(t, int32(1), srv.hits.Load())
}
