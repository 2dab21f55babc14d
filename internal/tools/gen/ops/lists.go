package ops

import (
	"math"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// extLists is the extension that bounds the arrays of an operation's success answer that are
// not the items of its pages.
const extLists = "x-issuerkit-lists"

// answerItself is the key of x-issuerkit-lists for an answer that is itself an array.
const answerItself = "."

// list mirrors ops.List.
type list struct {
	Member               string // "" for the answer itself
	Size                 string
	DefaultSize, MaxSize int
	Unbounded            string
}

// The rule of the list bounds (issue 34: memory by the bytes received, for every answer).
// Every array at the top of a success answer (the answer itself, or a member of the answer's
// object) is a list, and every list is bounded in count or says why it is not:
//
//   - the items of an operation that pages: its x-issuerkit-pagination has a defaultSize,
//     maxSize or maxItems (the bound of a call that names no size; a call that names one is
//     bounded by it), or `unbounded: <why>`;
//   - every other array: an entry of the operation's x-issuerkit-lists, keyed by the member's
//     name ("." for the answer itself), with `size` (the query parameter asking for a count),
//     `defaultSize` and `maxSize`, or `unbounded: <why>`. At most one entry of an operation
//     is bounded (the SDK's decoder bounds one array per answer), and none of an operation
//     that pages.
//
// A size parameter whose schema has a default or a maximum must agree with defaultSize and
// maxSize: the bound is the documented one, stated once in the extension and checked against
// the parameter.

// listsOf parses and checks the x-issuerkit-lists of op, and checks that every array of its
// success answers is bounded or says why not (p is the operation's paging, nil when it does
// not page).
func listsOf(probs *problems, where string, item *openapi3.PathItem, op *openapi3.Operation, p *paging) []list {
	arrays := answerArrays(op)
	var lists []list
	if v, ok := op.Extensions[extLists]; ok {
		lists = parseLists(probs, where+": "+extLists, v, item, op)
	}
	covered := map[string]bool{}
	if p != nil {
		if p.Items != "" && !strings.Contains(p.Items, ".") {
			covered[p.Items] = true
		}
		checkPagingBound(probs, where+": "+extPagination, p, item, op)
	}
	bounded := 0
	for _, l := range lists {
		name := l.Member
		if name == "" {
			name = answerItself
		}
		if covered[l.Member] {
			probs.addf("%s: %s: %q is the items of the pages: x-issuerkit-pagination bounds it", where, extLists, name)
		}
		covered[l.Member] = true
		if !slices.Contains(arrays, l.Member) {
			probs.addf("%s: %s: %q is not an array of the success answer", where, extLists, name)
		}
		if l.DefaultSize > 0 || l.MaxSize > 0 || l.Size != "" {
			bounded++
			if p != nil {
				probs.addf("%s: %s: %q has a count bound, but the operation pages: only its items are bounded", where, extLists, name)
			}
		}
	}
	if bounded > 1 {
		probs.addf("%s: %s: %d lists with a count bound: at most one (the decoder bounds one array per answer)", where, extLists, bounded)
	}
	for _, a := range arrays {
		if !covered[a] {
			name := a
			if name == "" {
				name = answerItself
			}
			probs.addf("%s: the success answer's array %q has no bound: give it an entry in %s (defaultSize/maxSize, or unbounded: why)", where, name, extLists)
		}
	}
	return lists
}

// parseLists parses an x-issuerkit-lists value, its entries sorted by member.
func parseLists(probs *problems, where string, v any, item *openapi3.PathItem, op *openapi3.Operation) []list {
	m, ok := v.(map[string]any)
	if !ok || len(m) == 0 {
		probs.addf("%s: is %v, want an object of lists by member", where, v)
		return nil
	}
	var lists []list
	for _, name := range sortedKeys(m) {
		lw := where + ": " + name
		e, ok := m[name].(map[string]any)
		if !ok {
			probs.addf("%s: is %v, want an object", lw, m[name])
			continue
		}
		l := list{Member: name}
		if name == answerItself {
			l.Member = ""
		}
		for _, key := range sortedKeys(e) {
			switch key {
			case "size", "unbounded":
				s, isString := e[key].(string)
				if !isString || strings.TrimSpace(s) == "" {
					probs.addf("%s: %s is %v, want a non-empty string", lw, key, e[key])
					continue
				}
				if key == "size" {
					l.Size = s
				} else {
					l.Unbounded = strings.TrimSpace(s)
				}
			case "defaultSize", "maxSize":
				f, isNum := e[key].(float64)
				if !isNum || f < 1 || f != math.Trunc(f) || f > math.MaxInt32 {
					probs.addf("%s: %s is %v, want a positive integer", lw, key, e[key])
					continue
				}
				if key == "defaultSize" {
					l.DefaultSize = int(f)
				} else {
					l.MaxSize = int(f)
				}
			default:
				probs.addf("%s: unknown key %q", lw, key)
			}
		}
		bound := l.DefaultSize > 0 || l.MaxSize > 0
		switch {
		case bound && l.Unbounded != "":
			probs.addf("%s: a count bound and unbounded: one or the other", lw)
		case !bound && l.Unbounded == "":
			probs.addf("%s: no bound: give defaultSize or maxSize (the count of a call that names no size), or unbounded: why none is documented", lw)
		}
		if l.DefaultSize > 0 && l.MaxSize > 0 && l.DefaultSize > l.MaxSize {
			probs.addf("%s: defaultSize %d over maxSize %d", lw, l.DefaultSize, l.MaxSize)
		}
		if l.Size != "" {
			if !hasParameter(item, op, l.Size, "query") {
				probs.addf("%s: the operation has no query parameter %q", lw, l.Size)
			}
			checkSizeParam(probs, lw, item, op, l.Size, "query", l.DefaultSize, l.MaxSize)
		}
		lists = append(lists, l)
	}
	return lists
}

// checkPagingBound checks that a call of a paging operation that names no size is bounded
// (or cannot be made: the size is a required query parameter), or that the extension says
// why not, and that the bounds agree with the size parameter.
func checkPagingBound(probs *problems, where string, p *paging, item *openapi3.PathItem, op *openapi3.Operation) {
	p.SizeRequired = requiredQuery(item, op, p.Size, p.In)
	bound := p.DefaultSize > 0 || p.MaxSize > 0 || p.MaxItems > 0 || p.SizeRequired
	switch {
	case bound && p.Unbounded != "":
		probs.addf("%s: a count bound (defaultSize, maxSize or maxItems, or a required size) and unbounded: one or the other", where)
	case !bound && p.Unbounded == "":
		probs.addf("%s: a call without %q has no bound on its items: give defaultSize, maxSize or maxItems, or unbounded: why none is documented", where, p.Size)
	}
	if p.Size != "" {
		checkSizeParam(probs, where, item, op, p.Size, p.In, p.DefaultSize, p.MaxSize)
	}
}

// checkSizeParam checks that the default and maximum of the size parameter name (in the query,
// or a property of the JSON body) are the extension's defaultSize and maxSize.
func checkSizeParam(probs *problems, where string, item *openapi3.PathItem, op *openapi3.Operation, name, in string, defaultSize, maxSize int) {
	s := paramSchema(item, op, name, in)
	if s == nil {
		return
	}
	if d, ok := s.Default.(float64); ok && int(d) != defaultSize {
		probs.addf("%s: the %s parameter %q defaults to %v, but defaultSize is %d", where, in, name, d, defaultSize)
	}
	if s.Max != nil && int(*s.Max) != maxSize {
		probs.addf("%s: the %s parameter %q has maximum %v, but maxSize is %d", where, in, name, *s.Max, maxSize)
	}
}

// paramSchema returns the schema of op's query parameter name (in == "query") or of the
// top-level property name of its JSON request body, nil when it has none.
func paramSchema(item *openapi3.PathItem, op *openapi3.Operation, name, in string) *openapi3.Schema {
	if in == "query" {
		for _, params := range []openapi3.Parameters{op.Parameters, item.Parameters} {
			for _, p := range params {
				if p != nil && p.Value != nil && p.Value.In == "query" && p.Value.Name == name && p.Value.Schema != nil {
					return p.Value.Schema.Value
				}
			}
		}
		return nil
	}
	if op.RequestBody == nil || op.RequestBody.Value == nil {
		return nil
	}
	for _, mt := range sortedKeys(op.RequestBody.Value.Content) {
		if c := op.RequestBody.Value.Content[mt]; c != nil && c.Schema != nil {
			if ref := propertyOf(c.Schema.Value, name); ref != nil {
				return ref.Value
			}
		}
	}
	return nil
}

// answerArrays returns the arrays at the top of op's JSON success answers, sorted: "" when an
// answer is itself an array, and the names of the array properties of an answer's object
// (its own and its allOf members').
func answerArrays(op *openapi3.Operation) []string {
	var names []string
	if op.Responses == nil {
		return nil
	}
	for code, r := range op.Responses.Map() {
		if !strings.HasPrefix(code, "2") || r == nil || r.Value == nil {
			continue
		}
		for mt, c := range r.Value.Content {
			if !strings.Contains(mt, "json") || c == nil || c.Schema == nil || c.Schema.Value == nil {
				continue
			}
			s := c.Schema.Value
			if s.Type.Is(openapi3.TypeArray) {
				names = append(names, "")
			}
			for _, name := range topProperties(s, map[*openapi3.Schema]bool{}) {
				if ref := propertyOf(s, name); ref != nil && ref.Value != nil && ref.Value.Type.Is(openapi3.TypeArray) {
					names = append(names, name)
				}
			}
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// topProperties returns the names of the properties of s and of its allOf members.
func topProperties(s *openapi3.Schema, seen map[*openapi3.Schema]bool) []string {
	if s == nil || seen[s] {
		return nil
	}
	seen[s] = true
	names := sortedKeys(s.Properties)
	for _, r := range s.AllOf {
		if r != nil {
			names = append(names, topProperties(r.Value, seen)...)
		}
	}
	return names
}

// propertyOf returns the schema of property name of s or of one of its allOf members.
func propertyOf(s *openapi3.Schema, name string) *openapi3.SchemaRef {
	if s == nil {
		return nil
	}
	if r, ok := s.Properties[name]; ok {
		return r
	}
	for _, m := range s.AllOf {
		if m != nil {
			if r := propertyOf(m.Value, name); r != nil {
				return r
			}
		}
	}
	return nil
}

// requiredQuery reports whether name is a required query parameter of op (in == "query").
func requiredQuery(item *openapi3.PathItem, op *openapi3.Operation, name, in string) bool {
	if in != "query" || name == "" {
		return false
	}
	for _, params := range []openapi3.Parameters{op.Parameters, item.Parameters} {
		for _, p := range params {
			if p != nil && p.Value != nil && p.Value.In == "query" && p.Value.Name == name {
				return p.Value.Required
			}
		}
	}
	return false
}
