package redact_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform/journal"
	"github.com/issuerkit/issuerkit-go/internal/leaktest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
)

// errorTypes makes a zero value of every exported error type of the public packages, by
// "<package directory>.<type name>". TestEveryErrorTypeIsSanitized fails when a package
// declares an error type this list lacks: add it here, and give it the methods of the others
// (Error returning redact.Sanitize of its text, Format, LogValue, MarshalJSON).
var errorTypes = map[string]func() error{
	"openapi/core.Error":                  func() error { return new(core.Error) },
	"validation.InquiryError":             func() error { return new(validation.InquiryError) },
	"validation.ResultError":              func() error { return new(validation.ResultError) },
	"validation.FaultError":               func() error { return new(validation.FaultError) },
	"openapi/core.CursorMismatchError":    func() error { return new(core.CursorMismatchError) },
	"openapi/core.KeyError":               func() error { return new(core.KeyError) },
	"openapi/core.ReconcileError":         func() error { return new(core.ReconcileError) },
	"openapi/core.RangeError":             func() error { return new(core.RangeError) },
	"openapi/core.EmptyPageError":         func() error { return new(core.EmptyPageError) },
	"openapi/core.MismatchError":          func() error { return new(core.MismatchError) },
	"openapi/core.RetrievedMismatchError": func() error { return new(core.RetrievedMismatchError) },
	"openapi/core.NoProgressError":        func() error { return new(core.NoProgressError) },
	"openapi/core.PartialError":           func() error { return new(core.PartialError) },
	"openapi/core.TotalsError":            func() error { return new(core.TotalsError) },
	"openapi/core.TimeoutError":           func() error { return new(core.TimeoutError) },
	"openapi/core.Problem":                func() error { return new(core.Problem) },
	"openapi/core.BankError":              func() error { return new(core.BankError) },
	"openapi/core.RedirectError":          func() error { return new(core.RedirectError) },
	"openapi/core.AttemptTimeoutError":    func() error { return new(core.AttemptTimeoutError) },
	"openapi/core.DecodeError":            func() error { return new(core.DecodeError) },
	"openapi/core.ParseError":             func() error { return new(core.ParseError) },
	"openapi/core.OutcomeUnknownError":    func() error { return new(core.OutcomeUnknownError) },
	"openapi/core.LockoutError":           func() error { return new(core.LockoutError) },
	"cardplatform/journal.SettlingError":  func() error { return new(journal.SettlingError) },
}

