package ops

// This file turns the parameters and responses of an operation into what the templates
// write: Go types and names, the Go expressions of a value's text, of "is it set" and "is it
// zero", the escaped path, and the doc paragraphs on errors.

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/oapi-codegen/oapi-codegen/v2/pkg/codegen"
)

// handwritten reports an operation marked x-issuerkit-handwritten: its method is written by
// hand, only its descriptor is generated. The value is true, or the name of the method when
// it is not the operation's Go name (HealthCheck serves checkHealth and checkHealthV2).
func handwritten(op *openapi3.Operation) bool {
	switch v := op.Extensions["x-issuerkit-handwritten"].(type) {
	case bool:
		return v
	case string:
		return v != ""
	}
	return false
}

// goType turns a type oapi-codegen names into the name the package uses: the SDK scalars are
// package core's (core.GUID, not scalar.GUID).
func goType(t string) string { return strings.ReplaceAll(t, "scalar.", "core.") }

// param is one parameter of a generated method or request struct.
type param struct {
	def    codegen.ParameterDefinition
	name   string // Go name: argument (lower camel) or struct field
	typ    string
	schema *openapi3.Schema
}

// headerDefault is the Go expression of the value a header parameter takes when the caller
// leaves it empty: a new UUID per call for x-issuerkit-generated: uuid, the schema's string
// default otherwise; "" when it has none.
func headerDefault(f param) string {
	if f.def.In != "header" || f.def.Spec == nil {
		return ""
	}
	if g, _ := f.def.Spec.Extensions["x-issuerkit-generated"].(string); g == "uuid" {
		return "sdkclient.NewUUID()"
	}
	if d, ok := f.schema.Default.(string); ok && d != "" {
		return strconv.Quote(d)
	}
	return ""
}

func schemaOf(p codegen.ParameterDefinition) *openapi3.Schema {
	if p.Spec != nil && p.Spec.Schema != nil && p.Spec.Schema.Value != nil {
		return p.Spec.Schema.Value
	}
	return &openapi3.Schema{}
}

// successResult returns the Go type of the JSON body of the operation's one 2xx response
// ("" when it has no body) and its status.
func successResult(op codegen.OperationDefinition) (string, string, error) {
	var found []codegen.ResponseDefinition
	for _, r := range op.Responses {
		if len(r.StatusCode) == 3 && r.StatusCode[0] == '2' {
			found = append(found, r)
		}
	}
	if len(found) > 1 {
		// Several successes with one JSON body (200 and a 206 partial success): one result.
		var statuses []string
		t := ""
		for _, r := range found {
			rt := ""
			for _, c := range r.Contents {
				if c.ContentType == "application/json" {
					rt = goType(c.Schema.GoType)
				}
			}
			if rt == "" || (t != "" && rt != t) {
				return "", "", fmt.Errorf("%d success responses with different bodies: mark the operation x-issuerkit-handwritten", len(found))
			}
			t = rt
			statuses = append(statuses, r.StatusCode)
		}
		sort.Strings(statuses)
		return t, strings.Join(statuses, " or "), nil
	}
	if len(found) != 1 {
		return "", "", fmt.Errorf("%d success responses: mark the operation x-issuerkit-handwritten", len(found))
	}
	r := found[0]
	for _, c := range r.Contents {
		if c.ContentType == "application/json" {
			return goType(c.Schema.GoType), r.StatusCode, nil
		}
	}
	if len(r.Contents) > 0 {
		return "", "", fmt.Errorf("success body is not application/json: mark the operation x-issuerkit-handwritten")
	}
	return "", r.StatusCode, nil
}

// pathExpr returns the Go expression of the escaped path.
func pathExpr(path string, args []param) (string, error) {
	var parts []string
	lit := ""
	for len(path) > 0 {
		i := strings.IndexByte(path, '{')
		if i < 0 {
			lit += path
			break
		}
		j := strings.IndexByte(path, '}')
		if j < i {
			return "", fmt.Errorf("bad path template %q", path)
		}
		lit += path[:i]
		name := path[i+1 : j]
		path = path[j+1:]
		if lit != "" {
			parts = append(parts, strconv.Quote(lit))
			lit = ""
		}
		if name == "version" {
			parts = append(parts, "c.core.APIVersion")
			continue
		}
		var a *param
		for k := range args {
			if args[k].def.ParamName == name {
				a = &args[k]
			}
		}
		if a == nil {
			return "", fmt.Errorf("path parameter %s not declared", name)
		}
		parts = append(parts, pathText(a.name, a.typ, a.schema))
	}
	if lit != "" {
		parts = append(parts, strconv.Quote(lit))
	}
	return strings.Join(parts, " + "), nil
}

