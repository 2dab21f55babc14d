package sdkclient

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/issuerkit/issuerkit-go/openapi/core"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
	"github.com/issuerkit/issuerkit-go/internal/leaktest"
	"github.com/issuerkit/issuerkit-go/internal/settings"
)

// TestInvalidHeaderRefusedBeforeTheFirstAttempt: whatever set it (the request, the call, the
// context's correlation id), a header HTTP cannot carry is refused before any policy runs:
// ErrInvalidArgument, never an outcome unknown, no attempt, no retry, no log line, and no raw
// CR or LF of the caller's value in the error text.
func TestInvalidHeaderRefusedBeforeTheFirstAttempt(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })
	var logs syncBuffer
	p := newPipeline(t, testClient(t), func(o *testOptions) {
		o.Logger = slog.New(slog.NewTextHandler(&logs, leaktest.NoTime(&slog.HandlerOptions{Level: slog.LevelDebug})))
	})
	cases := map[string]func(*http.Request) (*http.Request, *CallConfig){
		"request header": func(r *http.Request) (*http.Request, *CallConfig) {
			r.Header.Set("X-Test", "v\r\nX-Forged: 1")
			return r, &CallConfig{Op: moneyOp}
		},
		"request header name": func(r *http.Request) (*http.Request, *CallConfig) {
			r.Header["X Forged"] = []string{"v"}
			return r, &CallConfig{Op: moneyOp}
		},
		"call header": func(r *http.Request) (*http.Request, *CallConfig) {
			return r, &CallConfig{Op: readOp, CallConfig: settings.CallConfig{Header: http.Header{"X-Test": {"v\nforged"}}}}
		},
		"call correlation id": func(r *http.Request) (*http.Request, *CallConfig) {
			return r, &CallConfig{Op: moneyOp, CallConfig: settings.CallConfig{CorrelationID: "id\r\nlevel=ERROR msg=forged"}}
		},
		"request correlation id": func(r *http.Request) (*http.Request, *CallConfig) {
			r.Header.Set(CorrelationHeader, "id\nforged")
			return r, &CallConfig{Op: readOp}
		},
		"context correlation id": func(r *http.Request) (*http.Request, *CallConfig) {
			return r.WithContext(WithCorrelationID(r.Context(), "id\r\nforged")), &CallConfig{Op: moneyOp}
		},
	}
	for name, mk := range cases {
		t.Run(name, func(t *testing.T) {
			req, err := http.NewRequestWithContext(context.Background(), http.MethodPost, srv.URL, strings.NewReader(`{}`))
			require.NoError(t, err)
			req, call := mk(req)
			resp, err := p.Send(req, call)
			assert.Nil(t, resp)
			require.ErrorIs(t, err, ErrInvalidArgument)
			assert.False(t, errors.Is(err, core.ErrOutcomeUnknown), "nothing was sent: %v", err)
			assert.True(t, neverSent(err), "the refusal proves non-delivery")
			assert.False(t, strings.ContainsAny(err.Error(), "\r\n"), "raw line break in %q", err.Error())
			assert.NotContains(t, err.Error(), "forged")
		})
	}
	assert.Zero(t, srv.hits.Load(), "no attempt reached the server")
	assert.Empty(t, logs.String(), "no log line: nothing was attempted")
}

// TestCheckHeader: names are tokens, values anything but control characters (a tab and
// obs-text pass); the error quotes the name escaped and never the value.
func TestCheckHeader(t *testing.T) {
	for _, ok := range [][2]string{{"X-Test", "v"}, {"a!#$%&'*+-.^_`|~9", ""}, {"X", "a\tb é \x80"}} {
		assert.NoError(t, CheckHeader(ok[0], ok[1]), "%q: %q", ok[0], ok[1])
	}
	for _, bad := range [][2]string{{"", "v"}, {"X Y", "v"}, {"X:", "v"}, {"X\r\nY", "v"}, {"é", "v"}, {"X", "s3cret\r\n"}, {"X", "\x00"}, {"X", "\x7f"}} {
		err := CheckHeader(bad[0], bad[1])
		require.ErrorIs(t, err, ErrInvalidArgument, "%q: %q", bad[0], bad[1])
		assert.False(t, strings.ContainsAny(err.Error(), "\r\n"), "raw line break in %q", err.Error())
		assert.NotContains(t, err.Error(), "s3cret")
	}
	_, err := New(Options{DecodeError: apierror.DecodeBankError, Client: settings.Client{UserAgent: "app\r\nX: 1"}})
	assert.ErrorIs(t, err, ErrInvalidArgument, "an invalid User-Agent suffix fails the pipeline's construction")
}

// TestHeaderValueControls: every control character (C0 but the tab, DEL, C1 with NEL U+0085
// and CSI U+009B) and every bidi control in a header value or a correlation id is refused
// with ErrInvalidArgument before anything is sent; U+0085 and U+009B went out (issue 33,
// bug 5). Every other code point below U+3000 passes.
func TestHeaderValueControls(t *testing.T) {
	refused := func(r rune) bool {
		return r < 0x20 && r != '\t' || r >= 0x7f && r <= 0x9f || r == 0x061c || r == 0x200e || r == 0x200f ||
			r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069
	}
	n := 0
	for r := rune(0); r < 0x3000; r++ {
		v := "id-" + string(r) + "-x"
		err, cerr := CheckHeader("X-Test", v), checkCorrelationID(v)
		if refused(r) {
			n++
			assert.ErrorIs(t, err, ErrInvalidArgument, "U+%04X", r)
			assert.ErrorIs(t, cerr, ErrInvalidArgument, "U+%04X", r)
			continue
		}
		assert.NoError(t, err, "U+%04X", r)
		assert.NoError(t, cerr, "U+%04X", r)
	}
	assert.Equal(t, 32-1+1+32+1+2+5+4, n, "C0 but tab, DEL, C1, U+061C, U+200E/F, U+202A-E, U+2066-9")

	srv := newServer(t, func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })
	p := newPipeline(t, testClient(t))
	for _, v := range []string{"id\u0085forged", "id\u009b2J", "id\u202eevil"} {
		req, err := http.NewRequestWithContext(context.Background(), http.MethodPost, srv.URL, strings.NewReader(`{}`))
		require.NoError(t, err)
		for _, call := range []*CallConfig{{Op: moneyOp, CallConfig: settings.CallConfig{CorrelationID: v}}, {Op: moneyOp, CallConfig: settings.CallConfig{Header: http.Header{"X-Test": {v}}}}} {
			resp, err := p.Send(req, call)
			assert.Nil(t, resp)
			require.ErrorIs(t, err, ErrInvalidArgument, "%q", v)
			assert.False(t, errors.Is(err, core.ErrOutcomeUnknown), "nothing was sent: %v", err)
		}
	}
	assert.Zero(t, srv.hits.Load(), "no attempt reached the server")
}
