package sdkclient

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/issuerkit/issuerkit-go/openapi/core"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gzipped returns s compressed with gzip.
func gzipped(t *testing.T, s string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	_, err := zw.Write([]byte(s))
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

// acceptEncodings is a server that records the Accept-Encoding header of every request and
// answers a small JSON body, gzip-compressed when the request asked for gzip.
type acceptEncodings struct {
	mu  sync.Mutex
	got []string
}

func (a *acceptEncodings) handler(t *testing.T) http.HandlerFunc {
	body := gzipped(t, `{"ok":true}`)
	return func(w http.ResponseWriter, r *http.Request) {
		a.mu.Lock()
		a.got = append(a.got, strings.Join(r.Header.Values("Accept-Encoding"), ","))
		a.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			w.Header().Set("Content-Encoding", "gzip")
			_, _ = w.Write(body)
			return
		}
		_, _ = io.WriteString(w, `{"ok":true}`)
	}
}

func (a *acceptEncodings) all() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]string(nil), a.got...)
}

// TestEveryRequestAsksForIdentity: whatever client the caller brings (none, a plain
// *http.Transport with compression on, a client whose RoundTripper is not an *http.Transport),
// whatever a middleware step or the caller's request sets, every request of the pipeline goes
// out with Accept-Encoding: identity, so net/http never asks for gzip on the SDK's behalf and
// never inflates an answer. Before the fix net/http added Accept-Encoding: gzip.
func TestEveryRequestAsksForIdentity(t *testing.T) {
	clients := map[string]func(t *testing.T) *http.Client{
		"default client": func(*testing.T) *http.Client { return nil },
		"caller's transport": func(t *testing.T) *http.Client {
			return testClient(t)
		},
		"caller's round tripper": func(t *testing.T) *http.Client {
			tr := &http.Transport{}
			t.Cleanup(tr.CloseIdleConnections)
			return &http.Client{Transport: roundTripperFunc(tr.RoundTrip)}
		},
	}
	for name, hc := range clients {
		t.Run(name, func(t *testing.T) {
			var rec acceptEncodings
			srv := newServer(t, rec.handler(t))
			p := newPipeline(t, hc(t), func(o *testOptions) {
				o.AllowInsecureHTTP = true
				o.AttemptMiddleware = []Middleware{func(req *http.Request, next Next) (*http.Response, error) {
					if req.URL.Path == "/middleware" {
						req.Header.Set("Accept-Encoding", "gzip, br")
					}
					return next(req)
				}}
			})
			for _, path := range []string{"/plain", "/middleware", "/caller"} {
				req, err := http.NewRequest(http.MethodGet, srv.URL+path, nil)
				require.NoError(t, err)
				if path == "/caller" {
					req.Header.Set("Accept-Encoding", "gzip")
				}
				resp, err := p.Send(req, &CallConfig{Op: readOp})
				require.NoError(t, err, path)
				body, err := io.ReadAll(resp.Body)
				DrainAndClose(resp.Body)
				require.NoError(t, err, path)
				assert.Equal(t, `{"ok":true}`, string(body), path)
			}
			assert.Equal(t, []string{"identity", "identity", "identity"}, rec.all())
		})
	}
}

// TestBankTokenRequestAsksForIdentity: the token request of a BankTokenSource goes through
// the same RoundTripper.
func TestBankTokenRequestAsksForIdentity(t *testing.T) {
	var rec acceptEncodings
	tokenSrv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec.mu.Lock()
		rec.got = append(rec.got, r.Header.Get("Accept-Encoding"))
		rec.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"access_token":"bank-tok","token_type":"Bearer"}`)
	}))
	defer tokenSrv.Close()
	hc := tokenSrv.Client()
	defer hc.CloseIdleConnections()
	ts, err := BankTokenSource(context.Background(), tokenSrv.URL, core.BankCredentials{
		ConsumerKey: "ck", ConsumerSecret: "cs", ClientID: "cid", ClientSecret: "ckey",
	}, nil, hc)
	require.NoError(t, err)
	defer ts.Close()
	_, err = ts.Token()
	require.NoError(t, err)
	assert.Equal(t, []string{"identity"}, rec.all())
}

// TestCompressedAnswerIsRefusedUnread: a server that compresses its answer although the
// request asked for identity gets its body refused: a read returns ErrCompressedBody and
// nothing is inflated; an error answer keeps its status and typed error, with no body.
func TestCompressedAnswerIsRefusedUnread(t *testing.T) {
	body := gzipped(t, `{"ok":true}`)
	status := http.StatusOK
	encoding := "gzip"
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Encoding", encoding)
		w.WriteHeader(status)
		_, _ = w.Write(body)
	})
	p := newPipeline(t, testClient(t), func(o *testOptions) { o.AllowInsecureHTTP = true })

	for _, enc := range []string{"gzip", "GZIP", "deflate", "br", "zstd", "identity, gzip", "x-\u202egzip"} {
		encoding = enc
		resp, err := do(t, p, context.Background(), http.MethodGet, srv.URL+"/x", "")
		require.NoError(t, err, enc)
		n, err := resp.Body.Read(make([]byte, 64))
		assert.Zero(t, n, enc)
		assert.ErrorIs(t, err, ErrCompressedBody, enc)
		assert.NotContains(t, err.Error(), "\u202e", "a content coding that is not a token is not quoted")
		assert.Equal(t, int64(-1), resp.ContentLength)
		DrainAndClose(resp.Body)
	}

	for _, enc := range []string{"identity", "Identity", ""} {
		encoding = enc
		resp, err := do(t, p, context.Background(), http.MethodGet, srv.URL+"/x", "")
		require.NoError(t, err, enc)
		got, err := io.ReadAll(resp.Body)
		require.NoError(t, err, "Content-Encoding %q is no compression", enc)
		assert.Equal(t, body, got, "the body is passed through as sent")
	}

	encoding, status = "gzip", http.StatusBadRequest
	_, err := do(t, p, context.Background(), http.MethodPost, srv.URL+"/x", "{}")
	var ae *core.Error
	require.True(t, errors.As(err, &ae), "%T: %v", err, err)
	assert.Equal(t, http.StatusBadRequest, ae.StatusCode)
	assert.Empty(t, ae.Body, "nothing of a compressed error body is read")
	assert.True(t, ae.Truncated)
}

// TestIdentityTransportLeavesTheRequestAlone: the RoundTripper sets the header on a copy.
func TestIdentityTransportLeavesTheRequestAlone(t *testing.T) {
	var seen http.Header
	rt := identityTransport{next: roundTripperFunc(func(r *http.Request) (*http.Response, error) {
		seen = r.Header
		return &http.Response{StatusCode: 200, Header: http.Header{}, Body: http.NoBody, Request: r}, nil
	})}
	req, err := http.NewRequest(http.MethodGet, "http://example.invalid/", nil)
	require.NoError(t, err)
	req.Header.Set("Accept-Encoding", "gzip")
	_, err = rt.RoundTrip(req)
	require.NoError(t, err)
	assert.Equal(t, "gzip", req.Header.Get("Accept-Encoding"), "the caller's request is not modified")
	assert.Equal(t, []string{"identity"}, seen.Values("Accept-Encoding"))
}
