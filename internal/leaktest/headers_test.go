package leaktest_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/internal/redact"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestBuiltErrorsWalkedByFmtShowNoHeader: the headers planted in a real answer (credentials, a
// key, a made-up name, an allowlisted one holding a card number) show in no rendering of the
// *core.Error the SDK builds, of the Response WithResponseInto fills, or of the CallSettings
// ReadCallOptions returns — by every verb, by value and by pointer, nested, wrapped with %w
// and errors.Join (where fmt walks the error's fields without calling its methods), logged
// and json.Marshal'd — while code reads them: Response.Header and CallSettings.Header as
// received or given, Error.RevealHeader without the credential headers (issue 36).
func TestBuiltErrorsWalkedByFmtShowNoHeader(t *testing.T) {
	status := http.StatusNotFound
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for name, vals := range plantedHeader() {
			w.Header()[name] = vals
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(`{"cardProxy":"p"}`))
	}))
	defer srv.Close()
	c, err := cardplatform.New(srv.URL, core.WithHTTPClient(srv.Client()), core.WithStaticToken("tok"))
	if err != nil {
		t.Fatal(err)
	}

	check := func(t *testing.T, name string, typ reflect.Type, ptr reflect.Value) {
		t.Helper()
		n := 0
		for how, text := range renderings(typ, ptr) {
			n++
			for _, m := range marks(true, false) {
				if strings.Contains(text, m) {
					t.Errorf("%s: %s shows %q: %.600s", name, how, m, text)
					break
				}
			}
		}
		if n < 100 {
			t.Fatalf("%s: only %d renderings", name, n)
		}
	}

	_, err = c.GetCard(context.Background(), "proxy-1")
	var ae *core.Error
	if !errors.As(err, &ae) {
		t.Fatalf("GetCard: %v, want a *core.Error", err)
	}
	check(t, "built *core.Error", reflect.TypeFor[core.Error](), reflect.ValueOf(ae))
	if got := ae.Header.Get("X-Made-Up"); got != redact.Redacted {
		t.Errorf("Error.Header X-Made-Up = %q, want %q (names kept, value masked)", got, redact.Redacted)
	}
	if got := ae.RevealHeader().Values("X-Made-Up"); len(got) != 2 || got[0] != headerMark+"-madeup" {
		t.Errorf("Error.RevealHeader X-Made-Up = %q, want the values received", got)
	}
	for _, h := range []string{"Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie"} {
		if v := ae.RevealHeader().Values(h); v != nil {
			t.Errorf("Error.RevealHeader keeps the credential header %s: %q", h, v)
		}
	}

	status = http.StatusOK
	var meta core.Response
	if _, err := c.GetCard(context.Background(), "proxy-1", core.WithResponseInto(&meta)); err != nil {
		t.Fatal(err)
	}
	check(t, "filled core.Response", reflect.TypeFor[core.Response](), reflect.ValueOf(&meta))
	if got := meta.Header.Get("Set-Cookie"); got != "sid="+headerMark+"-setcookie; HttpOnly" {
		t.Errorf("Response.Header Set-Cookie = %q, want the value received", got)
	}

	settings := core.ReadCallOptions(core.WithHeader("X-Api-Key", headerMark+"-apikey"), core.WithHeader("X-Made-Up", headerMark+"-madeup"))
	check(t, "core.CallSettings", reflect.TypeFor[core.CallSettings](), reflect.ValueOf(&settings))
	if got := settings.Header.Get("X-Api-Key"); got != headerMark+"-apikey" {
		t.Errorf("CallSettings.Header X-Api-Key = %q, want the value given", got)
	}
}

// TestEveryHeaderFieldIsPlanted: the filler plants headers in every http.Header; a field that
// holds headers in another type (a map[string][]string, a map[string]string, a []string
// named for headers) would get no planted header and prove nothing, so every field of every
// exported type, at any depth, whose name says it holds headers is an http.Header.
func TestEveryHeaderFieldIsPlanted(t *testing.T) {
	seen := map[reflect.Type]bool{}
	found := 0
	var walk func(path string, typ reflect.Type)
	walk = func(path string, typ reflect.Type) {
		for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Slice || typ.Kind() == reflect.Map {
			typ = typ.Elem()
		}
		if typ.Kind() != reflect.Struct || seen[typ] {
			return
		}
		seen[typ] = true
		for i := range typ.NumField() {
			f := typ.Field(i)
			if !f.IsExported() {
				continue
			}
			if !strings.Contains(strings.ToLower(f.Name), "header") {
				walk(path+"."+f.Name, f.Type)
				continue
			}
			found++
			if f.Type != headerType {
				t.Errorf("%s.%s is %s: hold headers in an http.Header, which the filler plants and the SDK renders by allowlist", path, f.Name, f.Type)
			}
			walk(path+"."+f.Name, f.Type)
		}
	}
	n := 0
	for name, typ := range exportedTypes {
		walk(name, typ)
		n++
	}
	if n < 200 || found < 12 {
		t.Fatalf("only %d types, %d header fields: the walk is broken", n, found)
	}
}
