package leaktest_test

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"log/slog"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/leaktest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// What is planted, and what must never be printed.
const (
	// secretMark starts the value of every Secret planted (a Secret shows its last four
	// characters, never the rest).
	secretMark = "SECRETx"
	// unknownMark is in the value of every unknown member planted, under sensitive names and
	// ordinary ones, at every depth.
	unknownMark = "UNKNOWNx"
	// headerMark is in the value of every header planted in an http.Header, under credential
	// names, names known harmless and made-up ones.
	headerMark = "HEADERx"
	// pan is planted in the string fields of the types that render themselves (models,
	// errors): their texts mask card numbers wherever they are.
	pan = "4111111111111111"
)

// marks are the planted values as fmt may print them: as text, in hexadecimal (%x, %X) and
// as the decimal bytes of a []byte (%v). builtMasked leaves out what an error masks when the
// SDK builds it (core.NewError: card numbers in its texts, header values by allowlist), for a
// rendering that walks a literal's fields (walksWrapper).
func marks(selfRendering, builtMasked bool) []string {
	var out []string
	words := []string{secretMark, unknownMark}
	if !builtMasked {
		words = append(words, headerMark)
	}
	if selfRendering && !builtMasked {
		words = append(words, pan)
	}
	for _, w := range words {
		h := hex.EncodeToString([]byte(w))
		out = append(out, w, h, strings.ToUpper(h), strings.Trim(fmt.Sprint([]byte(w)), "[]"))
	}
	return out
}

// unknownMembers are planted wherever a model keeps the members its spec does not name: under
// sensitive names and ordinary ones, as strings, lists and objects.
var unknownMembers = map[string]json.RawMessage{
	"pin":                 json.RawMessage(`["` + unknownMark + `-pin"]`),
	"accountNumber":       json.RawMessage(`["` + unknownMark + `-acct"]`),
	"card":                json.RawMessage(`{"cvv":{"value":"` + unknownMark + `-cvv"}}`),
	"card_cvv":            json.RawMessage(`"` + unknownMark + `-cardcvv"`),
	"security_code":       json.RawMessage(`"` + unknownMark + `-sc"`),
	"bank_account_number": json.RawMessage(`"` + unknownMark + `-ban"`),
	"birthday":            json.RawMessage(`"` + unknownMark + `-bd"`),
	"note":                json.RawMessage(`{"deep":[{"x":"` + unknownMark + `-note"}]}`),
}

// plantedHeader is planted in every http.Header: credential headers, a key header, a made-up
// name (a header the SDK knows nothing of prints masked: allowlist, not blocklist) and an
// allowlisted one whose value holds a card number (masked in every text). Its values are
// what a caller's WithHeader or a server's answer may carry.
func plantedHeader() http.Header {
	return http.Header{
		"Authorization":       {"Bearer " + headerMark + "-auth"},
		"Proxy-Authorization": {"Basic " + headerMark + "-proxy"},
		"X-Api-Key":           {headerMark + "-apikey"},
		"Cookie":              {"session=" + headerMark + "-cookie"},
		"Set-Cookie":          {"sid=" + headerMark + "-setcookie; HttpOnly"},
		"X-Made-Up":           {headerMark + "-madeup", "second " + headerMark + "-madeup2"},
		"X-Request-Id":        {"req " + pan},
	}
}

var (
	headerType = reflect.TypeFor[http.Header]()
	secretType = reflect.TypeFor[core.Secret]()
	extrasType = reflect.TypeFor[core.Extras]()
	rawType    = reflect.TypeFor[json.RawMessage]()
	errorType  = reflect.TypeFor[error]()
	formatter  = reflect.TypeFor[fmt.Formatter]()
	errPlanted = errors.New("planted cause")
)

// filler plants secrets in a value: every Secret, every map of unknown members and every raw
// JSON member at every depth, and a card number in every string of the types that render
// themselves.
type filler struct{ n int }

