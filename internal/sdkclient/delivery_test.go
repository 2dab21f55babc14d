package sdkclient

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptrace"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/issuerkit/issuerkit-go/openapi/core"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The delivery suite: with a RoundTripper that is not an *http.Transport (HTTP/3, a service
// mesh, a recording proxy, a test double), an unsafe request is re-sent only when the
// RoundTripper reported, through the request's httptrace hooks, that it never got a
// connection for it, and the error's kind agrees (a failed dial, DNS). One that reports
// nothing proves nothing: every failure of it is an outcome unknown.

// forwarder is a RoundTripper that is not an *http.Transport and fires no httptrace events,
// like an HTTP/3 client or a recording proxy: it writes the request on a connection of its
// own. Each attempt calls fault with the attempt number; fault decides what happens: forward
// the request to the real server (then fail), consume the body and fail, or fail without
// reading anything.
type forwarder struct {
	attempts atomic.Int32
	fault    func(attempt int32, req *http.Request, forward func() (*http.Response, error)) (*http.Response, error)
}

func newForwarder(_ *testing.T, fault func(int32, *http.Request, func() (*http.Response, error)) (*http.Response, error)) *forwarder {
	return &forwarder{fault: fault}
}

func (f *forwarder) RoundTrip(req *http.Request) (*http.Response, error) {
	n := f.attempts.Add(1)
	return f.fault(n, req, func() (*http.Response, error) { return forward(req) })
}

// forward sends req on a new connection and returns the response fully read, the
// connection closed.
func forward(req *http.Request) (*http.Response, error) {
	conn, err := net.Dial("tcp", req.URL.Host)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	if err := req.Write(conn); err != nil {
		return nil, err
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), req)
	if err != nil {
		return nil, err
	}
	body, err := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if err != nil {
		return nil, err
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	return resp, nil
}

var errStreamReset = errors.New("stream reset by peer")

func TestDeliveryCustomRoundTripper(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		_, _ = w.Write([]byte(`{"ok":true}`))
	})
	cases := []struct {
		name         string
		method       string
		fault        func(int32, *http.Request, func() (*http.Response, error)) (*http.Response, error)
		wantAttempts int32
		wantHits     int32
		wantUnknown  bool
		wantOK       bool
	}{
		{
			name: "unsafe: body consumed and delivered, then the stream breaks", method: "POST",
			fault: func(_ int32, _ *http.Request, fwd func() (*http.Response, error)) (*http.Response, error) {
				resp, err := fwd()
				if err == nil {
					DrainAndClose(resp.Body)
				}
				return nil, errStreamReset
			},
			wantAttempts: 1, wantHits: 1, wantUnknown: true,
		},
		{
			name: "unsafe: body consumed, not forwarded, then a failure", method: "POST",
			fault: func(_ int32, req *http.Request, _ func() (*http.Response, error)) (*http.Response, error) {
				_, _ = io.Copy(io.Discard, req.Body)
				return nil, errStreamReset
			},
			wantAttempts: 1, wantHits: 0, wantUnknown: true,
		},
		{
			name: "unsafe: fails before reading the body with an error that proves nothing", method: "POST",
			fault: func(int32, *http.Request, func() (*http.Response, error)) (*http.Response, error) {
				return nil, errStreamReset
			},
			wantAttempts: 1, wantHits: 0, wantUnknown: true,
		},
		{
			// The error's kind is not proof: this RoundTripper fires no trace hooks, so the SDK
			// cannot see that no connection carried the request (it may have opened a second
			// one after the first was written).
			name: "unsafe: refused dial from a RoundTripper the SDK cannot observe, not re-sent", method: "POST",
			fault: func(n int32, _ *http.Request, fwd func() (*http.Response, error)) (*http.Response, error) {
				if n == 1 {
					return nil, &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
				}
				return fwd()
			},
			wantAttempts: 1, wantHits: 0, wantUnknown: true,
		},
		{
			name: "unsafe: DNS failure from a RoundTripper the SDK cannot observe, not re-sent", method: "POST",
			fault: func(n int32, _ *http.Request, fwd func() (*http.Response, error)) (*http.Response, error) {
				if n == 1 {
					return nil, &net.DNSError{Err: "no such host", Name: "api.example", IsTemporary: true}
				}
				return fwd()
			},
			wantAttempts: 1, wantHits: 0, wantUnknown: true,
		},
		{
			// A RoundTripper that reports its progress as net/http does (GetConn, and no
			// GotConn: it never had a connection) proves the dial error came before any write.
			name: "unsafe: refused dial, observed before any connection, re-sent", method: "POST",
			fault: func(n int32, req *http.Request, fwd func() (*http.Response, error)) (*http.Response, error) {
				if n == 1 {
					httptrace.ContextClientTrace(req.Context()).GetConn(req.URL.Host)
					return nil, &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
				}
				return fwd()
			},
			wantAttempts: 2, wantHits: 1, wantOK: true,
		},
		{
			name: "unsafe: DNS failure, observed before any connection, re-sent", method: "POST",
			fault: func(n int32, req *http.Request, fwd func() (*http.Response, error)) (*http.Response, error) {
				if n == 1 {
					httptrace.ContextClientTrace(req.Context()).GetConn(req.URL.Host)
					return nil, &net.DNSError{Err: "no such host", Name: "api.example", IsTemporary: true}
				}
				return fwd()
			},
			wantAttempts: 2, wantHits: 1, wantOK: true,
		},
		{
			name: "unsafe: a dial error after the connection was observed, not re-sent", method: "POST",
			fault: func(n int32, req *http.Request, fwd func() (*http.Response, error)) (*http.Response, error) {
				if n == 1 {
					tr := httptrace.ContextClientTrace(req.Context())
					tr.GetConn(req.URL.Host)
					tr.GotConn(httptrace.GotConnInfo{})
					return nil, &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
				}
				return fwd()
			},
			wantAttempts: 1, wantHits: 0, wantUnknown: true,
		},
		{
			name: "unsafe: a read on an established connection is not a dial, not re-sent", method: "POST",
			fault: func(_ int32, _ *http.Request, _ func() (*http.Response, error)) (*http.Response, error) {
				return nil, &net.OpError{Op: "read", Net: "tcp", Err: syscall.ECONNRESET}
			},
			wantAttempts: 1, wantHits: 0, wantUnknown: true,
		},
		{
			name: "safe: a broken stream is retried", method: "GET",
			fault: func(n int32, _ *http.Request, fwd func() (*http.Response, error)) (*http.Response, error) {
				if n == 1 {
					return nil, errStreamReset
				}
				return fwd()
			},
			wantAttempts: 2, wantHits: 1, wantOK: true,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv.hits.Store(0)
			rt := newForwarder(t, tc.fault)
			p := newPipeline(t, &http.Client{Transport: rt})
			resp, err := do(t, p, context.Background(), tc.method, srv.URL+"/disbursements", `{"amount":"10.00"}`)
			assert.Equal(t, tc.wantAttempts, rt.attempts.Load(), "attempts through the RoundTripper")
			assert.Equal(t, tc.wantHits, srv.hits.Load(), "requests the server saw")
			if tc.wantOK {
				require.NoError(t, err)
				assert.Equal(t, 200, resp.StatusCode)
				return
			}
			require.Error(t, err)
			assert.Equal(t, tc.wantUnknown, errors.Is(err, core.ErrOutcomeUnknown), "outcome unknown: %v", err)
			if tc.wantUnknown {
				var ou *core.OutcomeUnknownError
				require.ErrorAs(t, err, &ou)
				assert.NotEmpty(t, ou.CorrelationID)
				assert.Equal(t, 1, ou.Attempts)
				assert.Contains(t, err.Error(), ou.CorrelationID)
			}
		})
	}
}
