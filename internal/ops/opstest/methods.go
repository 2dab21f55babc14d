package opstest

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/ops"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Recorded is one request a wire test server saw.
type Recorded struct {
	Method, Path, RawQuery, ContentType string
	// AcceptEncoding is the request's Accept-Encoding header: identity on every request, so
	// that net/http neither asks for a compressed answer nor inflates one (issue 26).
	AcceptEncoding string
	Body           []byte
}

// MethodFor returns the exported method of client whose name is the operation id (compared
// without regard to case, as Go initialisms change it: getCardPin is GetCardPIN).
func MethodFor(client any, opID string) (reflect.Method, bool) {
	typ := reflect.TypeOf(client)
	for i := 0; i < typ.NumMethod(); i++ {
		if m := typ.Method(i); strings.EqualFold(m.Name, opID) {
			return m, true
		}
	}
	return reflect.Method{}, false
}

// AssertMethodSet fails unless every operation of table has a method on client (the method of
// the operation's id, or the one aliases names for it), and every exported method of client
// that takes a context first is an operation or listed in extra.
func AssertMethodSet(t *testing.T, client any, table *ops.Table, aliases map[string]string, extra ...string) {
	t.Helper()
	known := map[string]bool{}
	for op := range table.All() {
		name := op.ID
		if a, ok := aliases[op.ID]; ok {
			name = a
		}
		m, ok := MethodFor(client, name)
		if assert.True(t, ok, "operation %s has no public method", op.ID) {
			known[m.Name] = true
		}
	}
	for _, e := range extra {
		known[e] = true
	}
	ctxType := reflect.TypeOf((*context.Context)(nil)).Elem()
	typ := reflect.TypeOf(client)
	for i := 0; i < typ.NumMethod(); i++ {
		m := typ.Method(i)
		if m.Type.NumIn() > 1 && m.Type.In(1) == ctxType {
			assert.True(t, known[m.Name], "method %s is not an operation of the spec", m.Name)
		}
	}
}

// CallEveryOperation calls the method of every operation of table once, with every argument
// and request field set, against a server that answers each with its first success status and
// an empty JSON value, and checks what went over the wire: the method, the path (its {version}
// filled with version, each other parameter a non-empty segment), a JSON Content-Type whenever
// a body is sent (never a wildcard media type), and a nil error with a non-nil result. newClient
// builds the client for a base URL. Operations listed in skip are left to their own tests.
func CallEveryOperation(t *testing.T, table *ops.Table, version string, newClient func(baseURL string) any, skip ...string) {
	t.Helper()
	var mu sync.Mutex
	var last Recorded
	var status int
	var answer string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		last = Recorded{Method: r.Method, Path: r.URL.EscapedPath(), RawQuery: r.URL.RawQuery, ContentType: r.Header.Get("Content-Type"),
			AcceptEncoding: strings.Join(r.Header.Values("Accept-Encoding"), ","), Body: body}
		st, ans := status, answer
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(st)
		_, _ = io.WriteString(w, ans)
	}))
	t.Cleanup(srv.Close)
	client := newClient(srv.URL)
	for op := range table.All() {
		if slices.Contains(skip, op.ID) {
			continue
		}
		t.Run(op.ID, func(t *testing.T) {
			m, ok := MethodFor(client, op.ID)
			require.True(t, ok, "no method for %s", op.ID)
			mu.Lock()
			status, answer = op.Success[len(op.Success)-1], "{}"
			if m.Type.NumOut() == 2 && m.Type.Out(0).Kind() == reflect.Slice {
				answer = "[]"
			}
			mu.Unlock()
			args := []reflect.Value{reflect.ValueOf(client), reflect.ValueOf(context.Background())}
			for i := 2; i < m.Type.NumIn(); i++ {
				if m.Type.IsVariadic() && i == m.Type.NumIn()-1 {
					break
				}
				args = append(args, filled(m.Type.In(i)))
			}
			out := m.Func.Call(args)
			errV := out[len(out)-1]
			require.True(t, errV.IsNil(), "%s: %v", op.ID, errV.Interface())
			if len(out) == 2 && out[0].Kind() == reflect.Pointer {
				assert.False(t, out[0].IsNil(), "a result is returned")
			}
			if d, ok := out[0].Interface().(interface{ Close() error }); ok && len(out) == 2 {
				_ = d.Close()
			}
			mu.Lock()
			got := last
			mu.Unlock()
			assert.Equal(t, op.Method, got.Method)
			assert.Regexp(t, templateRegexp(op.Path, version), got.Path)
			assert.Equal(t, "identity", got.AcceptEncoding, "every request asks for an uncompressed answer")
			if len(got.Body) > 0 {
				assert.Equal(t, "application/json", got.ContentType, "a body is always sent as application/json")
				assert.True(t, json.Valid(got.Body), "the body is JSON: %s", got.Body)
			}
		})
	}
}

// templateRegexp matches the paths a template allows, with {version} filled in.
func templateRegexp(tpl, version string) *regexp.Regexp {
	parts := strings.Split(tpl, "/")
	for i, p := range parts {
		switch {
		case p == "{version}":
			parts[i] = regexp.QuoteMeta(version)
		case strings.HasPrefix(p, "{"):
			parts[i] = "[^/]+"
		default:
			parts[i] = regexp.QuoteMeta(p)
		}
	}
	return regexp.MustCompile("^" + strings.Join(parts, "/") + "$")
}

// filled returns a value of typ with every field a method reads set: strings, numbers, flags,
// GUIDs (16-byte arrays), slices of one element; nested structs (bodies) stay zero, which
// encodes as an empty JSON object.
func filled(typ reflect.Type) reflect.Value {
	if typ == reflect.TypeOf((*io.Reader)(nil)).Elem() {
		return reflect.ValueOf(strings.NewReader("document"))
	}
	v := reflect.New(typ).Elem()
	fill(v, true)
	return v
}

func fill(v reflect.Value, top bool) {
	switch v.Kind() {
	case reflect.String:
		v.SetString("v1a")
	case reflect.Int, reflect.Int32, reflect.Int64:
		v.SetInt(7)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Array:
		if v.Len() == 16 && v.Type().Elem().Kind() == reflect.Uint8 {
			b := make([]byte, 16)
			_, _ = rand.Read(b)
			reflect.Copy(v, reflect.ValueOf(b))
		}
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			v.SetBytes([]byte("document"))
			return
		}
		s := reflect.MakeSlice(v.Type(), 1, 1)
		fill(s.Index(0), false)
		v.Set(s)
	case reflect.Struct:
		if !top {
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), false)
			}
		}
	}
}
