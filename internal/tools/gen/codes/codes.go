// Package codes is the part of the generator that writes codes.gen.go: for every code table
// the spec's x-issuerkit-go object names under codes (a string enum carrying
// x-enum-descriptions),
//
//	func (c T) String() string // the description of the code, or "unknown code NNN"
//	func (c T) Known() bool    // whether the spec lists the code
//
// so that a business code of a 200 response prints its meaning from the spec (which copies it
// from the seed). Unknown codes are not an error: the type is a string, they decode and
// round-trip unchanged, and String says they are unknown.
//
// A schema may group its codes into classes with the extension x-issuerkit-code-class
// (goType: the Go type of the classes, method: the unexported method to generate, fallback:
// the class of codes the spec does not list, values: one class constant per enum value, in
// enum order; the keys avoid "type" and "default", which linters read as JSON Schema), which
// generates
//
//	func (c T) method() GoType // the class of the code, or fallback
//
// so that the hand-written helpers classify from the spec's table (validation's Account uses
// it for primaryStatusCode).
package codes

import (
	"fmt"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/issuerkit/issuerkit-go/internal/tools/gen/genkit"
)

// settingsKey is the key of the x-issuerkit-go object that lists the code tables.
const settingsKey = "codes"

// File is the name of the generated file, in the job's package directory.
const File = "codes.gen.go"

// Table is one code type: its Go name and its codes with their meanings, in spec order, and
// its classes when x-issuerkit-code-class is set.
type Table struct {
	Name  string
	Codes []Code
	Class *Class
}

// Code is one code of a table and what it means.
type Code struct{ Value, Meaning string }

// Class is the x-issuerkit-code-class extension of a table, with the codes grouped by class
// in the order the classes first appear.
type Class struct {
	GoType, Method, Fallback string
	Groups                   []Group
}

// Group is one class and the codes that belong to it.
type Group struct {
	Class string
	Codes []string
}

// Generate writes codes.gen.go when the spec's settings name code tables.
func Generate(j *genkit.Job) error {
	names, err := tableNames(j.Settings)
	if err != nil || len(names) == 0 {
		return err
	}
	tables, err := Tables(j.Doc, names)
	if err != nil {
		return err
	}
	src, err := j.Render("codes_methods.tmpl", tables, nil)
	if err != nil {
		return err
	}
	return j.Write(File, src)
}

// tableNames reads the codes setting: a list of schema names (also the Go type names).
func tableNames(settings map[string]any) ([]string, error) {
	v, ok := settings[settingsKey]
	if !ok {
		return nil, nil
	}
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("x-issuerkit-go: %s is %T, want a list of schema names", settingsKey, v)
	}
	var names []string
	for _, x := range list {
		s, ok := x.(string)
		if !ok || s == "" {
			return nil, fmt.Errorf("x-issuerkit-go: %s: %v is not a schema name", settingsKey, x)
		}
		names = append(names, s)
	}
	return names, nil
}

// Tables reads the named schemas of doc.
func Tables(doc *openapi3.T, names []string) ([]Table, error) {
	var tables []Table
	for _, name := range names {
		var ref *openapi3.SchemaRef
		if doc.Components != nil {
			ref = doc.Components.Schemas[name]
		}
		if ref == nil || ref.Value == nil {
			return nil, fmt.Errorf("schema %s not found", name)
		}
		t, err := readTable(name, ref.Value)
		if err != nil {
			return nil, err
		}
		tables = append(tables, t)
	}
	return tables, nil
}

// readTable reads the enum and its x-enum-descriptions from a string schema.
func readTable(name string, s *openapi3.Schema) (Table, error) {
	t := Table{Name: name}
	if !s.Type.Is("string") || len(s.Enum) == 0 {
		return t, fmt.Errorf("schema %s: want a string enum", name)
	}
	raw, ok := s.Extensions["x-enum-descriptions"].([]any)
	if !ok || len(raw) != len(s.Enum) {
		return t, fmt.Errorf("schema %s: x-enum-descriptions must list one description per enum value", name)
	}
	seen := map[string]bool{}
	for i, v := range s.Enum {
		code, ok := v.(string)
		if !ok {
			return t, fmt.Errorf("schema %s: enum value %v is not a string", name, v)
		}
		mean, ok := raw[i].(string)
		if !ok || strings.TrimSpace(mean) == "" {
			return t, fmt.Errorf("schema %s: empty description for %q", name, code)
		}
		if seen[code] {
			return t, fmt.Errorf("schema %s: duplicate code %q", name, code)
		}
		seen[code] = true
		t.Codes = append(t.Codes, Code{Value: code, Meaning: mean})
	}
	if raw, ok := s.Extensions["x-issuerkit-code-class"]; ok {
		k, err := readClass(raw, t.Codes)
		if err != nil {
			return t, fmt.Errorf("schema %s: x-issuerkit-code-class: %w", name, err)
		}
		t.Class = k
	}
	return t, nil
}

// readClass reads x-issuerkit-code-class for a table of codes.
func readClass(raw any, codes []Code) (*Class, error) {
	m, ok := raw.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("want an object with goType, method, fallback and values")
	}
	str := func(key string) string { v, _ := m[key].(string); return v }
	k := &Class{GoType: str("goType"), Method: str("method"), Fallback: str("fallback")}
	if k.GoType == "" || k.Method == "" || k.Fallback == "" {
		return nil, fmt.Errorf("goType, method and fallback are required")
	}
	vals, _ := m["values"].([]any)
	if len(vals) != len(codes) {
		return nil, fmt.Errorf("values must list one class per enum value (%d), got %d", len(codes), len(vals))
	}
	index := map[string]int{}
	for i, v := range vals {
		c, ok := v.(string)
		if !ok || c == "" {
			return nil, fmt.Errorf("value %v is not a constant name", v)
		}
		n, seen := index[c]
		if !seen {
			n = len(k.Groups)
			index[c] = n
			k.Groups = append(k.Groups, Group{Class: c})
		}
		k.Groups[n].Codes = append(k.Groups[n].Codes, codes[i].Value)
	}
	return k, nil
}
