package cardplatform_test

import (
	"bytes"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/internal/leaktest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// invalidHeaders are per-call options whose header could not be sent as the caller wrote it:
// a CR/LF or NUL in a value (header injection), a name that is not an HTTP token.
var invalidHeaders = map[string]core.CallOption{
	"CRLF in value":           core.WithHeader("X-Test", "v\r\nX: 1"),
	"LF in value":             core.WithHeader("X-Test", "v\nX: 1"),
	"NUL in value":            core.WithHeader("X-Test", "v\x00"),
	"space in name":           core.WithHeader("X Test", "v"),
	"colon in name":           core.WithHeader("X-Test:", "v"),
	"empty name":              core.WithHeader("", "v"),
	"CRLF in name":            core.WithHeader("X-Test\r\nX", "v"),
	"CRLF in correlation id":  core.WithCorrelationID("id-1\r\nforged: yes"),
	"LF in correlation id":    core.WithCorrelationID("id-1\nlevel=ERROR msg=forged"),
	"DEL in correlation id":   core.WithCorrelationID("id-1\x7f"),
	"NUL in correlation id":   core.WithCorrelationID("id-1\x00"),
	"CR alone in correlation": core.WithCorrelationID("id-1\rforged"),
}

// countingServer answers 200 with {} and counts the requests it gets.
func countingServer(t *testing.T) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		n.Add(1)
		writeRaw(w, `{}`)
	}))
	t.Cleanup(srv.Close)
	return srv, &n
}

// lockedBuffer is a bytes.Buffer safe for the logger's concurrent writes.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestInvalidHeaderIsNeverSent: an invalid header name or value, or a correlation id that is
// not a valid header value, is refused before the first attempt with ErrInvalidArgument. It
// proves that nothing was sent: CreateDisbursement, which moves money, does not report
// ErrOutcomeUnknown ("may have been processed"), and GetCard, which is retried after
// failures, is not retried: the server sees no request at all. CR and LF of the caller's
// values reach neither the error text nor a log line (log forging).
func TestInvalidHeaderIsNeverSent(t *testing.T) {
	for name, opt := range invalidHeaders {
		t.Run(name, func(t *testing.T) {
			srv, hits := countingServer(t)
			var logs lockedBuffer
			c, err := cardplatform.New(srv.URL, core.WithHTTPClient(srv.Client()),
				core.WithLogger(slog.New(slog.NewTextHandler(&logs, leaktest.NoTime(&slog.HandlerOptions{Level: slog.LevelDebug})))))
			require.NoError(t, err)

			d, err := c.CreateDisbursement(t.Context(), cardplatform.DisbursementDTO{}, opt)
			assert.Nil(t, d)
			require.ErrorIs(t, err, core.ErrInvalidArgument)
			assert.False(t, errors.Is(err, core.ErrOutcomeUnknown), "nothing left the process: %v", err)
			assert.False(t, strings.ContainsAny(err.Error(), "\r\n\x00\x7f"), "raw control character in %q", err.Error())

			card, err := c.GetCard(t.Context(), "proxy-1", opt)
			assert.Nil(t, card)
			require.ErrorIs(t, err, core.ErrInvalidArgument)
			assert.False(t, strings.ContainsAny(err.Error(), "\r\n\x00\x7f"), "raw control character in %q", err.Error())
			assert.NotContains(t, err.Error(), "forged")

			assert.Zero(t, hits.Load(), "no attempt reached the server")
			assert.NotContains(t, logs.String(), "forged", "the caller's text reaches no log line")
			assert.NotContains(t, logs.String(), "\r")
		})
	}
}

// TestValidHeadersStillGo: the check refuses only what HTTP cannot carry: a tab, obs-text and
// punctuation allowed in tokens pass, and reach the server unchanged.
func TestValidHeadersStillGo(t *testing.T) {
	var got http.Header
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = r.Header.Clone()
		mu.Unlock()
		writeRaw(w, `{}`)
	}))
	t.Cleanup(srv.Close)
	c, err := cardplatform.New(srv.URL, core.WithHTTPClient(srv.Client()))
	require.NoError(t, err)
	_, err = c.GetCard(t.Context(), "proxy-1",
		core.WithHeader("X-Odd_Name.v1!#$%&'*+^`|~", "a\tb café"),
		core.WithCorrelationID("corr-1 with spaces"))
	require.NoError(t, err)
	mu.Lock()
	defer mu.Unlock()
	assert.Equal(t, "a\tb café", got.Get("X-Odd_Name.v1!#$%&'*+^`|~"))
	assert.Equal(t, "corr-1 with spaces", got.Get("X-CorrelationId"))
}

// TestInvalidUserAgentRefusedByNew: a client option that would put an invalid value in a
// header of every request fails New with ErrInvalidArgument.
func TestInvalidUserAgentRefusedByNew(t *testing.T) {
	c, err := cardplatform.New("https://api.example.com", core.WithUserAgent("app/1\r\nX-Forged: 1"))
	require.ErrorIs(t, err, core.ErrInvalidArgument)
	assert.Nil(t, c)
	assert.False(t, strings.ContainsAny(err.Error(), "\r\n"), "raw line break in %q", err.Error())
}
