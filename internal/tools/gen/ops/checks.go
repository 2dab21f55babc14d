package ops

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// The extensions of the conventions the checks enforce (CONTRIBUTING.md).
const (
	extRetrySafe  = "x-issuerkit-retry-safe"
	extPagination = "x-issuerkit-pagination"
)

// descriptor is one operation as the checks read it from the spec: what the generated
// ops.Operation of the operation holds (ops_descriptor.tmpl), and its Go name.
type descriptor struct {
	ID              string
	GoName          string // the Go name oapi-codegen gives the operation: op<GoName> is the var
	Method          string
	Path            string
	Success         []int
	RetrySafe       bool
	RequiredHeaders []string // the required in: header parameters, in spec order
	Paging          *paging
	Lists           []list // the other arrays of its success answer (lists.go)
	Handwritten     bool   // x-issuerkit-handwritten: the method is written by hand
}

// paging mirrors ops.Paging.
type paging struct {
	Style, In, Start, StartIn, Size, End string
	MaxSize, DefaultSize, MaxItems       int
	Items, Total, Retrieved, Echo        string
	TotalPages, LastPage, Key            string
	EchoSize, Next, ID                   string
	PublishedIn, PublishedType           string
	EndMessages, EndCode                 string
	Unbounded                            string
	SizeRequired                         bool
}

// api is what the checks extract from a spec.
type api struct {
	Operations      []*descriptor // sorted by path, then method
	SensitiveFields []string      // sorted, unique
}

// problems collects every problem of a spec, so that one run reports them all.
type problems []string

func (p *problems) addf(format string, args ...any) { *p = append(*p, fmt.Sprintf(format, args...)) }

func (p problems) err() error {
	if len(p) == 0 {
		return nil
	}
	s := slices.Clone(p)
	slices.Sort(s)
	s = slices.Compact(s)
	return fmt.Errorf("%d problem(s):\n\t%s", len(s), strings.Join(s, "\n\t"))
}

// collect extracts the operations and the sensitive fields of doc and checks the conventions.
func collect(doc *openapi3.T) (api, error) {
	var probs problems
	var out api
	if doc.Paths == nil || doc.Paths.Len() == 0 {
		probs.addf("the spec declares no paths")
	}
	paths := sortedKeys(doc.Paths.Map())
	for _, path := range paths {
		item := doc.Paths.Value(path)
		methods := item.Operations()
		for _, method := range sortedKeys(methods) {
			op := methods[method]
			if op == nil {
				continue
			}
			out.Operations = append(out.Operations, operationOf(&probs, path, item, method, op))
		}
	}

	w := walker{probs: &probs, seen: map[*openapi3.Schema]bool{}, sensitive: map[string]bool{}}
	w.walkDoc(doc)
	out.SensitiveFields = sortedKeys(w.sensitive)
	return out, probs.err()
}

// operationOf builds the row of one operation.
func operationOf(probs *problems, path string, item *openapi3.PathItem, method string, op *openapi3.Operation) *descriptor {
	where := method + " " + path
	row := &descriptor{ID: op.OperationID, Method: method, Path: path, Handwritten: handwritten(op)}
	row.RequiredHeaders = requiredHeaders(item, op)
	if op.OperationID == "" {
		probs.addf("%s: no operationId", where)
	}

	switch v, ok := op.Extensions[extRetrySafe]; {
	case !ok:
		probs.addf("%s: no %s (it must be explicit: true or false)", where, extRetrySafe)
	default:
		b, isBool := v.(bool)
		if !isBool {
			probs.addf("%s: %s is %v, want true or false", where, extRetrySafe, v)
		}
		row.RetrySafe = b
	}

	if op.Responses != nil {
		for code := range op.Responses.Map() {
			if strings.EqualFold(code, "2XX") {
				probs.addf("%s: response range %s: declare each success status", where, code)
				continue
			}
			n, err := strconv.Atoi(code)
			if err == nil && n >= 200 && n <= 299 {
				row.Success = append(row.Success, n)
			}
		}
	}
	slices.Sort(row.Success)
	if len(row.Success) == 0 {
		probs.addf("%s: no 2xx response", where)
	}

	if v, ok := op.Extensions[extPagination]; ok {
		row.Paging = pagingOf(probs, where, v, item, op)
	}
	row.Lists = listsOf(probs, where, item, op, row.Paging)
	return row
}

