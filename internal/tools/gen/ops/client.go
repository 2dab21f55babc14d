package ops

import (
	"fmt"
	"net/textproto"
	"slices"
	"strconv"
	"strings"

	"github.com/oapi-codegen/oapi-codegen/v2/pkg/codegen"
)

// method is what ops_client.tmpl writes for one operation whose method is generated: its
// descriptor, its request struct (when it has query or header parameters) and the method.
// Go expressions (the escaped path, a field's text, "is it set") are computed here; the
// template holds the statements.
type method struct {
	Name string      // Go name: GetCard
	Op   *descriptor // the operation's descriptor, written beside the method

	Struct *requestStruct // nil when the operation has no query or header parameters
	Doc    string         // the method's doc comment, as // lines

	Params string // the parameters after ctx and before opts: ", cardProxy string, req X"
	Result string // the result type: error, (*T, error), ([]T, error)
	Zero   string // the zero results before the error in a return: "nil, " or ""

	Unpublished string // x-issuerkit-unpublished: what to use instead; "" when published

	PathChecks    []pathCheck // path arguments refused before the network
	MissingChecks []check     // required arguments refused when zero
	SizeChecks    []sizeCheck // page or list sizes refused below 1 (required) or 0 (optional)

	Query      bool       // the path has a query string
	QueryAdds  []queryAdd // query parameters that always travel in the query
	Members    string     // the movable page parameters as pageMember literals, "" when none
	AsText     bool       // the movable parameters travel as text in the body
	MovedAdds  []queryAdd // the movable parameters in the query (WithDocumentedAPI)
	PathExpr   string     // Go expression of the escaped path (+ q.String())
	Body       string     // ", Body: body" / ", Body: req.Body" / ""
	Required   []requiredHeader
	Defaults   bool // some header has a default: r.Defaults is made
	Headers    []header
	ResultType string // T of Call[T]; "" for CallNoContent
	Slice      bool   // the result is a slice: Call returns *[]T
}

// requestStruct is the request struct of an operation.
type requestStruct struct {
	Doc    string // as // lines
	Type   string
	Fields []structField
	Body   string // the JSON body's type, "" when none
}

// structField is one field of a request struct: its doc (as // lines), name and type.
type structField struct{ Doc, Name, Type string }

// pathCheck refuses a string path argument that is empty, a dot segment or holds a separator.
type pathCheck struct{ Arg, Value string }

// check refuses an argument whose value is zero (Cond).
type check struct{ Cond, Arg string }

// sizeCheck refuses a size parameter (Param, the request field Field) below Least.
type sizeCheck struct {
	Field, Param string
	Least        int // 1 for a required size, 0 for an optional one (0: not sent)
}

// queryAdd adds a query parameter: every item of an array (Each), or the value when set
// (Cond), or always.
type queryAdd struct {
	Name string // parameter name
	Each string // the array to range over ("" when not an array)
	Cond string // the "is set" condition of an optional parameter
	Text string // the text of the value (of v for an array)
}

// requiredHeader is one entry of required<Method>: a header Send checks once the options
// are applied.
type requiredHeader struct{ Key, Method, Arg string }

// header is a header parameter of the request struct: sent when set, else its Default
// (when it has one) when neither the call nor the client gives it.
type header struct{ Key, Cond, Text, Default string }

