package ops

import (
	"fmt"
	"sort"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/oapi-codegen/oapi-codegen/v2/pkg/codegen"
)

// settleSource is one request-side source of a settle rule and the Go expression that reads it
// from the write's typed arguments: "path.card_proxy" is the argument cardProxy,
// "body.person.person_guid" the field body.Person.PersonGUID. The engine receives the values
// of these expressions, typed, never the request re-read as JSON, and a member the models do
// not have fails to compile.
type settleSource struct{ Src, Expr string }

// ruleSources returns the request-side sources (path., body.) a rule reads, sorted, each with
// its Go expression over the write's arguments.
func ruleSources(o *settleOp, d codegen.OperationDefinition) ([]settleSource, error) {
	r := o.rule
	used := map[string]bool{}
	add := func(src string) {
		if strings.HasPrefix(src, "path.") || strings.HasPrefix(src, "body.") {
			used[src] = true
		}
	}
	for _, m := range []map[string]string{r.Args, r.Match, r.Same, r.Owner} {
		for _, src := range m {
			add(src)
		}
	}
	if r.From != nil {
		for _, src := range r.From.Args {
			add(src)
		}
	}
	add(r.Sent)
	var out []settleSource
	for src := range used {
		kind, rest, _ := strings.Cut(src, ".")
		if kind == "path" {
			expr := ""
			for _, a := range o.pathArgs {
				if a.def.ParamName == rest {
					expr = a.name
				}
			}
			if expr == "" {
				return nil, fmt.Errorf("settle: source %q names no path argument", src)
			}
			out = append(out, settleSource{Src: src, Expr: expr})
			continue
		}
		expr, err := goFieldPath(bodySchemaRef(d), strings.Split(rest, "."))
		if err != nil {
			return nil, fmt.Errorf("settle: source %q: %w", src, err)
		}
		out = append(out, settleSource{Src: src, Expr: "body" + expr})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Src < out[j].Src })
	return out, nil
}

// goFieldPath returns the Go selector (".Person.PersonGUID") of the member path in the model
// oapi-codegen generates for s, as it names the fields. A member that the model holds as a
// pointer is refused: the engine would have to guard it.
func goFieldPath(s *openapi3.SchemaRef, path []string) (string, error) {
	var sel strings.Builder
	for _, name := range path {
		if s == nil || s.Value == nil {
			return "", fmt.Errorf("no schema for %q", name)
		}
		gs, err := codegen.GenerateGoSchema(&openapi3.SchemaRef{Value: s.Value}, nil)
		if err != nil {
			return "", err
		}
		var prop *codegen.Property
		for i := range gs.Properties {
			if gs.Properties[i].JsonFieldName == name {
				prop = &gs.Properties[i]
			}
		}
		if prop == nil {
			return "", fmt.Errorf("the model has no field for %q", name)
		}
		if strings.HasPrefix(prop.GoTypeDef(), "*") {
			return "", fmt.Errorf("the model holds %q as a pointer", name)
		}
		sel.WriteString("." + prop.GoFieldName())
		s = propRef(s.Value, name)
	}
	return sel.String(), nil
}

// propRef returns the schema of member name of s, those of its allOf parts included.
func propRef(s *openapi3.Schema, name string) *openapi3.SchemaRef {
	if s == nil {
		return nil
	}
	if ref := s.Properties[name]; ref != nil {
		return ref
	}
	for _, part := range s.AllOf {
		if part != nil {
			if ref := propRef(part.Value, name); ref != nil {
				return ref
			}
		}
	}
	return nil
}

// bodySchemaRef is the schema of the write's JSON body.
func bodySchemaRef(d codegen.OperationDefinition) *openapi3.SchemaRef {
	if d.Spec.RequestBody == nil || d.Spec.RequestBody.Value == nil {
		return nil
	}
	if mt := d.Spec.RequestBody.Value.Content.Get("application/json"); mt != nil {
		return mt.Schema
	}
	return nil
}
