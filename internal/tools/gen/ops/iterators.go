package ops

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/oapi-codegen/oapi-codegen/v2/pkg/codegen"
)

// The typed iterators (iterators.gen.go, ops_iterators.tmpl): for every operation with
// x-issuerkit-pagination, a method NameIterator returning the paging engine's *Iterator over
// the operation's items, and a method Name yielding them (iter.Seq2). Name is the operation's Go name without its List or
// Search prefix, or the operation's x-issuerkit-iterator. The iterator takes the whole request
// struct when the operation has query parameters besides the paging ones, else the request
// body, else nothing; headers come from the client's options (or WithCallOptions).
//
// The generated code calls a few helpers each package writes by hand:
//
//	newIterator(ctx, opID, opts, fetch)      the engine's Iterator of an operation, options applied
//	sequenceIterator(ctx, opID, param, start, opts, fetch, key)   sequence style
//	withMeta(call, &meta)                    call options that also capture the response (headers)
//	withPageMembers(extra, asText, members...)  page parameters as body members (the published form)
//	hasMessage(messages, code)               whether an in-band message list holds code (endMessages)
//	sequenceNumber(n)                        a sequence number as the text the server wants
//	(x T) list() ([]Item, error)             items of a member that is not an array (a oneOf)
//	c.published()                            the bank's published form: page parameters in the body (paging only)

// pagingSpec is the x-issuerkit-pagination of one operation, as the iterators need it.
type pagingSpec struct {
	Style, In, Start, StartIn, Size, End string
	Items, Total, Retrieved, Echo        string
	TotalPages, LastPage, Key, EchoSize  string
	PublishedIn, PublishedType           string
	EndMessages, EndCode, Next, ID       string
	MaxSize                              int
}

func pagingSpecOf(op *openapi3.Operation) (*pagingSpec, error) {
	m, ok := op.Extensions["x-issuerkit-pagination"].(map[string]any)
	if !ok {
		return nil, nil
	}
	s := func(k string) string { v, _ := m[k].(string); return v }
	p := &pagingSpec{Style: s("style"), In: s("in"), Start: s("start"), StartIn: s("startIn"), Size: s("size"),
		End: s("end"), Items: s("items"), Total: s("total"), Retrieved: s("retrieved"), Echo: s("echo"),
		TotalPages: s("totalPages"), LastPage: s("lastPage"), Key: s("key"), EchoSize: s("echoSize"),
		PublishedIn: s("publishedIn"), PublishedType: s("publishedType"), EndMessages: s("endMessages"), EndCode: s("endCode"), Next: s("next"), ID: s("id")}
	if f, ok := m["maxSize"].(float64); ok {
		p.MaxSize = int(f)
	}
	if p.StartIn == "" {
		p.StartIn = p.In
	}
	if p.Items == "" || p.Start == "" {
		return nil, fmt.Errorf("x-issuerkit-pagination: items and start are required")
	}
	return p, nil
}

// iterator is what ops_iterators.tmpl writes for one operation with x-issuerkit-pagination:
// a method NameIterator returning the paging engine's *Iterator over the operation's items,
// and a method Name yielding them (iter.Seq2).
type iterator struct {
	Name     string // the iterator's public name
	Op       string // the Go name of the operation (its method and op<Op> descriptor)
	Doc      string // the doc comment of NameIterator, as // lines
	ItemsDoc string // the doc comment of Name, as // lines
	Params   string // the parameters after ctx: path arguments and the request
	Args     string // the arguments NameIterator takes again: "ctx, req, opts..."
	Q        string // the qualifier of package paging's names: "paging." or ""
	Item     string // the item type

	Bind string // the arguments of bindOpts after the operation id (package paging); "" for none

	Sequence      bool   // sequence style: sequenceIterator, continuing after Key
	SequenceStart string // sequence style: the start parameter's name and its value in the request
	StartValue    string
	KeyField      string // sequence style: the selector of the item's key
	IDField       string // the selector of the item's identity (x-issuerkit-pagination id); "" for none

	Build    string   // the statement that makes r, the request of one page
	Sets     []assign // the page parameters set on r
	Meta     bool     // the page reads the response's metadata (headers, status)
	Call     string   // the arguments of the single-page method after ctx
	Direct   bool     // the items member is the array itself (else a oneOf read with list())
	ItemsSel string   // the selector of the items member in the answer
	Fields   []assign // what the answer says of the iteration
	Partial  bool     // a 206 is a partial success: Page.Partial
}