// newMethod computes the data of op's generated method.
func newMethod(m *model, op codegen.OperationDefinition, desc *descriptor, readback string) (*method, error) {
	name := op.OperationId
	mt := &method{Name: name, Op: desc}
	pathArgs := pathArguments(op)
	fields := requestFields(op) // X-CorrelationId is a per-call option (WithCorrelationID)
	bodyType := jsonBodyType(op)
	if bodyType == "" && len(op.Bodies) > 0 {
		return nil, fmt.Errorf("request body without application/json: mark the operation x-issuerkit-handwritten")
	}
	result, status, err := successResult(op)
	if err != nil {
		return nil, err
	}
	reqType := requestType(name, fields, m.models)
	if reqType != "" {
		mt.Struct = newRequestStruct(m.pkg, op, desc, reqType, fields, bodyType)
	}
	mt.Doc = methodDoc(op, name, result, status, readback)

	var params strings.Builder
	for _, a := range pathArgs {
		fmt.Fprintf(&params, ", %s %s", a.name, a.typ)
	}
	switch {
	case reqType != "":
		fmt.Fprintf(&params, ", req %s", reqType)
	case bodyType != "":
		fmt.Fprintf(&params, ", body %s", bodyType)
	}
	mt.Params = params.String()
	mt.Zero = "nil, "
	switch {
	case result == "":
		mt.Result, mt.Zero = "error", ""
	case strings.HasPrefix(result, "[]"):
		mt.Result, mt.ResultType, mt.Slice = "("+result+", error)", result, true
	default:
		mt.Result, mt.ResultType = "(*"+result+", error)", result
	}

	// An operation the bank's current published files do not have (x-issuerkit-unpublished:
	// what to use instead) is refused on a client in the published form, the default (package paging).
	if instead, ok := op.Spec.Extensions["x-issuerkit-unpublished"].(string); ok && instead != "" {
		mt.Unpublished = instead
	}
	// Arguments refused before the network.
	for _, a := range pathArgs {
		if v, ok := stringValue(a); ok {
			// Empty, a dot segment, a separator: refused whatever the server would make of it.
			mt.PathChecks = append(mt.PathChecks, pathCheck{Arg: a.name, Value: v})
			continue
		}
		mt.MissingChecks = append(mt.MissingChecks, check{Cond: zeroTest(a.name, a.schema), Arg: a.name})
	}
	var fieldChecks []check
	for _, f := range fields {
		if sc, ok, err := sizeRule(desc, f); err != nil {
			return nil, err
		} else if ok {
			mt.SizeChecks = append(mt.SizeChecks, sc)
		}
		switch {
		case !f.def.Required || zeroIsValue(f.schema) || headerDefault(f) != "":
			// Optional, or a number or boolean whose zero is a value (offset 0), or a header
			// the method fills in when empty: nothing to refuse.
		case f.def.In == "header":
			// A required header may come from the call (WithHeader) or the client
			// (sdkclient.WithOperationHeader): Send checks it once the options are applied.
			mt.Required = append(mt.Required, requiredHeader{Key: textproto.CanonicalMIMEHeaderKey(f.def.ParamName), Method: name, Arg: "req." + f.name})
		default:
			fieldChecks = append(fieldChecks, check{Cond: zeroTest("req."+f.name, f.schema), Arg: "req." + f.name})
		}
	}
	mt.MissingChecks = append(mt.MissingChecks, fieldChecks...)
	if sc, ok, err := bodySizeRule(op, desc, reqType != ""); err != nil {
		return nil, err
	} else if ok {
		mt.SizeChecks = append(mt.SizeChecks, sc)
	}

	// Path and query.
	if mt.PathExpr, err = pathExpr(op.Path, pathArgs); err != nil {
		return nil, err
	}
	movable, asText := movableParams(m.pkg, op, bodyType)
	var members []string // the movable parameters as body members (the published form)
	for _, f := range fields {
		if f.def.In != "query" {
			continue
		}
		mt.Query = true
		if movable[f.def.ParamName] {
			members = append(members, fmt.Sprintf("pageMember{%q, req.%s}", f.def.ParamName, f.name))
			mt.MovedAdds = append(mt.MovedAdds, newQueryAdd(f))
			continue
		}
		mt.QueryAdds = append(mt.QueryAdds, newQueryAdd(f))
	}
	// One place decides where the page parameters travel, for this method and for its
	// iterator (which only sets the typed fields): the bank's published form puts them in
	// the body, the documented form (WithDocumentedAPI) in the query.
	mt.Members, mt.AsText = strings.Join(members, ", "), asText
	if mt.Query {
		mt.PathExpr += " + q.String()"
	}
	switch {
	case len(members) > 0:
		mt.Body = ", Body: body"
	case reqType != "" && bodyType != "":
		mt.Body = ", Body: req.Body"
	case bodyType != "":
		mt.Body = ", Body: body"
	}
	for _, f := range fields {
		if f.def.In != "header" {
			continue
		}
		h := header{Key: textproto.CanonicalMIMEHeaderKey(f.def.ParamName), Cond: setTest("req."+f.name, f.schema), Text: textExpr("req."+f.name, f.schema)}
		// The default goes out when neither the request, the call (WithHeader) nor the
		// client gives the header (sdkclient.Request.Defaults).
		if h.Default = headerDefault(f); h.Default != "" {
			mt.Defaults = true
		}
		mt.Headers = append(mt.Headers, h)
	}
	return mt, nil
}