// requiredHeaders are the names of the required in: header parameters of op, in spec order:
// the operation's own, then those of its path item it does not override.
func requiredHeaders(item *openapi3.PathItem, op *openapi3.Operation) []string {
	var names []string
	own := map[string]bool{}
	for _, p := range op.Parameters {
		if p != nil && p.Value != nil && p.Value.In == "header" {
			own[strings.ToLower(p.Value.Name)] = true
			if p.Value.Required {
				names = append(names, p.Value.Name)
			}
		}
	}
	for _, p := range item.Parameters {
		if p != nil && p.Value != nil && p.Value.In == "header" && p.Value.Required && !own[strings.ToLower(p.Value.Name)] {
			names = append(names, p.Value.Name)
		}
	}
	return names
}

// pagingStyles and pagingPlaces are the values x-issuerkit-pagination allows.
var (
	pagingStyles = []string{"index", "key", "offset", "page", "row", "sequence"}
	pagingPlaces = []string{"query", "body"}
)

// pagingOf parses and checks an x-issuerkit-pagination value.
func pagingOf(probs *problems, where string, v any, item *openapi3.PathItem, op *openapi3.Operation) *paging {
	where += ": " + extPagination
	m, ok := v.(map[string]any)
	if !ok {
		probs.addf("%s: is %T, want an object", where, v)
		return nil
	}
	var p paging
	str := func(key string, dst *string) {
		x, present := m[key]
		if !present {
			return
		}
		s, isString := x.(string)
		if !isString || s == "" {
			probs.addf("%s: %s is %v, want a non-empty string", where, key, x)
			return
		}
		*dst = s
	}
	fields := map[string]*string{
		"style": &p.Style, "in": &p.In, "start": &p.Start, "startIn": &p.StartIn,
		"size": &p.Size, "end": &p.End, "items": &p.Items, "total": &p.Total,
		"retrieved": &p.Retrieved, "echo": &p.Echo, "totalPages": &p.TotalPages,
		"lastPage": &p.LastPage, "key": &p.Key, "echoSize": &p.EchoSize,
		"publishedIn": &p.PublishedIn, "publishedType": &p.PublishedType,
		"endMessages": &p.EndMessages, "endCode": &p.EndCode, "next": &p.Next, "id": &p.ID,
		"unbounded": &p.Unbounded,
	}
	ints := map[string]*int{"maxSize": &p.MaxSize, "defaultSize": &p.DefaultSize, "maxItems": &p.MaxItems}
	for _, key := range sortedKeys(m) {
		if dst, known := fields[key]; known {
			str(key, dst)
			continue
		}
		dst, known := ints[key]
		if !known {
			probs.addf("%s: unknown key %q", where, key)
			continue
		}
		f, isNum := m[key].(float64)
		if !isNum || f < 1 || f != math.Trunc(f) || f > math.MaxInt32 {
			probs.addf("%s: %s is %v, want a positive integer", where, key, m[key])
			continue
		}
		*dst = int(f)
	}

	if !slices.Contains(pagingStyles, p.Style) {
		probs.addf("%s: style is %q, want one of %s", where, p.Style, strings.Join(pagingStyles, ", "))
	}
	if !slices.Contains(pagingPlaces, p.In) {
		probs.addf("%s: in is %q, want one of %s", where, p.In, strings.Join(pagingPlaces, ", "))
	}
	if p.StartIn != "" && !slices.Contains(pagingPlaces, p.StartIn) {
		probs.addf("%s: startIn is %q, want one of %s", where, p.StartIn, strings.Join(pagingPlaces, ", "))
	}
	if p.Items == "" {
		probs.addf("%s: no items", where)
	}
	if p.PublishedIn != "" && !slices.Contains(pagingPlaces, p.PublishedIn) {
		probs.addf("%s: publishedIn is %q, want one of %s", where, p.PublishedIn, strings.Join(pagingPlaces, ", "))
	}
	if p.PublishedType != "" && p.PublishedType != "string" {
		probs.addf("%s: publishedType is %q, want string", where, p.PublishedType)
	}
	if (p.EndMessages == "") != (p.EndCode == "") {
		probs.addf("%s: endMessages and endCode go together", where)
	}
	switch p.Style {
	case "sequence":
		if p.Key == "" {
			probs.addf("%s: no key (the item field the next start continues after)", where)
		}
	case "key":
		if p.Start == "" || p.Size == "" {
			probs.addf("%s: no start (the page-key parameter) or no size", where)
		}
		if p.Next == "" {
			probs.addf("%s: no next (where the answer gives the next page's key)", where)
		}
	case "row":
		if p.Start == "" {
			probs.addf("%s: no start", where)
		}
		if p.End == "" {
			probs.addf("%s: no end (row windows are [start, end], end = start + n - 1)", where)
		}
		if p.Size != "" {
			probs.addf("%s: size %q on a row style: name the inclusive end parameter with end", where, p.Size)
		}
		if p.MaxSize == 0 {
			probs.addf("%s: no maxSize (the largest row window)", where)
		}
	default:
		if p.Start == "" {
			probs.addf("%s: no start", where)
		}
		if p.Size == "" {
			probs.addf("%s: no size", where)
		}
		if p.End != "" {
			probs.addf("%s: end is only for the row style", where)
		}
	}
	if p.DefaultSize != 0 && p.MaxSize != 0 && p.DefaultSize > p.MaxSize {
		probs.addf("%s: defaultSize %d over maxSize %d", where, p.DefaultSize, p.MaxSize)
	}
	if p.Next != "" && p.Style != "key" {
		probs.addf("%s: next is only for the key style", where)
	}
	if p.EchoSize != "" && p.Style != "page" {
		probs.addf("%s: echoSize is only for the page style", where)
	}
	if p.Style == "page" && p.TotalPages == "" && p.LastPage == "" && p.Total == "" {
		probs.addf("%s: a page style needs totalPages, lastPage or total to know where to stop", where)
	}
	for key, v := range map[string]string{"total": p.Total, "retrieved": p.Retrieved} {
		if name, ok := strings.CutPrefix(v, "header:"); ok && !hasHeader(op, name) {
			probs.addf("%s: %s %q: no response header %q declared", where, key, v, name)
		}
	}
	startIn := p.In
	if p.StartIn != "" {
		startIn = p.StartIn
	}
	for _, param := range []struct{ name, in string }{{p.Start, startIn}, {p.Size, p.In}, {p.End, p.In}} {
		if param.name != "" && !hasParameter(item, op, param.name, param.in) {
			probs.addf("%s: the operation has no %s parameter %q", where, param.in, param.name)
		}
	}
	return &p
}