// assign is one assignment: Dest = Value.
type assign struct{ Dest, Value string }

// qualifier qualifies the iterator engine's types for the package being generated: none,
// since every client package declares Iterator, Page and Position as aliases of the engine's
// types in github.com/issuerkit/issuerkit-go/openapi/core (its hand-written iterator.go), so
// that no client imports another for them; the engine's functions (HeaderCount, ParseCount)
// are called in core.
func qualifier(string) string {
	return ""
}

// newIterators computes the iterators of m, nil when no operation pages.
func newIterators(m *model) ([]*iterator, error) {
	var out []*iterator
	for _, op := range m.defs {
		p, err := pagingSpecOf(op.Spec)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", op.OperationId, err)
		}
		if p == nil {
			continue
		}
		if handwritten(op.Spec) {
			return nil, fmt.Errorf("%s: a paging operation needs its generated method", op.OperationId)
		}
		it, err := newIterator(m, op, p)
		if err != nil {
			return nil, fmt.Errorf("%s: iterator: %w", op.OperationId, err)
		}
		out = append(out, it)
	}
	return out, nil
}

func newIterator(m *model, op codegen.OperationDefinition, p *pagingSpec) (*iterator, error) {
	// Path parameters (but the API version) are arguments before the request, as on the method.
	pathArgs := pathArguments(op)
	name := iteratorName(op)
	fields := requestFields(op)
	reqType := requestType(op.OperationId, fields, m.models)
	bodyType := jsonBodyType(op)
	var bodySchema *openapi3.Schema
	for _, b := range op.Bodies {
		if b.ContentType == "application/json" {
			bodySchema = b.Schema.OAPISchema
		}
	}
	pagingParam := map[string]bool{p.Start: true, p.Size: true, p.End: true}
	other := false
	for _, f := range fields {
		if f.def.In == "query" && !pagingParam[f.def.ParamName] {
			other = true
		}
	}
	it := &iterator{Name: name, Op: op.OperationId, Q: qualifier(m.pkg)}
	// The iterator's argument, and the request built from it.
	arg, bodyExpr, argBody := "", "", ""
	switch {
	case reqType != "" && other:
		arg, it.Build, bodyExpr, argBody = "req "+reqType, "r := req", "r.Body", "req.Body"
	case reqType != "" && bodyType != "":
		arg, it.Build, bodyExpr, argBody = "req "+bodyType, "r := "+reqType+"{Body: req}", "r.Body", "req"
	case reqType != "":
		it.Build = "var r " + reqType
	case bodyType != "":
		arg, it.Build, bodyExpr, argBody = "req "+bodyType, "r := req", "r", "req"
	default:
		return nil, fmt.Errorf("no request to page")
	}
	resSchema, err := successSchema(op)
	if err != nil {
		return nil, err
	}
	itemsRef, itemsField, err := lookup(resSchema, p.Items)
	if err != nil {
		return nil, err
	}
	itemType, direct := itemTypeOf(itemsRef)
	if itemType == "" {
		return nil, fmt.Errorf("items %s: not an array, nor a oneOf with an array", p.Items)
	}
	it.Item, it.Direct, it.ItemsSel = itemType, direct, itemsField

	// set assigns value to the paging parameter param travelling in "in".
	set := func(param, in, value string) error {
		if param == "" {
			return nil
		}
		if in == "body" {
			if bodySchema == nil {
				return fmt.Errorf("%s in the body of an operation without one", param)
			}
			ref, field, err := lookup(bodySchema, param)
			if err != nil {
				return err
			}
			it.Sets = append(it.Sets, assign{bodyExpr + field, convertInt(value, ref.Value, p.Style)})
			return nil
		}
		for _, f := range fields {
			if f.def.ParamName == param {
				it.Sets = append(it.Sets, assign{"r." + f.name, convertInt(value, f.schema, p.Style)})
				return nil
			}
		}
		return fmt.Errorf("paging parameter %s is not a parameter of the operation", param)
	}
	start := "p.Start"
	if p.Style == "key" {
		start = "p.Key"
	}
	// The iterator sets the typed page parameters only; the single-page method decides where
	// they travel (the published form's body or the documented form's query), so the two can
	// never disagree.
	if err := errorsJoin(set(p.Start, p.StartIn, start), set(p.Size, p.In, "p.Size"), set(p.End, p.In, "p.End()")); err != nil {
		return nil, err
	}
	// The published placement: the parameters the seed puts in the query travel in the body
	// in the published form (the default; WithDocumentedAPI sends them in the query).
	placement := m.pkg == "paging" && p.PublishedIn == "body" && p.In == "query" && bodyType != ""

	summary := lowerFirst(strings.TrimSuffix(strings.TrimSpace(op.Spec.Summary), "."))
	doc := fmt.Sprintf("%sIterator returns an Iterator over the items of %s (%s %s): %s. %s Nothing is requested before the first step; Cursor tells where a stopped iteration resumes (core.WithCursor).",
		name, op.OperationId, op.Method, op.Path, summary, styleSentence(p, placement))
	var headers []string
	for _, f := range fields {
		if f.def.In == "header" {
			headers = append(headers, f.def.ParamName)
		}
	}
	if len(headers) > 0 && !(reqType != "" && other) {
		doc += " The header " + strings.Join(headers, ", ") + " is not an argument: the client sends it from its options, or give it per call with core.WithCallOptions(core.WithHeader(\"" + headers[0] + "\", v)), which wins."
	}
	it.Doc = wrapComment(doc, "")
	it.ItemsDoc = wrapComment(fmt.Sprintf("%s yields every item of %sIterator, in order. It stops on the first error, which it yields.", name, name), "")
	var params strings.Builder
	args := "ctx"
	pathCall := ""
	for _, a := range pathArgs {
		params.WriteString(", " + a.name + " " + a.typ)
		args += ", " + a.name
		pathCall += a.name + ", "
	}
	if arg != "" {
		params.WriteString(", " + arg)
		args += ", req"
	}
	it.Params, it.Args = params.String(), args+", opts..."
	if m.pkg == "paging" {
		// The iteration's cursors are bound to the operation, its path arguments (the account
		// of a reporting read) and its request (paging's bindOpts), so that a stored cursor
		// given with another request fails instead of replaying its position there.
		req := "nil"
		if arg != "" {
			req = "req"
		}
		it.Bind = req + ", opts"
		for _, a := range pathArgs {
			if a.typ != "string" {
				return nil, fmt.Errorf("path argument %s: only strings are bound to cursors", a.name)
			}
			it.Bind += ", " + a.name
		}
	}
	if p.Style == "sequence" {
		if p.Key == "" || p.StartIn != "body" || argBody == "" {
			return nil, fmt.Errorf("sequence style needs key and a start in the body")
		}
		_, startField, err := lookup(bodySchema, p.Start)
		if err != nil {
			return nil, err
		}
		_, keyField, err := lookup(itemSchema(itemsRef), p.Key)
		if err != nil {
			return nil, err
		}
		it.Sequence, it.SequenceStart, it.StartValue, it.KeyField = true, p.Start, argBody+startField, keyField
	}
	if p.ID != "" {
		ref, idField, err := lookup(itemSchema(itemsRef), p.ID)
		if err != nil {
			return nil, err
		}
		if !ref.Value.Type.Is("string") {
			return nil, fmt.Errorf("id %s is not a string", p.ID)
		}
		it.IDField = idField
	}
	for code := range op.Spec.Responses.Map() {
		it.Partial = it.Partial || code == "206"
	}
	it.Meta = strings.HasPrefix(p.Total, "header:") || strings.HasPrefix(p.Retrieved, "header:") || it.Partial
	it.Call = pathCall
	if reqType != "" || bodyType != "" {
		it.Call += "r, "
	}
	if it.Meta {
		it.Call += "withMeta(call, &meta)..."
	} else {
		it.Call += "call..."
	}
	if it.Fields, err = pageFields(p, resSchema); err != nil {
		return nil, err
	}
	return it, nil
}