// declaredErrorTypes parses every public package of the module (every directory but
// internal/, examples/, testdata/ and hidden ones; test files excluded) and returns the
// exported types that declare an Error() string method, as "<dir>.<type>".
func declaredErrorTypes(t *testing.T) []string {
	t.Helper()
	root := filepath.Join("..", "..")
	var found []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		for _, part := range strings.Split(rel, "/") {
			if part == "internal" || part == "examples" || part == "testdata" || (part != "." && strings.HasPrefix(part, ".")) {
				return filepath.SkipDir
			}
		}
		entries, err := os.ReadDir(path)
		if err != nil {
			return err
		}
		for _, e := range entries {
			name := e.Name()
			if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(path, name), nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			for _, decl := range f.Decls {
				fd, ok := decl.(*ast.FuncDecl)
				if !ok || fd.Recv == nil || fd.Name.Name != "Error" || len(fd.Type.Params.List) != 0 ||
					fd.Type.Results == nil || len(fd.Type.Results.List) != 1 {
					continue
				}
				if id, ok := fd.Type.Results.List[0].Type.(*ast.Ident); !ok || id.Name != "string" {
					continue
				}
				rt := fd.Recv.List[0].Type
				if s, ok := rt.(*ast.StarExpr); ok {
					rt = s.X
				}
				if id, ok := rt.(*ast.Ident); ok && id.IsExported() {
					found = append(found, rel+"."+id.Name)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(found)
	return slices.Compact(found)
}

// planted is put in every text field of every error: a card number, an SSN, a forged log line,
// a terminal escape and a right-to-left override.
const planted = "pan 4111111111111111 ssn 078-05-1120\r\nlevel=ERROR msg=forged \x1b[2J \u202eevil"

var leaks = []string{"4111111111111111", "078-05-1120", "\r", "\n", "\x1b", "\u202e"}

// TestEveryErrorTypeIsSanitized enumerates the exported error types of every public package
// (cardplatform, validation, paging, their fake and sandbox packages, openapi/core), fills every
// exported text of each (strings, string lists and maps, bodies, headers, wrapped errors,
// nested records) with planted secrets and control characters, and renders it every way: Error,
// %v %+v %s %q %#v, slog.JSONHandler and slog.TextHandler, json.Marshal alone and in a struct.
// None may show a card number, an SSN, or a raw control or bidi character.
func TestEveryErrorTypeIsSanitized(t *testing.T) {
	declared := declaredErrorTypes(t)
	if len(declared) < 10 {
		t.Fatalf("found only %d error types: the walk is broken: %v", len(declared), declared)
	}
	for _, name := range declared {
		if errorTypes[name] == nil {
			t.Errorf("error type %s is not covered: add it to errorTypes", name)
		}
	}
	for name, mk := range errorTypes {
		if !slices.Contains(declared, name) {
			t.Errorf("errorTypes lists %s, which no public package declares", name)
			continue
		}
		t.Run(name, func(t *testing.T) {
			err := mk()
			fill(reflect.ValueOf(err).Elem(), 3)
			for how, s := range render(err) {
				for _, l := range leaks {
					if strings.Contains(s, l) {
						t.Errorf("%s shows %q: %s", how, l, s)
					}
				}
			}
		})
	}
}

// fill sets every exported text of the struct v to planted.
func fill(v reflect.Value, depth int) {
	if depth == 0 || v.Kind() != reflect.Struct {
		return
	}
	errType := reflect.TypeFor[error]()
	for i := range v.NumField() {
		f := v.Field(i)
		if !v.Type().Field(i).IsExported() || !f.CanSet() {
			continue
		}
		t := f.Type()
		switch {
		case t.Kind() == reflect.String:
			f.SetString(planted)
		case t == errType:
			f.Set(reflect.ValueOf(errors.New(planted)))
		case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.String:
			s := reflect.MakeSlice(t, 1, 1)
			s.Index(0).SetString(planted)
			f.Set(s)
		case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8:
			f.SetBytes([]byte(planted))
		case t.Kind() == reflect.Map && t.Key().Kind() == reflect.String:
			m := reflect.MakeMap(t)
			e := reflect.New(t.Elem()).Elem()
			switch {
			case e.Kind() == reflect.String:
				e.SetString(planted)
			case e.Kind() == reflect.Slice && e.Type().Elem().Kind() == reflect.String:
				e.Set(reflect.ValueOf([]string{planted}).Convert(e.Type()))
			default:
				continue
			}
			m.SetMapIndex(reflect.ValueOf(planted).Convert(t.Key()), e)
			f.Set(m)
		case t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct:
			p := reflect.New(t.Elem())
			fill(p.Elem(), depth-1)
			f.Set(p)
		case t.Kind() == reflect.Struct:
			fill(f, depth-1)
		}
	}
}

// render renders err every way a user prints or logs an error; a slog record's final newline
// is removed.
func render(err error) map[string]string {
	var jh, th bytes.Buffer
	slog.New(slog.NewJSONHandler(&jh, leaktest.NoTime(nil))).Error("call failed", "err", err, "in", struct{ E error }{err})
	slog.New(slog.NewTextHandler(&th, leaktest.NoTime(nil))).Error("call failed", "err", err)
	js, jerr := json.Marshal(err)
	if jerr != nil {
		js = []byte(jerr.Error())
	}
	nested, nerr := json.Marshal(struct{ E error }{err})
	if nerr != nil {
		nested = []byte(nerr.Error())
	}
	return map[string]string{
		"Error": err.Error(), "%v": fmt.Sprintf("%v", err), "%+v": fmt.Sprintf("%+v", err),
		"%s": fmt.Sprintf("%s", err), "%q": fmt.Sprintf("%q", err), "%#v": fmt.Sprintf("%#v", err),
		"slog JSON": strings.TrimSuffix(jh.String(), "\n"), "slog text": strings.TrimSuffix(th.String(), "\n"),
		"json.Marshal": string(js), "json.Marshal nested": string(nested),
	}
}
