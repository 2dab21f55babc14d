// Package ops describes the operations of an HTTP API at run time: for each operation its
// method, path template, success statuses, whether a request may be re-sent after a failure,
// and how it pages. The tables are generated from the OpenAPI specs (internal/tools/gen, part ops: each method sends its descriptor op<Method>)
// and shared by the three clients. Each call hands its *Operation to the HTTP pipeline
// (sdkclient.CallConfig.Op), whose retry policy reads RetrySafe from it; the pipeline never matches a
// URL back to an operation.
package ops

import (
	"iter"
	"strings"
)

// Operation is one operation of an API, as its OpenAPI spec declares it.
type Operation struct {
	ID        string // operationId
	Method    string // upper-case HTTP method
	Path      string // template, e.g. /api/{version}/cards/{card_proxy}
	Success   []int  // success statuses, ascending
	RetrySafe bool   // from x-issuerkit-retry-safe
	// RequiredHeaders are the names of the operation's required in: header parameters, in
	// spec order (the operation's own, then its path item's), as the spec spells them.
	RequiredHeaders []string
	Paging          *Paging // from x-issuerkit-pagination, nil when the operation does not page
	// Lists are the arrays at the top of the operation's success answer that are not the
	// items of its pages (the answer itself when it is an array, a []T result; an array
	// member of the answer's object), from x-issuerkit-lists: each is bounded in count or
	// says why it is not. Nil when the answer holds no other array.
	Lists []List
}

// List is one array at the top of an operation's success answer, other than its pages' items,
// and how many elements it may hold, from the operation's x-issuerkit-lists. At most one List
// of an operation is bounded in count (Size, DefaultSize or MaxSize), and not one of an
// operation that pages (its Paging bounds its items); every other says why it is not, in
// Unbounded.
type List struct {
	// Member is the answer object's member that holds the array; "" for the answer itself.
	Member string
	// Size is the name of the query parameter that asks for a number of elements ("" none).
	Size string
	// DefaultSize is how many elements the server returns at most when Size is absent, and
	// MaxSize the most it ever returns; 0 when not documented.
	DefaultSize, MaxSize int
	// Unbounded says why the array has no bound on its count (no maximum documented): its
	// memory is still bounded by the bytes received (the jsonx package doc states the
	// multiple). Empty for a bounded list.
	Unbounded string
}

// Bounded reports whether l bounds the count of its array: a call that names no size gets
// DefaultSize or MaxSize.
func (l List) Bounded() bool { return l.DefaultSize > 0 || l.MaxSize > 0 }

// Paging says how an operation pages, from the x-issuerkit-pagination extension of its spec.
// Names are parameter names; paths are dotted JSON paths into the response body, or
// "header:NAME" for a response header. Empty strings and zero numbers mean "not published".
// It holds what the SDK reads at run time (the bound of a page's items, the iterator engine's
// configuration, a read-back's listing); the generated iterators take the rest of the
// extension (end markers, echoes, the published placement) from the spec when generated.
type Paging struct {
	Style string // index, offset, page, row, sequence or key
	In    string // where the paging parameters travel: query or body
	Start string // name of the start/offset/pageNumber/startRowIndex parameter
	// Size is the name of the size parameter (limit, pageSize). Row style has none: its
	// window is [Start, End] with End = start + n − 1.
	Size string
	End  string // row style: name of the inclusive end parameter (endRowIndex)
	// MaxSize is the largest page size, or row window, the server accepts; 0 when unknown.
	MaxSize int
	// DefaultSize is the size the server uses when the parameter is absent; 0 when unknown.
	DefaultSize int
	// SizeRequired is set when the size is a required parameter: every call names it.
	SizeRequired bool
	// MaxItems is the most items the operation can ever return in total (the addenda of one
	// ACH item: sequence numbers have four digits); 0 when unbounded.
	MaxItems int
	// Unbounded says why a call that names no size has no bound on the count of its items
	// (neither a default nor a maximum size is documented); empty when DefaultSize, MaxSize or
	// MaxItems bound it, or SizeRequired. A call that names a size is bounded by it.
	Unbounded string
	Items     string // path of the response's items
	Total     string // path of the total count, or "header:NAME"
}

