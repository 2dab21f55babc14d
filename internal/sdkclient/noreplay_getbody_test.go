package sdkclient

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptrace"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sentRequest is what a RoundTripper saw of one attempt.
type sentRequest struct {
	req        *http.Request
	hadGetBody bool
	body       string
}

// recordingRT records every attempt, refuses the first dial when refuseFirst (reporting through
// the request's trace hooks, as net/http's transport does, that it never got a connection), and
// answers 200.
type recordingRT struct {
	mu          sync.Mutex
	seen        []sentRequest
	refuseFirst bool
}

func (rt *recordingRT) RoundTrip(req *http.Request) (*http.Response, error) {
	b, _ := io.ReadAll(req.Body)
	_ = req.Body.Close()
	rt.mu.Lock()
	rt.seen = append(rt.seen, sentRequest{req: req, hadGetBody: req.GetBody != nil, body: string(b)})
	n := len(rt.seen)
	rt.mu.Unlock()
	if rt.refuseFirst && n == 1 {
		// Reported as net/http's transport does: it looked for a connection and got none.
		if tr := httptrace.ContextClientTrace(req.Context()); tr != nil && tr.GetConn != nil {
			tr.GetConn(req.URL.Host)
		}
		return nil, &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
	}
	return &http.Response{StatusCode: 200, Header: http.Header{}, Body: io.NopCloser(strings.NewReader(`{}`)), Request: req}, nil
}

// Every attempt of an unsafe request reaches the client as a copy without GetBody, a second
// attempt (after a dial refused before any connection: proof the first never left) still
// carries the whole body, and neither the caller's request of Send nor the request a
// middleware step holds loses its GetBody.
func TestUnsafeRequestLeavesWithoutGetBodyEveryPath(t *testing.T) {
	const body = `{"amount":"10.00"}`
	for _, tc := range []struct {
		name       string
		middleware bool
	}{
		{name: "Send"},
		{name: "Send, attempt middleware", middleware: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rt := &recordingRT{refuseFirst: true}
			var stepSawGetBody []bool
			p := newPipeline(t, &http.Client{Transport: rt}, func(o *testOptions) {
				if tc.middleware {
					o.AttemptMiddleware = append(o.AttemptMiddleware, func(req *http.Request, next Next) (*http.Response, error) {
						resp, err := next(req)
						stepSawGetBody = append(stepSawGetBody, req.GetBody != nil)
						return resp, err
					})
				}
			})
			call := &CallConfig{Op: opFor(http.MethodPost)}
			req, err := http.NewRequestWithContext(context.Background(), http.MethodPost, "http://127.0.0.1:1/disbursements", strings.NewReader(body))
			require.NoError(t, err)
			resp, err := p.Send(req, call)
			require.NoError(t, err)
			DrainAndClose(resp.Body)
			require.Len(t, rt.seen, 2, "the refused dial proves nothing left: one more attempt")
			for i, s := range rt.seen {
				assert.False(t, s.hadGetBody, "attempt %d reached the client with GetBody", i+1)
				assert.Equal(t, body, s.body, "attempt %d's body", i+1)
			}
			assert.NotNil(t, req.GetBody, "the caller's request keeps its GetBody")
			if tc.middleware {
				assert.Equal(t, []bool{true, true}, stepSawGetBody, "a middleware step's request keeps its GetBody")
			}
		})
	}
}