// stringValue returns the Go expression of the text of a path argument whose Go type is a
// string (plain, or a string type such as an enum), and false for the typed values (GUIDs,
// dates, numbers) whose text is the SDK's own.
func stringValue(a param) (string, bool) {
	switch {
	case a.typ == "string":
		return a.name, true
	case a.schema.Type.Is("string") && a.schema.Format != "uuid" && a.schema.Format != "date" &&
		a.schema.Format != "local-date-time" && a.schema.Format != "sensitive":
		return "string(" + a.name + ")", true
	}
	return "", false
}

// pathText is the escaped text of a path argument.
func pathText(v, typ string, s *openapi3.Schema) string {
	switch {
	case typ == "string":
		return "url.PathEscape(" + v + ")"
	case s.Type.Is("string") && (s.Format == "uuid" || s.Format == "date"):
		return v + ".String()"
	case s.Type.Is("string"):
		return "url.PathEscape(string(" + v + "))"
	default:
		return "url.PathEscape(" + textExpr(v, s) + ")"
	}
}

// textExpr is the text form of a scalar value v of schema s.
func textExpr(v string, s *openapi3.Schema) string {
	switch {
	case s.Type.Is("integer"):
		return "strconv.FormatInt(int64(" + v + "), 10)"
	case s.Type.Is("boolean"):
		return "strconv.FormatBool(" + v + ")"
	case s.Type.Is("number"):
		return v + ".String()"
	case s.Format == "sensitive":
		return v + ".Reveal()"
	case s.Format == "uuid" || s.Format == "date" || s.Format == "local-date-time":
		return v + ".String()"
	case s.Type.Is("string") && len(s.Enum) == 0 && s.Format == "":
		return v
	default:
		return "string(" + v + ")"
	}
}

// zeroTest is the Go condition "v is unset".
func zeroTest(v string, s *openapi3.Schema) string {
	switch {
	case s.Type.Is("array"):
		return "len(" + v + ") == 0"
	case s.Type.Is("integer"):
		return v + " == 0"
	case s.Type.Is("boolean"):
		return "!" + v
	case s.Type.Is("number"), s.Format == "uuid", s.Format == "date", s.Format == "local-date-time", s.Format == "sensitive":
		return v + ".IsZero()"
	default:
		return v + ` == ""`
	}
}

// zeroIsValue reports a required parameter whose Go zero is a legitimate value that must be
// sent (integers, numbers, booleans: offset=0 is the first page), so it cannot mean "missing".
func zeroIsValue(s *openapi3.Schema) bool {
	return s != nil && (s.Type.Is("integer") || s.Type.Is("number") || s.Type.Is("boolean"))
}

// setTest is the Go condition "v is set".
func setTest(v string, s *openapi3.Schema) string {
	z := zeroTest(v, s)
	switch {
	case strings.HasSuffix(z, " == 0"):
		return strings.TrimSuffix(z, " == 0") + " != 0"
	case strings.HasSuffix(z, ` == ""`):
		return strings.TrimSuffix(z, ` == ""`) + ` != ""`
	case strings.HasSuffix(z, " == 0)") || strings.HasPrefix(z, "len("):
		return strings.Replace(z, " == 0", " > 0", 1)
	case strings.HasPrefix(z, "!"):
		return z[1:]
	}
	return "!" + z
}

// errorsSentence names the error statuses of op's spec, grouped by their body: "any other
// answer is a *[core.Error] (400, 401, 404: *[core.Problem]; 500: no body)." Which sentinel
// each status matches is core's package doc.
func errorsSentence(op codegen.OperationDefinition) string {
	var codes []string
	for _, r := range op.Responses {
		if len(r.StatusCode) == 3 && r.StatusCode[0] != '2' {
			codes = append(codes, r.StatusCode)
		}
	}
	sort.Strings(codes)
	var order []string
	byBody := map[string][]string{}
	for _, c := range codes {
		body := "no body"
		for _, x := range op.Responses {
			if x.StatusCode == c && len(x.Contents) > 0 {
				body = bodyName(goType(x.Contents[0].Schema.GoType))
			}
		}
		if _, ok := byBody[body]; !ok {
			order = append(order, body)
		}
		byBody[body] = append(byBody[body], c)
	}
	if len(order) == 0 {
		return "any other answer is a *[core.Error]."
	}
	var parts []string
	for _, body := range order {
		parts = append(parts, strings.Join(byBody[body], ", ")+": "+body)
	}
	return "any other answer is a *[core.Error] (" + strings.Join(parts, "; ") + ")."
}