func (f *filler) fill(v reflect.Value, depth int, selfRendering bool) {
	if depth == 0 || !v.CanSet() {
		return
	}
	t := v.Type()
	switch {
	case t == secretType:
		f.n++
		v.Set(reflect.ValueOf(core.NewSecret(fmt.Sprintf("%s-%d-tail", secretMark, f.n))))
		return
	case t == extrasType:
		v.Set(reflect.ValueOf(core.NewExtras(maps.Clone(unknownMembers))))
		return
	case t.Kind() == reflect.Map && t.Key().Kind() == reflect.String && t.Elem() == rawType:
		m := reflect.MakeMap(t)
		for k, raw := range unknownMembers {
			m.SetMapIndex(reflect.ValueOf(k).Convert(t.Key()), reflect.ValueOf(raw).Convert(t.Elem()))
		}
		v.Set(m)
		return
	case t == rawType:
		// A raw member of its own (a snapshot's value, a service error as received) is a
		// typed field of its record, not an unknown member.
		v.SetBytes([]byte(`{"note":"plain"}`))
		return
	case t == errorType:
		v.Set(reflect.ValueOf(errPlanted))
		return
	case t == headerType:
		v.Set(reflect.ValueOf(plantedHeader()))
		return
	}
	switch t.Kind() {
	case reflect.String:
		if selfRendering {
			v.SetString("pan " + pan + " in text")
		} else {
			v.SetString("plain")
		}
	case reflect.Struct:
		self := renders(t) || selfRendering
		for i := range t.NumField() {
			if t.Field(i).IsExported() {
				f.fill(v.Field(i), depth-1, self)
			}
		}
	case reflect.Pointer:
		if t.Elem().Kind() == reflect.Struct || t.Elem() == secretType {
			p := reflect.New(t.Elem())
			f.fill(p.Elem(), depth-1, selfRendering)
			v.Set(p)
		}
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			if selfRendering {
				v.SetBytes([]byte("pan " + pan))
			}
			return
		}
		s := reflect.MakeSlice(t, 1, 1)
		f.fill(s.Index(0), depth-1, selfRendering)
		v.Set(s)
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return
		}
		m := reflect.MakeMap(t)
		e := reflect.New(t.Elem()).Elem()
		f.fill(e, depth-1, selfRendering)
		m.SetMapIndex(reflect.ValueOf("k").Convert(t.Key()), e)
		v.Set(m)
	}
}

// renders reports whether t prints itself: it formats (fmt.Formatter), or is an error, by
// value.
func renders(t reflect.Type) bool { return t.Implements(formatter) || t.Implements(errorType) }

// verbs are fmt's verbs a service logs with, and %t, which fits none of the types.
var verbs = []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%X", "%d", "%t"}

// renderings prints v (a pointer to a filled value of type t) every way a service does: by
// value and by pointer, alone, in exported fields of a struct of the caller's (by value and by
// pointer), in slices and maps, by every verb; wrapped with %w and errors.Join when it is an
// error; through slog's text and JSON handlers; json.Marshal'd. A rendering that panics is
// reported as its panic.
func renderings(t reflect.Type, ptr reflect.Value) map[string]string {
	out := map[string]string{}
	val := ptr.Elem().Interface()
	p := ptr.Interface()
	holders := map[string]any{"value": val, "pointer": p}
	mk := func(name string, fieldType reflect.Type, x any) {
		st := reflect.StructOf([]reflect.StructField{{Name: "V", Type: fieldType}, {Name: "N", Type: reflect.TypeFor[int]()}})
		s := reflect.New(st)
		s.Elem().Field(0).Set(reflect.ValueOf(x))
		holders[name+" in a struct"] = s.Elem().Interface()
		holders[name+" in a struct by pointer"] = s.Interface()
		sl := reflect.MakeSlice(reflect.SliceOf(fieldType), 1, 1)
		sl.Index(0).Set(reflect.ValueOf(x))
		holders[name+" in a slice"] = sl.Interface()
		m := reflect.MakeMap(reflect.MapOf(reflect.TypeFor[string](), fieldType))
		m.SetMapIndex(reflect.ValueOf("k"), reflect.ValueOf(x))
		holders[name+" in a map"] = m.Interface()
	}
	mk("value", t, val)
	mk("pointer", ptr.Type(), p)
	for _, x := range []any{val, p} {
		if err, ok := x.(error); ok {
			holders[fmt.Sprintf("%%w of %T", x)] = fmt.Errorf("call failed: %w", err)
			holders[fmt.Sprintf("errors.Join of %T", x)] = errors.Join(errors.New("first"), err)
			holders[fmt.Sprintf("Error() of %T", x)] = safely(func() string { return err.Error() })
		}
	}
	for name, h := range holders {
		for _, verb := range verbs {
			out[name+" "+verb] = safely(func() string { return fmt.Sprintf(verb, h) })
		}
		out[name+" slog"] = safely(func() string {
			var b bytes.Buffer
			slog.New(slog.NewTextHandler(&b, leaktest.NoTime(&slog.HandlerOptions{AddSource: true}))).Info("m", "v", h)
			slog.New(slog.NewJSONHandler(&b, leaktest.NoTime(nil))).Info("m", "v", h)
			return b.String()
		})
		out[name+" json.Marshal"] = safely(func() string {
			b, err := json.Marshal(h)
			if err != nil {
				return err.Error()
			}
			return string(b)
		})
	}
	return out
}