// hasHeader reports whether a 2xx response of op declares header name.
func hasHeader(op *openapi3.Operation, name string) bool {
	if op.Responses == nil {
		return false
	}
	for code, r := range op.Responses.Map() {
		if !strings.HasPrefix(code, "2") || r == nil || r.Value == nil {
			continue
		}
		if _, ok := r.Value.Headers[name]; ok {
			return true
		}
	}
	return false
}

// hasParameter reports whether op takes name in the query (in == "query") or as a top-level
// property of its JSON request body (in == "body").
func hasParameter(item *openapi3.PathItem, op *openapi3.Operation, name, in string) bool {
	if in == "query" {
		for _, params := range []openapi3.Parameters{op.Parameters, item.Parameters} {
			for _, p := range params {
				if p != nil && p.Value != nil && p.Value.In == "query" && p.Value.Name == name {
					return true
				}
			}
		}
		return false
	}
	if op.RequestBody == nil || op.RequestBody.Value == nil {
		return false
	}
	for _, mt := range op.RequestBody.Value.Content {
		if mt != nil && mt.Schema != nil && hasProperty(mt.Schema.Value, name, map[*openapi3.Schema]bool{}) {
			return true
		}
	}
	return false
}

// hasProperty reports whether s, or one of its allOf/oneOf/anyOf members, declares property name.
func hasProperty(s *openapi3.Schema, name string, seen map[*openapi3.Schema]bool) bool {
	if s == nil || seen[s] {
		return false
	}
	seen[s] = true
	if _, ok := s.Properties[name]; ok {
		return true
	}
	for _, refs := range []openapi3.SchemaRefs{s.AllOf, s.OneOf, s.AnyOf} {
		for _, r := range refs {
			if r != nil && hasProperty(r.Value, name, seen) {
				return true
			}
		}
	}
	return false
}