// pageFields are what the response says of the iteration: total, rows retrieved, the
// position echoed, the page-style end markers.
func pageFields(p *pagingSpec, res *openapi3.Schema) ([]assign, error) {
	var out []assign
	add := func(dest, value string) { out = append(out, assign{dest, value}) }
	count := func(path, dst, has string, pageStyleTotal bool) error {
		if path == "" {
			return nil
		}
		dest := "pg." + dst + ", pg." + has
		if h, ok := strings.CutPrefix(path, "header:"); ok {
			add(dest, fmt.Sprintf("core.HeaderCount(meta.Header, %q)", h))
			return nil
		}
		ref, field, err := lookup(res, path)
		if err != nil {
			return err
		}
		switch {
		case ref.Value.Type.Is("string"):
			add(dest, fmt.Sprintf("core.ParseCount(res%s)", field))
		case pageStyleTotal:
			// A page-style total is known when it is there (not 0: an absent member) or
			// once the end markers are.
			markers := []string{intExpr("res"+field, ref.Value) + " != 0"}
			if p.TotalPages != "" {
				_, f, err := lookup(res, p.TotalPages)
				if err != nil {
					return err
				}
				markers = append(markers, "res"+f+" != 0")
			}
			if p.LastPage != "" {
				_, f, err := lookup(res, p.LastPage)
				if err != nil {
					return err
				}
				markers = append(markers, "res"+f)
			}
			add(dest, intExpr("res"+field, ref.Value)+", "+strings.Join(markers, " || "))
		case p.Style == "key": // an optional member: 0 means the server did not say
			v := intExpr("res"+field, ref.Value)
			add(dest, v+", "+v+" != 0")
		default:
			add(dest, intExpr("res"+field, ref.Value)+", true")
		}
		return nil
	}
	if err := errorsJoin(count(p.Total, "Total", "HasTotal", p.TotalPages != "" || p.LastPage != ""),
		count(p.Retrieved, "Retrieved", "HasRetrieved", false)); err != nil {
		return nil, err
	}
	if p.Echo != "" {
		ref, field, err := lookup(res, p.Echo)
		if err != nil {
			return nil, err
		}
		v := intExpr("res"+field, ref.Value)
		if p.Style == "offset" { // offset 0 is a position: the echo is always there
			add("pg.Echo, pg.HasEcho", v+", true")
		} else { // page numbers start at 1: 0 means the server did not say
			add("pg.Echo, pg.HasEcho", v+", "+v+" != 0")
		}
	}
	if p.EchoSize != "" { // sizes start at 1: 0 means the server did not say
		ref, field, err := lookup(res, p.EchoSize)
		if err != nil {
			return nil, err
		}
		v := intExpr("res"+field, ref.Value)
		add("pg.EchoSize, pg.HasEchoSize", v+", "+v+" != 0")
	}
	if p.TotalPages != "" {
		ref, field, err := lookup(res, p.TotalPages)
		if err != nil {
			return nil, err
		}
		add("pg.TotalPages", intExpr("res"+field, ref.Value))
	}
	if p.LastPage != "" {
		_, field, err := lookup(res, p.LastPage)
		if err != nil {
			return nil, err
		}
		add("pg.LastPage", "res"+field)
	}
	if p.Next != "" {
		_, field, err := lookup(res, p.Next)
		if err != nil {
			return nil, err
		}
		add("pg.NextKey", "res"+field)
	}
	if p.EndMessages != "" {
		_, field, err := lookup(res, p.EndMessages)
		if err != nil {
			return nil, err
		}
		add("pg.LastPage", fmt.Sprintf("hasMessage(res%s, %q)", field, p.EndCode))
	}
	return out, nil
}