// walksWrapper reports whether the rendering how is fmt printing the standard library's error
// wrapper (fmt.Errorf's %w, errors.Join) by reflection: with %#v, %d or %t fmt calls no method
// of the wrapper and prints the error inside it field by field, without calling its methods
// either (the field is unexported). What shows then is what the error's exported fields hold:
// the SDK masks them when it builds an error (core.NewError), which a literal planted here is
// not, so the card number planted in its strings and the header values planted in its Header
// are not looked for there (TestBuiltErrorsWalkedByFmtShowNoHeader builds them); Secrets and
// unknown members still are.
func walksWrapper(how string) bool {
	return (strings.HasPrefix(how, "%w of ") || strings.HasPrefix(how, "errors.Join of ")) &&
		(strings.HasSuffix(how, " %#v") || strings.HasSuffix(how, " %d") || strings.HasSuffix(how, " %t"))
}

// safely returns f's text, or its panic as text.
func safely(f func() string) (s string) {
	defer func() {
		if r := recover(); r != nil {
			s = fmt.Sprintf("PANIC: %v", r)
		}
	}()
	return f()
}

// TestNothingSecretInAnyText: for every exported type of every public package, a value with
// secrets planted in every Secret, every unknown member (under sensitive and ordinary names,
// at every depth), every raw JSON member, and a card number in every string of the types that
// render themselves (models, errors), printed by every verb, by value and by pointer, nested
// in a struct of the caller's, a slice and a map, wrapped with %w and errors.Join, logged by
// both slog handlers and json.Marshal'd, shows none of them, in clear, hexadecimal or as
// bytes (issue 33).
func TestNothingSecretInAnyText(t *testing.T) {
	names := slices.Sorted(func(yield func(string) bool) {
		for k := range exportedTypes {
			if !yield(k) {
				return
			}
		}
	})
	rendered := 0
	for _, name := range names {
		typ := exportedTypes[name]
		t.Run(name, func(t *testing.T) {
			ptr := reflect.New(typ)
			(&filler{}).fill(ptr.Elem(), 5, renders(typ))
			self := renders(typ)
			for how, text := range renderings(typ, ptr) {
				rendered++
				if strings.HasPrefix(text, "PANIC") {
					t.Errorf("%s panics: %s", how, text)
					continue
				}
				for _, m := range marks(self, walksWrapper(how)) {
					if strings.Contains(text, m) {
						t.Errorf("%s shows %q: %.600s", how, m, text)
						break
					}
				}
			}
		})
	}
	t.Logf("%d types, %d renderings", len(names), rendered)
}

// TestEveryExportedTypeIsCovered parses the public packages (every directory of the module
// but internal/, examples/, testdata/, hidden ones and nested modules; test files excluded)
// and compares the exported types they declare (not aliases, not interfaces) with
// exportedTypes, both ways: a type added without a line there fails here.
func TestEveryExportedTypeIsCovered(t *testing.T) {
	root := filepath.Join("..", "..")
	var declared []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		for _, part := range strings.Split(rel, "/") {
			if part == "internal" || part == "examples" || part == "testdata" || part == "node_modules" || (part != "." && strings.HasPrefix(part, ".")) {
				return filepath.SkipDir
			}
		}
		if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && rel != "." {
			return filepath.SkipDir // another module
		}
		entries, err := os.ReadDir(path)
		if err != nil {
			return err
		}
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(path, e.Name()), nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			for _, decl := range f.Decls {
				gd, ok := decl.(*ast.GenDecl)
				if !ok || gd.Tok != token.TYPE {
					continue
				}
				for _, spec := range gd.Specs {
					ts := spec.(*ast.TypeSpec)
					if _, iface := ts.Type.(*ast.InterfaceType); !ts.Name.IsExported() || ts.Assign != 0 || iface {
						continue
					}
					declared = append(declared, rel+"."+ts.Name.Name)
				}
			}
		}
		return nil
	})
	require(t, err == nil, "walk: %v", err)
	require(t, len(declared) > 200, "found only %d types: the walk is broken", len(declared))
	for _, name := range declared {
		if exportedTypes[name] == nil {
			t.Errorf("exported type %s is not rendered by TestNothingSecretInAnyText: add it to exportedTypes in internal/leaktest/types_test.go", name)
		}
	}
	for name := range exportedTypes {
		if !slices.Contains(declared, name) {
			t.Errorf("exportedTypes lists %s, which no public package declares", name)
		}
	}
}

func require(t *testing.T, ok bool, format string, args ...any) {
	t.Helper()
	if !ok {
		t.Fatalf(format, args...)
	}
}
