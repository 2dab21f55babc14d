package cardplatform

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/oauth2"

	"github.com/issuerkit/issuerkit-go/internal/ops/opstest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestPanickingMiddlewareLeavesNothingOpen: an attempt or call middleware step that panics
// after next returned (the caller recovers) gets its panic to the caller unchanged, and the
// SDK closes the response it opened: every connection ends and no goroutine is left, even
// with no call time limit (WithTimeout(0)). Before the fix each panic kept one connection and
// its two goroutines for ever.
func TestPanickingMiddlewareLeavesNothingOpen(t *testing.T) {
	var open atomic.Int32
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		// More than any buffer holds: the connection is reused only if the client reads it all.
		_, _ = io.WriteString(w, "{"+strings.Repeat(" ", 1<<20)+"}")
	}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		switch s {
		case http.StateNew:
			open.Add(1)
		case http.StateClosed, http.StateHijacked:
			open.Add(-1)
		}
	}
	srv.Start()
	t.Cleanup(srv.Close)
	before := runtime.NumGoroutine()
	type boom struct{ op string }
	step := func(r *http.Request, next core.Next) (*http.Response, error) {
		resp, err := next(r)
		if err == nil {
			panic(boom{core.OperationID(r.Context())})
		}
		return resp, err
	}
	for _, kind := range []string{"attempt", "call"} {
		opt := core.WithAttemptMiddleware(step)
		if kind == "call" {
			opt = core.WithCallMiddleware(step)
		}
		c, err := New(srv.URL, core.WithStaticToken("tok"), core.WithTimeout(0), opt)
		require.NoError(t, err)
		for _, op := range opstest.UnsafeOperations(operations) {
			got := func() (p any) {
				defer func() { p = recover() }()
				_, _ = opstest.Call(context.Background(), c, op.ID)
				return nil
			}()
			assert.Equal(t, boom{op.ID}, got, "%s (%s middleware): the panic reaches the caller", op.ID, kind)
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for (open.Load() > 0 || runtime.NumGoroutine() > before+2) && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	assert.Zero(t, open.Load(), "connections left open")
	assert.LessOrEqual(t, runtime.NumGoroutine(), before+2, "goroutines left")
}

// panickingTokens is a token source that panics.
type panickingTokens struct{}

func (panickingTokens) Token() (*oauth2.Token, error) { panic("token source bug") }

// TestPanickingTokenSourceLeavesNothingOpen: a token source that panics runs on the SDK's
// refresh goroutine, where a panic would end the program; its panic reaches every caller as
// an error matching ErrTokenSource that quotes it, nothing is sent (no connection opens), and
// no goroutine is left.
func TestPanickingTokenSourceLeavesNothingOpen(t *testing.T) {
	var conns atomic.Int32
	srv := httptest.NewUnstartedServer(http.NotFoundHandler())
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Start()
	t.Cleanup(srv.Close)
	before := runtime.NumGoroutine()
	c, err := New(srv.URL, core.WithTokenSource(panickingTokens{}), core.WithTimeout(0))
	require.NoError(t, err)
	for _, op := range opstest.UnsafeOperations(operations) {
		_, err := opstest.Call(context.Background(), c, op.ID)
		assert.ErrorIs(t, err, core.ErrTokenSource, op.ID)
		assert.NotErrorIs(t, err, core.ErrOutcomeUnknown, op.ID)
		assert.Contains(t, errString(err), "token source bug", op.ID)
	}
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > before+2 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	assert.Zero(t, conns.Load(), "no connection opened")
	assert.LessOrEqual(t, runtime.NumGoroutine(), before+2, "goroutines left")
}