// newQueryAdd is how the method adds query parameter f.
func newQueryAdd(f param) queryAdd {
	v := "req." + f.name
	if f.schema.Type.Is("array") {
		return queryAdd{Name: f.def.ParamName, Each: v, Text: textExpr("v", f.schema.Items.Value)}
	}
	a := queryAdd{Name: f.def.ParamName, Text: textExpr(v, f.schema)}
	if !f.def.Required {
		a.Cond = setTest(v, f.schema)
	}
	return a
}

// newRequestStruct computes the request struct typ of op.
func newRequestStruct(pkg string, op codegen.OperationDefinition, d *descriptor, typ string, fields []param, body string) *requestStruct {
	doc := typ + " holds the parameters of " + op.OperationId + "."
	if it := iteratorOfBody(op, fields, body); it != "" {
		doc += "\n\nIt asks for one page: Body is the filter, the page parameters say which page. The iterator " +
			it + " takes the filter alone (" + body + ") and sets the page parameters itself."
	}
	s := &requestStruct{Doc: wrapComment(doc, ""), Type: typ, Body: body}
	moved, asText := movableParams(pkg, op, body)
	for _, f := range fields {
		desc := strings.TrimSpace(f.def.Spec.Description)
		req := "Optional: zero means not sent."
		switch def := headerDefault(f); {
		case def == "sdkclient.NewUUID()":
			req = "Empty means the call's core.WithHeader(\"" + f.def.ParamName + "\", v), else a new UUID for each call."
		case def != "":
			req = "Empty means the call's core.WithHeader(\"" + f.def.ParamName + "\", v), else " + def + "."
		case f.def.Required && f.def.In == "header":
			req = "Required: set here, or per call with core.WithHeader(\"" + f.def.ParamName + "\", v), or by the client's option, in that order of precedence; a call with none is refused with core.ErrInvalidArgument before the network."
		case f.def.Required && f.def.In == "query" && isSizeParam(d, f.def.ParamName):
			req = "Required, at least 1: a call with less is refused with core.ErrInvalidArgument before the network."
		case f.def.Required:
			req = "Required."
		}
		where := "query parameter " + f.def.ParamName
		if f.def.In == "header" {
			where = "header " + f.def.ParamName
		}
		if moved[f.def.ParamName] {
			text := ""
			if asText {
				text = " as text"
			}
			where = "page parameter " + f.def.ParamName + ", sent as a member of the JSON body" + text +
				" (the bank's published form, the default) or in the query string (WithDocumentedAPI)"
		}
		comment := f.name + " is the " + where + ". " + req
		if desc != "" {
			comment += " " + desc
		}
		s.Fields = append(s.Fields, structField{Doc: wrapComment(comment, ""), Name: f.name, Type: f.typ})
	}
	return s
}

// methodDoc is the method's doc comment: summary and description from the spec, the result,
// the errors of the spec's responses, the retry rule and the read-back paragraph.
func methodDoc(op codegen.OperationDefinition, name, result, status, readback string) string {
	summary := strings.TrimSuffix(strings.TrimSpace(op.Spec.Summary), ".")
	paras := []string{fmt.Sprintf("%s sends %s %s: %s.", name, op.Method, op.Path, lowerFirst(summary))}
	if d := strings.TrimSpace(op.Spec.Description); d != "" {
		paras = append(paras, d)
	}
	// One paragraph for the answer, its errors and whether the call is ever sent again; the
	// package doc of core says what core.Error, the sentinels and ErrOutcomeUnknown hold.
	answer := "It returns the " + result + " of a " + status
	if result == "" {
		answer = "A " + status + " is success (its body, if any, is discarded)"
	}
	answer += "; " + errorsSentence(op)
	if op.Spec.Extensions["x-issuerkit-retry-safe"] == true {
		answer += " Retry-safe: retried as [core.RetryOptions] says."
	} else {
		// What settles an unknown outcome, a read-back or a manual review, is the read-back
		// paragraph's to say (every such operation has one: readbacks).
		answer += " Not retry-safe: sent once; a failure after it may have reached the server matches [core.ErrOutcomeUnknown]."
	}
	paras = append(paras, answer)
	if readback != "" {
		paras = append(paras, readback)
	}
	var b strings.Builder
	for i, p := range paras {
		if i > 0 {
			b.WriteString("//\n")
		}
		b.WriteString(wrapComment(p, ""))
	}
	return b.String()
}