// walker visits every schema of a spec once, following references without looping.
type walker struct {
	probs     *problems
	seen      map[*openapi3.Schema]bool
	sensitive map[string]bool
}

// walkDoc visits the components and the operations of doc.
func (w *walker) walkDoc(doc *openapi3.T) {
	if c := doc.Components; c != nil {
		for _, name := range sortedKeys(c.Schemas) {
			w.schema("#/components/schemas/"+name, c.Schemas[name])
		}
		for _, name := range sortedKeys(c.Parameters) {
			if p := c.Parameters[name]; p != nil {
				w.parameter("#/components/parameters/"+name, p.Value)
			}
		}
		for _, name := range sortedKeys(c.Headers) {
			if h := c.Headers[name]; h != nil && h.Value != nil {
				w.parameter("#/components/headers/"+name, &h.Value.Parameter)
			}
		}
		for _, name := range sortedKeys(c.RequestBodies) {
			if b := c.RequestBodies[name]; b != nil && b.Value != nil {
				w.content("#/components/requestBodies/"+name, b.Value.Content)
			}
		}
		for _, name := range sortedKeys(c.Responses) {
			w.response("#/components/responses/"+name, c.Responses[name])
		}
	}
	if doc.Paths == nil {
		return
	}
	for _, path := range sortedKeys(doc.Paths.Map()) {
		item := doc.Paths.Value(path)
		for _, p := range item.Parameters {
			if p != nil {
				w.parameter(path+" parameter", p.Value)
			}
		}
		methods := item.Operations()
		for _, method := range sortedKeys(methods) {
			op := methods[method]
			if op == nil {
				continue
			}
			where := method + " " + path
			for _, p := range op.Parameters {
				if p != nil {
					w.parameter(where+" parameter", p.Value)
				}
			}
			if op.RequestBody != nil && op.RequestBody.Value != nil {
				w.content(where+" requestBody", op.RequestBody.Value.Content)
			}
			if op.Responses != nil {
				for _, code := range sortedKeys(op.Responses.Map()) {
					w.response(where+" response "+code, op.Responses.Value(code))
				}
			}
		}
	}
}

func (w *walker) parameter(where string, p *openapi3.Parameter) {
	if p == nil {
		return
	}
	where += " " + p.Name
	if p.Schema != nil {
		w.checkMoney(where, p.Name, p.Schema)
		w.schema(where, p.Schema)
	}
	w.content(where, p.Content)
}

func (w *walker) response(where string, r *openapi3.ResponseRef) {
	if r == nil || r.Value == nil {
		return
	}
	for _, name := range sortedKeys(r.Value.Headers) {
		if h := r.Value.Headers[name]; h != nil && h.Value != nil {
			w.parameter(where+" header", &h.Value.Parameter)
		}
	}
	w.content(where, r.Value.Content)
}