// bodyName names an error body as the caller meets it: the typed error it decodes to.
func bodyName(t string) string {
	switch t {
	case "problemDetails":
		return "*[core.Problem]"
	case "bankErrorBody":
		return "*[core.BankError]"
	case "achInquiryErrorBody":
		return "*[core.BankError], flat or inside metadata"
	case "reportingErrorBody":
		return "*[core.BankError] from {code, message, debugMessage}"
	}
	return "a " + t + " body"
}

// paramType is the Go type of a parameter schema: the SDK scalars for the custom formats, the
// model type for a named schema, else the plain Go type. Parameter components themselves get
// no Go type of their own.
func paramType(ref *openapi3.SchemaRef) string {
	if ref == nil || ref.Value == nil {
		return "string"
	}
	if ref.Ref != "" {
		return codegen.SchemaNameToTypeName(ref.Ref[strings.LastIndexByte(ref.Ref, '/')+1:])
	}
	s := ref.Value
	switch {
	case s.Type.Is("array"):
		return "[]" + paramType(s.Items)
	case s.Type.Is("integer"):
		switch s.Format {
		case "int32":
			return "int32"
		case "int64":
			return "int64"
		}
		return "int"
	case s.Type.Is("boolean"):
		return "bool"
	case s.Type.Is("number"):
		return "core.Decimal"
	}
	switch s.Format {
	case "uuid":
		return "core.GUID"
	case "date":
		return "core.Date"
	case "local-date-time":
		return "core.Timestamp"
	case "sensitive":
		return "core.Secret"
	}
	return "string"
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	// An initialism at the start is lowered whole: GUID -> guid, PANHolder -> panHolder.
	r := []rune(s)
	n := 0
	for n < len(r) && unicode.IsUpper(r[n]) {
		n++
	}
	if n > 1 && n < len(r) {
		n-- // the last upper letter starts the next word
	}
	for i := 0; i < n; i++ {
		r[i] = unicode.ToLower(r[i])
	}
	return string(r)
}

// wrapComment renders text as // lines of at most 100 columns.
func wrapComment(text, indent string) string {
	var out strings.Builder
	for _, para := range strings.Split(strings.TrimSpace(text), "\n\n") {
		if out.Len() > 0 {
			out.WriteString(indent + "//\n")
		}
		line := indent + "//"
		words := strings.Fields(para)
		for _, w := range words {
			if len(line)+1+len(w) > 100 && line != indent+"//" {
				out.WriteString(line + "\n")
				line = indent + "//"
			}
			line += " " + w
		}
		out.WriteString(line + "\n")
	}
	return out.String()
}

// iteratorOfBody returns the name of op's iterator when that iterator takes the request body
// alone (a paginated operation whose only query parameters are the paging ones), else "".
// movableParams returns the query parameters of a paging operation that the bank's published
// files carry in the request body instead (x-issuerkit-pagination publishedIn: body), and
// whether they travel there as text (publishedType: string). Package paging only.
func movableParams(pkg string, op codegen.OperationDefinition, bodyType string) (map[string]bool, bool) {
	if pkg != "paging" || bodyType == "" {
		return nil, false
	}
	p, err := pagingSpecOf(op.Spec)
	if err != nil || p == nil || p.PublishedIn != "body" || p.In != "query" {
		return nil, false
	}
	m := map[string]bool{p.Size: true}
	if p.End != "" {
		m[p.End] = true
	}
	if p.StartIn == "query" {
		m[p.Start] = true
	}
	return m, p.PublishedType == "string"
}

func iteratorOfBody(op codegen.OperationDefinition, fields []param, body string) string {
	p, err := pagingSpecOf(op.Spec)
	if err != nil || p == nil || body == "" {
		return ""
	}
	pagingParam := map[string]bool{p.Start: true, p.Size: true, p.End: true}
	for _, f := range fields {
		if f.def.In == "query" && !pagingParam[f.def.ParamName] {
			return ""
		}
	}
	return iteratorName(op)
}