// styleSentence says how the iterator pages, for its doc comment.
func styleSentence(p *pagingSpec, placement bool) string {
	size := ""
	if p.MaxSize > 0 {
		size = " (at most " + strconv.Itoa(p.MaxSize) + ")"
	}
	switch p.Style {
	case "row":
		return fmt.Sprintf("It asks for inclusive row windows %s..%s%s, 1,000 rows unless core.WithPageSize, until %s, or a short page when the server gives no total.", p.Start, p.End, size, strings.TrimPrefix(p.Total, "header:"))
	case "page":
		where := "in the " + p.In
		if placement {
			where = "in the body as the bank publishes it, or in the query with WithDocumentedAPI"
		}
		return fmt.Sprintf("It asks for %s from 1 with %s%s, %s, until %s says the last page; a server that serves another page than the one asked for fails with *core.MismatchError.", p.Start, p.Size, size, where, p.LastPage)
	case "offset":
		return fmt.Sprintf("It asks for %s from 0 with %s (core.DefaultLimit unless core.WithPageSize) until %s; a server that serves another offset than the one asked for fails with *core.MismatchError.", p.Start, p.Size, p.Total)
	case "sequence":
		where, end := "", "an empty page"
		if placement {
			where = "; in the body as text, as the bank publishes it, or in the query with WithDocumentedAPI"
		}
		if p.EndMessages != "" {
			end = fmt.Sprintf("a page whose %s hold %s, or %s (a short page is not the end: a server may serve fewer than asked)", p.EndMessages, p.EndCode, end)
		}
		return fmt.Sprintf("It starts at req's %s (default 1), %s per page (DefaultAddendaPageSize unless core.WithPageSize%s), the next page after the last %s returned, until %s; a server that serves a sequence before the one asked for fails with *core.MismatchError.", p.Start, p.Size, where, p.Key, end)
	case "key":
		return fmt.Sprintf("It asks for the first page, then for each next page by the opaque %s the answer gives (%s, never parsed), %s per page (at most %d; the largest unless core.WithPageSize), until an answer without one. Nothing is fetched ahead: the next key comes with the answer. A next key that repeats the one asked with, or was given before, fails with *KeyError (ErrPositionMismatch); a 206 partial answer ends the iteration with *PartialError (ErrPartial), which carries its items.%s", p.Start, p.Next, p.Size, p.MaxSize, keyTotal(p))
	case "index":
		return fmt.Sprintf("It asks for %s from 1 with %s (DefaultSearchLimit unless core.WithPageSize, at most MaxSearchLimit) until %s.", p.Start, p.Size, p.Total)
	}
	return ""
}