// pathArguments are the path parameters of op but the API version, as method arguments
// (x-issuerkit-args renames them).
func pathArguments(op codegen.OperationDefinition) []param {
	argNames, _ := op.Spec.Extensions["x-issuerkit-args"].(map[string]any)
	var args []param
	for _, p := range op.PathParams {
		if p.ParamName == "version" {
			continue
		}
		arg := lowerFirst(codegen.SchemaNameToTypeName(p.ParamName))
		if n, ok := argNames[p.ParamName].(string); ok {
			arg = n
		}
		args = append(args, param{def: p, name: arg, typ: paramType(p.Spec.Schema), schema: schemaOf(p)})
	}
	return args
}

// jsonBodyType is the Go type of op's JSON request body, "" when it has none.
func jsonBodyType(op codegen.OperationDefinition) string {
	t := ""
	for _, b := range op.Bodies {
		if b.ContentType == "application/json" {
			t = goType(b.Schema.GoType)
		}
	}
	return t
}

// firstStatus is the first of the success statuses "200 or 206" as a number.
func firstStatus(status string) int {
	first, _, _ := strings.Cut(status, " ")
	n, _ := strconv.Atoi(first)
	return n
}

// The rule of sizes: a size parameter (x-issuerkit-pagination's size, an x-issuerkit-lists
// size) that the spec makes required bounds the count of every answer
// (ops.Paging.SizeRequired), but only when it is at least 1: the method refuses 0 or less
// before sending. An optional size's 0 means not sent (the server's default); the method
// refuses a negative one. Both fail with an error matching ErrInvalidArgument that names the
// parameter (sdkclient.SizeArgument). A size that is not an integer has no such check: the
// generator refuses it. TestSizesRefusedBelowTheirLeast enumerates them in the three specs.

// sizeRule returns the check of f when it is a size parameter of d.
func sizeRule(d *descriptor, f param) (sizeCheck, bool, error) {
	if f.def.In != "query" || !isSizeParam(d, f.def.ParamName) {
		return sizeCheck{}, false, nil
	}
	if f.schema == nil || !f.schema.Type.Is("integer") {
		return sizeCheck{}, false, fmt.Errorf("the size parameter %q is not an integer: the generator refuses a size below its least (1 required, 0 optional) only for integers", f.def.ParamName)
	}
	least := 0
	if f.def.Required {
		least = 1
	}
	return sizeCheck{Field: "req." + f.name, Param: f.def.ParamName, Least: least}, true, nil
}

// bodySizeRule returns the check of d's page size when its page parameters travel in op's JSON
// body (the body is req.Body when inReq, else the argument body). Only an optional integer
// member has a rule (below 0); a required one is refused, as a size that is not an integer.
func bodySizeRule(op codegen.OperationDefinition, d *descriptor, inReq bool) (sizeCheck, bool, error) {
	if d.Paging == nil || d.Paging.In != "body" || d.Paging.Size == "" {
		return sizeCheck{}, false, nil
	}
	for _, b := range op.Bodies {
		if b.ContentType != "application/json" || b.Schema.OAPISchema == nil {
			continue
		}
		ref, field, err := lookup(b.Schema.OAPISchema, d.Paging.Size)
		if err != nil {
			return sizeCheck{}, false, err
		}
		if !ref.Value.Type.Is("integer") || slices.Contains(b.Schema.OAPISchema.Required, d.Paging.Size) {
			return sizeCheck{}, false, fmt.Errorf("the size member %q of the JSON body is not an optional integer: the generator has a rule (refused below 0) only for those", d.Paging.Size)
		}
		body := "body"
		if inReq {
			body = "req.Body"
		}
		return sizeCheck{Field: body + field, Param: d.Paging.Size}, true, nil
	}
	return sizeCheck{}, false, fmt.Errorf("the size %q travels in the body of an operation without a JSON body", d.Paging.Size)
}

// isSizeParam reports whether name is the size parameter of d's pages or of one of its lists.
func isSizeParam(d *descriptor, name string) bool {
	if d.Paging != nil && d.Paging.Size == name {
		return true
	}
	for _, l := range d.Lists {
		if l.Size == name {
			return true
		}
	}
	return false
}
