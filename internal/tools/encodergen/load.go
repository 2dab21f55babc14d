package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
)

// pkgInfo is what the generator knows of the package: its name, the models to encode and
// every type declaration with the methods declared on it.
type pkgInfo struct {
	name    string
	models  []*model        // struct types of api.gen.go that get encoders, in source order
	isModel map[string]bool // name -> gets a generated encoder
	decls   map[string]*ast.TypeSpec
	methods map[string]map[string]bool // type name -> method names (encode.gen.go excluded)
}

// model is one struct type and its fields.
type model struct {
	name   string
	fields []field
	extras bool // has AdditionalProperties map[string]json.RawMessage `json:"-"`
}

// field is one struct field.
type field struct {
	goName    string
	typ       ast.Expr
	exported  bool
	jsonName  string // "" when encoding/json skips the field
	omitEmpty bool
	omitZero  bool
}

// load parses the non-test Go files of dir (except the generator's own output).
func load(dir string) (*pkgInfo, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	p := &pkgInfo{isModel: map[string]bool{}, decls: map[string]*ast.TypeSpec{}, methods: map[string]map[string]bool{}}
	fset := token.NewFileSet()
	var api *ast.File
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") || n == "encode.gen.go" {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		p.name = f.Name.Name
		if n == "api.gen.go" {
			api = f
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				if d.Tok != token.TYPE {
					continue
				}
				for _, s := range d.Specs {
					ts := s.(*ast.TypeSpec)
					p.decls[ts.Name.Name] = ts
				}
			case *ast.FuncDecl:
				if d.Recv == nil || len(d.Recv.List) != 1 {
					continue
				}
				t := d.Recv.List[0].Type
				if s, ok := t.(*ast.StarExpr); ok {
					t = s.X
				}
				if id, ok := t.(*ast.Ident); ok {
					if p.methods[id.Name] == nil {
						p.methods[id.Name] = map[string]bool{}
					}
					p.methods[id.Name][d.Name.Name] = true
				}
			}
		}
	}
	if api == nil {
		return nil, fmt.Errorf("%s: no api.gen.go", dir)
	}
	for _, d := range api.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE {
			continue
		}
		for _, s := range gd.Specs {
			ts := s.(*ast.TypeSpec)
			st, ok := ts.Type.(*ast.StructType)
			if !ok || ts.Assign != 0 || ts.TypeParams != nil {
				continue
			}
			m, ok, err := parseModel(ts.Name.Name, st)
			if err != nil {
				return nil, err
			}
			if !ok || p.methods[m.name]["MarshalJSON"] || p.methods[m.name]["MarshalText"] {
				continue // a union, or a type that encodes itself
			}
			p.models = append(p.models, m)
			p.isModel[m.name] = true
		}
	}
	return p, nil
}

// parseModel reads the fields of a struct type. It reports false for a union (a struct with
// an unexported union field holding raw JSON), which has its own MarshalJSON.
func parseModel(name string, st *ast.StructType) (*model, bool, error) {
	m := &model{name: name}
	seen := map[string]bool{}
	for _, f := range st.Fields.List {
		if len(f.Names) == 0 {
			return nil, false, fmt.Errorf("%s: embedded field: not supported", name)
		}
		var tag reflect.StructTag
		if f.Tag != nil {
			tag = reflect.StructTag(strings.Trim(f.Tag.Value, "`"))
		}
		for _, n := range f.Names {
			if n.Name == "union" {
				return nil, false, nil
			}
			fd := field{goName: n.Name, typ: f.Type, exported: n.IsExported()}
			if fd.exported {
				jt, ok := tag.Lookup("json")
				opts := strings.Split(jt, ",")
				switch {
				case jt == "-":
				case !ok || opts[0] == "":
					fd.jsonName = n.Name
				default:
					fd.jsonName = opts[0]
				}
				for _, o := range opts[1:] {
					switch o {
					case "omitempty":
						fd.omitEmpty = true
					case "omitzero":
						fd.omitZero = true
					default:
						return nil, false, fmt.Errorf("%s.%s: json option %q not supported", name, n.Name, o)
					}
				}
				if fd.jsonName != "" {
					if seen[fd.jsonName] {
						return nil, false, fmt.Errorf("%s: two fields named %q", name, fd.jsonName)
					}
					seen[fd.jsonName] = true
				}
				if n.Name == "AdditionalProperties" && jt == "-" && exprString(f.Type) == "map[string]json.RawMessage" {
					m.extras = true
				}
			}
			m.fields = append(m.fields, fd)
		}
	}
	return m, true, nil
}

// sortedModelNames returns the model names in sorted order.
func (p *pkgInfo) sortedModelNames() []string {
	var names []string
	for _, m := range p.models {
		names = append(names, m.name)
	}
	sort.Strings(names)
	return names
}

// holdsSecrets reports whether a field of a model is, or holds in a slice, map or pointer, a
// Secret: the generated test then requires at least one model with a Secret.
func (p *pkgInfo) holdsSecrets() bool {
	for _, m := range p.models {
		for _, f := range m.fields {
			for t := p.resolve(f.typ); t != nil; t = t.elem {
				if t.secret {
					return true
				}
			}
		}
	}
	return false
}