func (w *walker) content(where string, c openapi3.Content) {
	for _, mt := range sortedKeys(c) {
		if c[mt] != nil {
			w.schema(where+" "+mt, c[mt].Schema)
		}
	}
}

// schema visits ref and everything below it. where names it for messages: its reference when
// it has one, else the place it was found.
func (w *walker) schema(where string, ref *openapi3.SchemaRef) {
	if ref == nil || ref.Value == nil {
		return
	}
	if ref.Ref != "" {
		where = ref.Ref
	}
	s := ref.Value
	if w.seen[s] {
		return
	}
	w.seen[s] = true

	if s.Type.Includes(openapi3.TypeNumber) && s.Format == "" {
		w.probs.addf("%s: bare type: number (oapi-codegen makes it a float32): use format: decimal for money, format: double otherwise", where)
	}
	for _, name := range sortedKeys(s.Properties) {
		prop := s.Properties[name]
		pwhere := where + ".properties." + name
		if isSensitive(prop, map[*openapi3.Schema]bool{}) {
			w.sensitive[name] = true
		}
		w.checkMoney(pwhere, name, prop)
		w.schema(pwhere, prop)
	}
	w.schema(where+".items", s.Items)
	for _, refs := range []struct {
		kw   string
		list openapi3.SchemaRefs
	}{{"allOf", s.AllOf}, {"oneOf", s.OneOf}, {"anyOf", s.AnyOf}} {
		for i, r := range refs.list {
			w.schema(fmt.Sprintf("%s.%s[%d]", where, refs.kw, i), r)
		}
	}
	w.schema(where+".not", s.Not)
	w.schema(where+".additionalProperties", s.AdditionalProperties.Schema)
}

// moneyWords are the name parts that say a number is money.
var moneyWords = []string{"amount", "balance", "fee", "price", "total"}

// isMoneyName reports whether a property or parameter name suggests money.
func isMoneyName(name string) bool {
	lower := strings.ToLower(name)
	for _, w := range moneyWords {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// checkMoney reports a number of a money-named property or parameter that is not a decimal:
// the schema itself, the items of an array of it, and the members of its allOf/oneOf/anyOf.
func (w *walker) checkMoney(where, name string, ref *openapi3.SchemaRef) {
	if !isMoneyName(name) {
		return
	}
	seen := map[*openapi3.Schema]bool{}
	var check func(*openapi3.SchemaRef)
	check = func(r *openapi3.SchemaRef) {
		if r == nil || r.Value == nil || seen[r.Value] {
			return
		}
		s := r.Value
		seen[s] = true
		if s.Type.Includes(openapi3.TypeNumber) {
			switch s.Format {
			case "", "float", "double":
				f := s.Format
				if f == "" {
					f = "none"
				}
				w.probs.addf("%s: %q looks like money but is type: number with format %s: money must be format: decimal", where, name, f)
			}
		}
		check(s.Items)
		for _, list := range []openapi3.SchemaRefs{s.AllOf, s.OneOf, s.AnyOf} {
			for _, m := range list {
				check(m)
			}
		}
	}
	check(ref)
}

// isSensitive reports whether values of a property with schema ref are secrets: format
// sensitive on the schema, on the items of an array, or on a member of allOf/oneOf/anyOf.
func isSensitive(ref *openapi3.SchemaRef, seen map[*openapi3.Schema]bool) bool {
	if ref == nil || ref.Value == nil || seen[ref.Value] {
		return false
	}
	s := ref.Value
	seen[s] = true
	if s.Format == "sensitive" || isSensitive(s.Items, seen) {
		return true
	}
	for _, list := range []openapi3.SchemaRefs{s.AllOf, s.OneOf, s.AnyOf} {
		for _, m := range list {
			if isSensitive(m, seen) {
				return true
			}
		}
	}
	return false
}

// sortedKeys returns the keys of m in ascending order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