// requestFields are the fields of an operation's request struct: its query and header
// parameters but the correlation id (a per-call option).
func requestFields(op codegen.OperationDefinition) []param {
	var fields []param
	for _, p := range append(append([]codegen.ParameterDefinition{}, op.QueryParams...), op.HeaderParams...) {
		if strings.EqualFold(p.ParamName, "X-CorrelationId") {
			continue
		}
		fields = append(fields, param{def: p, name: codegen.SchemaNameToTypeName(p.ParamName), typ: paramType(p.Spec.Schema), schema: schemaOf(p)})
	}
	return fields
}

// requestType is the name of the request struct of operation name, "" when it has none.
func requestType(name string, fields []param, models map[string]bool) string {
	if len(fields) == 0 {
		return ""
	}
	if models[name+"Request"] {
		return name + "Params"
	}
	return name + "Request"
}

// successSchema is the schema of the JSON body of op's 2xx answer.
func successSchema(op codegen.OperationDefinition) (*openapi3.Schema, error) {
	for code, r := range op.Spec.Responses.Map() {
		if len(code) != 3 || code[0] != '2' || r.Value == nil {
			continue
		}
		if mt := r.Value.Content.Get("application/json"); mt != nil && mt.Schema != nil && mt.Schema.Value != nil {
			return mt.Schema.Value, nil
		}
	}
	return nil, fmt.Errorf("no JSON success body")
}

