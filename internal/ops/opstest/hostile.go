package opstest

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/ops"
)

// HostilePathArguments are path arguments that a server, a proxy or a framework may read as
// something other than one segment of the operation's path: dot segments ("." and "..", in
// clear and percent-encoded, once or twice), a dot segment with a path parameter ("..;", read
// as ".." by Tomcat and Jetty), separators ("/" and "\", in clear and encoded) and control
// characters (NUL truncation, CR/LF); a query or fragment start ("?", "#") and a path parameter
// (";"), which end the segment for a server that decodes them; and lookalikes that a gateway's
// Unicode NFKC normalisation (or a Windows "best fit" code page) turns into any of these:
// fullwidth and small full stops, one- and two-dot leaders, the ellipsis, fullwidth and small
// solidus, reverse solidus, question mark, number sign, semicolon and percent sign, "℀" (a/c),
// and the division and fraction slashes. Every generated method refuses each of them.
var HostilePathArguments = []string{
	".", "..", "...",
	"%2e", "%2E", "%2e%2e", "%2E%2e", ".%2e", "%2e.", "%252e", "%252e%252e", "%25252e%25252e",
	"..;", ".;x", "..;jsessionid=1", "%2e%2e;x",
	"/", "a/b", "../x", "x/..", "a\\b", "..\\x", "%2F", "a%2fb", "%5C", "%252F",
	"\x00", "a%00", "a\r\nb", "a\nb", "a\tb", "\x7f",
	"a?b", "a#b", "a;b", "%3F", "a%23", "%3B",
	"\uff0e", "\uff0e\uff0e", "\u2024", "\u2024\u2024", "\u2025", "\u2026", "\ufe52\ufe52", ".\uff0e",
	"a\uff0f\uff0e\uff0e", "\uff0f", "a\uff3cb", "a\ufe68b", "a\uff1fb", "a\ufe56b", "a\uff03b", "a\uff1bb",
	"\uff05\uff12\uff45", "\uff05\uff12\uff26", "%EF%BC%8E%EF%BC%8E", "%25EF%25BC%258E", "a%EF%BC%8Fb",
	"\u2100", "a\u2215b", "a\u2044b", "a\u2216b", "\uff0e\uff0e;x",
}

// RefuseHostilePathArguments calls the method of every operation of table once per string path
// argument and value of HostilePathArguments, with every other argument set as in
// CallEveryOperation, against a server that records requests, and checks that each call fails
// with an error matching errInvalid and that no request arrives. It checks that every {param}
// of the operation's template (but {version}) is an argument of the method, and returns the
// number of string path arguments tried; the others are typed values (GUIDs, dates, numbers)
// whose text cannot hold a dot segment or a separator. newClient builds the client for a base
// URL; skip lists operations left to their own tests.
func RefuseHostilePathArguments(t *testing.T, table *ops.Table, errInvalid error, newClient func(baseURL string) any, skip ...string) int {
	t.Helper()
	var mu sync.Mutex
	var arrived []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		arrived = append(arrived, r.Method+" "+r.URL.RequestURI())
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte("{}"))
	}))
	t.Cleanup(srv.Close)
	client := newClient(srv.URL)
	tried := 0
	for op := range table.All() {
		if slices.Contains(skip, op.ID) {
			continue
		}
		params := pathParams(op.Path)
		if len(params) == 0 {
			continue
		}
		m, ok := MethodFor(client, op.ID)
		require.True(t, ok, "no method for %s", op.ID)
		require.GreaterOrEqual(t, m.Type.NumIn()-2, len(params), "%s: fewer arguments than path parameters %q", op.ID, params)
		base := []reflect.Value{reflect.ValueOf(client), reflect.ValueOf(context.Background())}
		for i := 2; i < m.Type.NumIn(); i++ {
			if m.Type.IsVariadic() && i == m.Type.NumIn()-1 {
				break
			}
			base = append(base, filled(m.Type.In(i)))
		}
		for k, name := range params {
			typ := m.Type.In(2 + k) // path arguments come first, in the template's order
			if typ.Kind() != reflect.String {
				assert.True(t, typ.Kind() == reflect.Array || typ.Kind() == reflect.Struct || typ.Kind() >= reflect.Int && typ.Kind() <= reflect.Float64,
					"%s: path argument %s is a %s: neither a string nor a typed value", op.ID, name, typ)
				continue
			}
			tried++
			for _, v := range HostilePathArguments {
				args := slices.Clone(base)
				args[2+k] = reflect.ValueOf(v).Convert(typ)
				out := m.Func.Call(args)
				err, _ := out[len(out)-1].Interface().(error)
				if assert.Error(t, err, "%s(%s=%q) is refused", op.ID, name, v) {
					assert.True(t, errors.Is(err, errInvalid), "%s(%s=%q): %v does not match %v", op.ID, name, v, err, errInvalid)
					assert.NotContains(t, err.Error(), "\n", "%s(%s=%q): the error text holds a raw line break", op.ID, name, v)
				}
				if len(out) == 2 && (out[0].Kind() == reflect.Pointer || out[0].Kind() == reflect.Slice) {
					assert.True(t, out[0].IsNil(), "%s(%s=%q): no result with the error", op.ID, name, v)
				}
			}
		}
	}
	mu.Lock()
	defer mu.Unlock()
	assert.Empty(t, arrived[:min(len(arrived), 5)], "%d requests reached the server; the first ones", len(arrived))
	return tried
}

// pathParams returns the names of the {param} segments of a template, {version} excepted.
func pathParams(tpl string) []string {
	var names []string
	for _, seg := range strings.Split(tpl, "/") {
		if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") && seg != "{version}" {
			names = append(names, seg[1:len(seg)-1])
		}
	}
	return names
}
