package models

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"sort"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/oapi-codegen/oapi-codegen/v2/pkg/codegen"

	"github.com/issuerkit/issuerkit-go/internal/tools/gen/genkit"
)

// pkgInfo is what the generator knows of the package's models: the struct types that get
// encoders and every type the models declare.
type pkgInfo struct {
	name    string
	models  []*model        // struct types that get encoders, in declaration order
	unions  []string        // union types (raw JSON in an unexported field), sorted
	isModel map[string]bool // name -> gets a generated encoder
	decls   map[string]*ast.TypeSpec
	methods map[string]map[string]bool // type name -> the encoding methods oapi-codegen gives it
}

// model is one struct type and its fields.
type model struct {
	name   string
	fields []field
	extras bool // has AdditionalProperties (unknown members) `json:"-"`
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

// load reads the models of the job's package from its spec and oapi-codegen configuration:
// oapi-codegen's library gives each type definition (name, and the Go type it declares, with
// the configuration's naming and type mapping) exactly as it writes them into api.gen.go.
func load(j *genkit.Job) (*pkgInfo, error) {
	spec, cfg, err := j.Codegen()
	if err != nil {
		return nil, err
	}
	tds, err := typeDefinitions(spec, cfg.OutputOptions.ExcludeSchemas)
	if err != nil {
		return nil, err
	}
	// The declarations, as Go source, parsed for their types and struct tags.
	var src strings.Builder
	src.WriteString("package models\n")
	unions := map[string]bool{}
	for _, td := range tds {
		eq := ""
		if td.IsAlias() {
			eq = "= "
		}
		fmt.Fprintf(&src, "type %s %s%s\n", td.TypeName, eq, td.Schema.TypeDecl())
		if len(td.Schema.UnionElements) > 0 {
			unions[td.TypeName] = true
		}
	}
	f, err := parser.ParseFile(token.NewFileSet(), j.Spec, src.String(), parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("the type definitions of oapi-codegen: %w", err)
	}
	p := &pkgInfo{name: j.Package, isModel: map[string]bool{}, decls: map[string]*ast.TypeSpec{}, methods: map[string]map[string]bool{}}
	for name := range unions {
		p.methods[name] = map[string]bool{"MarshalJSON": true} // a union encodes itself
		p.unions = append(p.unions, name)
	}
	sort.Strings(p.unions)
	for _, d := range f.Decls {
		gd := d.(*ast.GenDecl)
		for _, s := range gd.Specs {
			ts := s.(*ast.TypeSpec)
			p.decls[ts.Name.Name] = ts
		}
	}
	for _, d := range f.Decls {
		for _, s := range d.(*ast.GenDecl).Specs {
			ts := s.(*ast.TypeSpec)
			st, ok := ts.Type.(*ast.StructType)
			if !ok || ts.Assign != 0 || ts.TypeParams != nil {
				continue
			}
			m, ok, err := parseModel(ts.Name.Name, st)
			if err != nil {
				return nil, err
			}
			if !ok || p.methods[m.name]["MarshalJSON"] {
				continue // a union, which encodes itself
			}
			p.models = append(p.models, m)
			p.isModel[m.name] = true
		}
	}
	return p, nil
}

// typeDefinitions returns the type definitions oapi-codegen declares for the models
// (generate: models, with the operations' own parameter and body types left out by the
// configuration's empty templates): those of components, and the types they declare for
// their inline schemas, each once, by name.
func typeDefinitions(spec *openapi3.T, exclude []string) ([]codegen.TypeDefinition, error) {
	if spec.Components == nil {
		return nil, nil
	}
	var all []codegen.TypeDefinition
	add := func(tds []codegen.TypeDefinition, err error) error {
		all = append(all, tds...)
		return err
	}
	if err := errors.Join(
		add(codegen.GenerateTypesForSchemas(nil, spec.Components.Schemas, exclude)),
		add(codegen.GenerateTypesForParameters(nil, spec.Components.Parameters)),
		add(codegen.GenerateTypesForResponses(nil, spec.Components.Responses)),
		add(codegen.GenerateTypesForRequestBodies(nil, spec.Components.RequestBodies)),
	); err != nil {
		return nil, err
	}
	var out []codegen.TypeDefinition
	seen := map[string]bool{}
	var walk func([]codegen.TypeDefinition)
	walk = func(tds []codegen.TypeDefinition) {
		for _, td := range tds {
			if !seen[td.TypeName] {
				seen[td.TypeName] = true
				out = append(out, td)
			}
			walk(td.Schema.AdditionalTypes)
			for _, p := range td.Schema.Properties {
				walk(p.Schema.AdditionalTypes)
			}
		}
	}
	walk(all)
	return out, nil
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