// Table is the set of operations of one API, indexed for [Table.Match] and [Table.ByID]. Build
// it with [NewTable]; it is immutable afterwards and safe for concurrent use. A nil *Table is
// an empty table.
type Table struct {
	ops  []Operation
	byID map[string]int
	tpls []template // the path template of each operation, split
}

// template is a path template split into segments.
type template struct {
	segs     []segment // segments of the template, without the leading empty one
	literals int       // number of literal segments
}

// segment is one segment of a path template: a literal, or a {param} when param is set.
type segment struct {
	lit   string
	param bool
}

// NewTable indexes ops. The slice is copied; the Success slices and Paging values are shared
// and must not be changed afterwards. When two operations share an ID, ByID finds the first.
func NewTable(ops []Operation) *Table {
	t := &Table{ops: append([]Operation(nil), ops...), byID: make(map[string]int, len(ops))}
	for i, op := range t.ops {
		if _, dup := t.byID[op.ID]; !dup {
			t.byID[op.ID] = i
		}
		t.tpls = append(t.tpls, parseTemplate(op.Path))
	}
	return t
}

// parseTemplate splits path into segments. A segment of the form {name} is a parameter; every
// other segment, including a segment that only partly consists of a {name}, is a literal.
func parseTemplate(path string) template {
	var tpl template
	for _, s := range strings.Split(strings.TrimPrefix(path, "/"), "/") {
		if len(s) > 2 && s[0] == '{' && s[len(s)-1] == '}' {
			tpl.segs = append(tpl.segs, segment{param: true})
			continue
		}
		tpl.segs = append(tpl.segs, segment{lit: s})
		tpl.literals++
	}
	return tpl
}

// Len returns the number of operations in t.
func (t *Table) Len() int {
	if t == nil {
		return 0
	}
	return len(t.ops)
}

// All yields the operations of t in the order they were given to NewTable.
func (t *Table) All() iter.Seq[Operation] {
	return func(yield func(Operation) bool) {
		if t == nil {
			return
		}
		for _, op := range t.ops {
			if !yield(op) {
				return
			}
		}
	}
}

// ByID returns the operation whose operationId is id.
func (t *Table) ByID(id string) (Operation, bool) {
	if t == nil {
		return Operation{}, false
	}
	i, ok := t.byID[id]
	if !ok {
		return Operation{}, false
	}
	return t.ops[i], true
}

// Match finds the operation whose path template matches the request path. The request path
// never decides how a call is sent (each call carries its operation); Match serves the checks
// that a spec's templates do not shadow each other and tools that read request logs. The request path may
// carry a base-path prefix (base URL https://host/prefix): templates match against its trailing
// segments. Literal segments compare exactly (case-sensitive); {param} matches one non-empty
// segment. When several templates match, the one with more literal segments wins
// (/cards/search over /cards/{card_proxy}); then the longer one; then the one given first to
// NewTable. An empty method means GET, as in net/http.
//
// Pass the escaped path (url.URL.EscapedPath) so that an encoded slash inside a parameter
// value stays within its segment. Match does not allocate.
func (t *Table) Match(method, path string) (Operation, bool) {
	if t == nil {
		return Operation{}, false
	}
	if method == "" {
		method = "GET"
	}
	best := -1
	for i := range t.ops {
		if t.ops[i].Method != method || !t.tpls[i].matches(path) {
			continue
		}
		if c, b := t.tpls[i], t.tpls[max(best, 0)]; best < 0 || c.literals > b.literals ||
			(c.literals == b.literals && len(c.segs) > len(b.segs)) {
			best = i
		}
	}
	if best < 0 {
		return Operation{}, false
	}
	return t.ops[best], true
}

// matches reports whether the trailing segments of path match the template, walking both
// from the end.
func (tpl *template) matches(path string) bool {
	end := len(path)
	for i := len(tpl.segs) - 1; i >= 0; i-- {
		if end < 0 {
			return false // path has fewer segments than the template
		}
		start := strings.LastIndexByte(path[:end], '/') + 1
		s := path[start:end]
		if seg := tpl.segs[i]; seg.param {
			if s == "" {
				return false
			}
		} else if s != seg.lit {
			return false
		}
		end = start - 1 // -1 once the first segment of a path without a leading slash is used
	}
	return true
}