// lookup follows a dotted path of JSON members from s and returns the schema it ends on and
// the Go selector (".Metadata.Page.PageNumber").
func lookup(s *openapi3.Schema, path string) (*openapi3.SchemaRef, string, error) {
	var sel strings.Builder
	var ref *openapi3.SchemaRef
	for _, seg := range strings.Split(path, ".") {
		if s == nil {
			return nil, "", fmt.Errorf("path %s: %s is not an object", path, seg)
		}
		ref = s.Properties[seg]
		if ref == nil || ref.Value == nil {
			return nil, "", fmt.Errorf("path %s: no member %s", path, seg)
		}
		field := codegen.SchemaNameToTypeName(seg)
		if n, ok := ref.Value.Extensions["x-go-name"].(string); ok {
			field = n
		}
		sel.WriteString("." + field)
		s = ref.Value
	}
	return ref, sel.String(), nil
}

// itemTypeOf returns the Go type of the items of an items member, and whether the member is
// the array itself (else a oneOf with an array variant, read through its list method).
func itemTypeOf(ref *openapi3.SchemaRef) (string, bool) {
	if ref.Value.Type.Is("array") && ref.Value.Items != nil {
		return paramType(ref.Value.Items), true
	}
	for _, v := range ref.Value.OneOf {
		if v.Value != nil && v.Value.Type.Is("array") && v.Value.Items != nil {
			return paramType(v.Value.Items), false
		}
	}
	return "", false
}

// itemSchema is the schema of one item of an items member.
func itemSchema(ref *openapi3.SchemaRef) *openapi3.Schema {
	if ref.Value.Type.Is("array") && ref.Value.Items != nil {
		return ref.Value.Items.Value
	}
	for _, v := range ref.Value.OneOf {
		if v.Value != nil && v.Value.Type.Is("array") && v.Value.Items != nil {
			return v.Value.Items.Value
		}
	}
	return nil
}

// convertInt converts the int value to the Go type of schema s.
func convertInt(value string, s *openapi3.Schema, style string) string {
	switch {
	case s.Type.Is("string") && style == "sequence":
		return "sequenceNumber(" + value + ")"
	case s.Type.Is("string") && style == "key":
		return value
	case s.Type.Is("string"):
		return "strconv.Itoa(" + value + ")"
	case s.Format == "int32":
		return "int32(" + value + ")"
	case s.Format == "int64":
		return "int64(" + value + ")"
	}
	return value
}

// intExpr converts the integer v of schema s to int.
func intExpr(v string, s *openapi3.Schema) string {
	if s.Format == "int32" || s.Format == "int64" {
		return "int(" + v + ")"
	}
	return v
}

// errorsJoin returns the first non-nil error.
func errorsJoin(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// keyTotal is the sentence of a key-style iterator's doc on its total, if it has one.
func keyTotal(p *pagingSpec) string {
	if p.Total == "" {
		return ""
	}
	return fmt.Sprintf(" An answer without a next key before the total the answers announce (%s) fails with *KeyError (KeyEndedEarly, ErrEmptyPage).", p.Total)
}

// iteratorName is the public name of op's iterator.
func iteratorName(op codegen.OperationDefinition) string {
	if n, ok := op.Spec.Extensions["x-issuerkit-iterator"].(string); ok && n != "" {
		return n
	}
	for _, prefix := range []string{"List", "Search"} {
		if rest, ok := strings.CutPrefix(op.OperationId, prefix); ok && rest != "" {
			return rest
		}
	}
	return op.OperationId + "Items"
}
