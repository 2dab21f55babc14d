package cardplatform

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/ops"
	"github.com/issuerkit/issuerkit-go/internal/ops/opstest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// connCountKey keys the per-connection request counter of dropSecondServer.
type connCountKey struct{}

// dropSecondServer answers the first request of every connection with the operation's
// success status and an empty JSON value, keeping the connection alive, and answers the
// second one on the same connection as a platform that acted and then lost its answer does:
// it reads the whole request, then closes the connection without a byte. arrivals counts the
// requests of each path.
type dropSecondServer struct {
	*httptest.Server
	mu       sync.Mutex
	arrivals map[string]int
	success  map[string]int // success status by path
}

func newDropSecondServer(t *testing.T) *dropSecondServer {
	s := &dropSecondServer{arrivals: map[string]int{}, success: map[string]int{}}
	s.Server = httptest.NewUnstartedServer(http.HandlerFunc(s.serve))
	s.Config.ConnContext = func(ctx context.Context, _ net.Conn) context.Context {
		return context.WithValue(ctx, connCountKey{}, new(atomic.Int32))
	}
	s.Start()
	t.Cleanup(s.Close)
	return s
}

func (s *dropSecondServer) serve(w http.ResponseWriter, r *http.Request) {
	_, _ = io.Copy(io.Discard, r.Body)
	s.mu.Lock()
	s.arrivals[r.URL.Path]++
	s.mu.Unlock()
	if r.Context().Value(connCountKey{}).(*atomic.Int32).Add(1)%2 == 0 {
		if conn, _, err := w.(http.Hijacker).Hijack(); err == nil {
			_ = conn.Close()
		}
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_, _ = io.WriteString(w, "{}")
}

// idempotencyHeaders are the ways a caller marks a request idempotent for net/http (which
// then re-sends it by itself): none, and each header net/http honours.
var idempotencyHeaders = []string{"", "Idempotency-Key", "X-Idempotency-Key"}

// TestUnsafeRequestIsNeverReplayedByNetHTTP calls every operation that must not be re-sent on
// a reused keep-alive connection that the server closes after reading the request (the
// platform acted; the answer is lost), with and without the idempotency headers net/http
// honours, through the default client and through a caller's transport wrapping
// http.Transport: the request arrives once and the call matches ErrOutcomeUnknown. Before
// the fix net/http re-sent the request on a new connection (GetBody, or no body, with an
// idempotency header) and the SDK returned the second answer as a success.
func TestUnsafeRequestIsNeverReplayedByNetHTTP(t *testing.T) {
	s := newDropSecondServer(t)
	clients := map[string]func() *Client{
		"default client": func() *Client {
			c, err := New(s.URL, core.WithStaticToken("tok"))
			require.NoError(t, err)
			return c
		},
		"caller's transport": func() *Client {
			base := http.DefaultTransport.(*http.Transport).Clone()
			c, err := New(s.URL, core.WithStaticToken("tok"), core.WithHTTPClient(&http.Client{Transport: wrappingTransport{base}}))
			require.NoError(t, err)
			return c
		},
	}
	unsafe := opstest.UnsafeOperations(operations)
	require.NotEmpty(t, unsafe)
	for name, newC := range clients {
		for _, h := range idempotencyHeaders {
			t.Run(name+"/"+h, func(t *testing.T) {
				c := newC()
				for _, op := range unsafe {
					checkOnceOnReusedConn(t, s, c, op, h)
				}
			})
		}
	}
}

func checkOnceOnReusedConn(t *testing.T, s *dropSecondServer, c *Client, op ops.Operation, header string) {
	t.Helper()
	var opts []any
	if header != "" {
		opts = append(opts, core.WithHeader(header, "key-"+op.ID))
	}
	ctx := context.Background()
	// The first call opens a connection and leaves it idle for the second.
	_, _ = opstest.Call(ctx, c, op.ID, opts...)
	var before int
	s.mu.Lock()
	for _, n := range s.arrivals {
		before += n
	}
	s.mu.Unlock()
	found, err := opstest.Call(ctx, c, op.ID, opts...)
	require.True(t, found, op.ID)
	var after int
	s.mu.Lock()
	for _, n := range s.arrivals {
		after += n
	}
	s.mu.Unlock()
	assert.Equal(t, 1, after-before, "%s (%s): the request arrived %d times", op.ID, header, after-before)
	assert.True(t, errors.Is(err, core.ErrOutcomeUnknown), "%s (%s): %v", op.ID, header, err)
}

// wrappingTransport is a caller's RoundTripper around http.Transport.
type wrappingTransport struct{ next http.RoundTripper }

func (w wrappingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	return w.next.RoundTrip(r)
}
