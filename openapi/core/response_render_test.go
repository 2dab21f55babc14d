package core

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/leaktest"
	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// shownHeaderNames is every header whose value a rendering prints, as its doc lists them.
var shownHeaderNames = []string{
	"Content-Type", "Content-Length", "Date", "Retry-After", "X-CorrelationId", "X-Request-Id",
	"Request-Id", "Traceparent", InteractionHeader, "User-Agent", "totalRows", "retrievedRows",
}

// maskedHeaderNames are headers whose values never print: credentials, keys and names the
// SDK knows nothing of (the rule is an allowlist: these are examples, not the rule).
var maskedHeaderNames = []string{
	"Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "X-Api-Key", "Api-Key",
	"X-Auth-Token", "Location", "X-Amz-Security-Token", "X-Made-Up", "Www-Authenticate",
}

// TestHeadersRenderByAllowlist: a Response and a CallSettings print the value of a header
// only when its name is known harmless (redact.ShownHeader, the rule the test kits print by too), card numbers masked even there; every
// other header prints as REDACTED under its name, by every verb, by value and by pointer,
// nested, through both slog handlers and json.Marshal; the Header field itself keeps the
// values as received, for code that reads it (issue 36).
func TestHeadersRenderByAllowlist(t *testing.T) {
	const secret = "hdr-SECRET-value"
	h := http.Header{}
	for _, n := range maskedHeaderNames {
		h.Add(n, secret+"-"+n)
		h.Add(n, "second "+secret)
	}
	for _, n := range shownHeaderNames {
		h.Add(n, "shown-"+n+" "+pan)
	}
	resp := Response{StatusCode: 200, Header: h, CorrelationID: "corr " + pan, TraceID: "trace " + pan}
	settings := ReadCallOptions(WithCorrelationID("corr "+pan), func(c *callConfig) { c.Header = h })
	require.Equal(t, h, settings.Header)

	for _, v := range []any{resp, &resp, settings, &settings} {
		for _, text := range renderingsOf(t, v) {
			assert.NotContains(t, text, secret, "%T: %s", v, text)
			assert.NotContains(t, text, pan, "%T: %s", v, text)
		}
		b, err := json.Marshal(v)
		require.NoError(t, err)
		var got struct{ Header http.Header }
		require.NoError(t, json.Unmarshal(b, &got))
		for _, n := range shownHeaderNames {
			assert.Equal(t, []string{"shown-" + n + " ************1111"}, got.Header[http.CanonicalHeaderKey(n)], "%T: %s is known harmless: its value prints, card number masked", v, n)
		}
		for _, n := range maskedHeaderNames {
			assert.Equal(t, []string{redact.Redacted}, got.Header[http.CanonicalHeaderKey(n)], "%T: %s prints its name, never its value", v, n)
		}
		assert.Len(t, got.Header, len(h), "%T: every name prints", v)
	}
	assert.Equal(t, secret+"-Set-Cookie", resp.Header.Get("Set-Cookie"), "code reading Header gets the values as received")
	assert.Equal(t, []string{secret + "-X-Api-Key", "second " + secret}, settings.Header.Values("X-Api-Key"))

	for _, n := range shownHeaderNames {
		assert.True(t, redact.ShownHeader(n), n)
		assert.True(t, redact.ShownHeader(strings.ToLower(n)), "names compare case-insensitively: %s", n)
	}
	for _, n := range maskedHeaderNames {
		assert.False(t, redact.ShownHeader(n), n)
	}
}

// TestEmptyResponseRenders: the zero Response and CallSettings print, their nil Header as null.
func TestEmptyResponseRenders(t *testing.T) {
	assert.Equal(t, `{"StatusCode":0,"Header":null,"CorrelationID":"","TraceID":""}`, fmt.Sprint(Response{}))
	assert.Equal(t, `core.CallSettings("{\"CorrelationID\":\"\",\"Header\":null,\"Timeout\":0,\"TimeoutSet\":false,\"Retry\":null,\"ResponseInto\":false}")`,
		fmt.Sprintf("%#v", CallSettings{}))
}

// renderingsOf prints v by fmt's verbs, alone and in a struct of the caller's, and through
// both slog handlers.
func renderingsOf(t *testing.T, v any) []string {
	t.Helper()
	var out []string
	for _, x := range []any{v, struct{ V any }{v}, []any{v}} {
		for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%d", "%t"} {
			out = append(out, fmt.Sprintf(verb, x))
		}
	}
	var b bytes.Buffer
	slog.New(slog.NewTextHandler(&b, leaktest.NoTime(nil))).Info("m", "v", v)
	slog.New(slog.NewJSONHandler(&b, leaktest.NoTime(nil))).Info("m", "v", v)
	return append(out, b.String())
}
