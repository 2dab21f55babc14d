package opstest

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/ops"
)

// ListBound is one list result of an operation, found from the Go type its method returns,
// and what bounds its count.
type ListBound struct {
	Op string // operation id
	// Member is the answer's member holding the list (its JSON name), "" for a []T result.
	Member string
	// Bound says how the count is bounded: "asked (default N, max M)", "required size", or
	// "unbounded: <why>".
	Bound string
}

// ListBounds finds every list result of client's methods (a method's result that is a slice,
// or a slice field of the struct it points to: the answer's top-level arrays, by the Go types,
// not by the descriptors) and checks that its operation's descriptor bounds the count or says
// why not: the items of a paging operation by ops.Paging (a default, maximum or total, a size
// parameter every call names, or Unbounded), every other array by an ops.List of
// op.Lists (a size parameter, a default or a maximum, or Unbounded). It fails t for a list
// with neither, and for a descriptor that names a list the result does not hold. aliases maps
// an operation id to its method's name where they differ.
func ListBounds(t *testing.T, client any, table *ops.Table, aliases map[string]string) []ListBound {
	t.Helper()
	var out []ListBound
	for op := range table.All() {
		name := op.ID
		if a, ok := aliases[op.ID]; ok {
			name = a
		}
		m, ok := MethodFor(client, name)
		if !ok {
			t.Errorf("%s: no method %s", op.ID, name)
			continue
		}
		arrays := resultArrays(m.Type)
		if p := op.Paging; p != nil && !containsFold(arrays, p.Items) {
			if !containsFold(resultMembers(m.Type), p.Items) {
				t.Errorf("%s: its pages' items %q are not a member of its result (%v)", op.ID, p.Items, m.Type.Out(0))
			}
			arrays = append(arrays, p.Items) // a union of one item or a list (paging.Parties)
		}
		for _, a := range arrays {
			lb := ListBound{Op: op.ID, Member: a}
			switch l, isList := listOf(&op, a); {
			case op.Paging != nil && strings.EqualFold(op.Paging.Items, a):
				lb.Bound = pagingBound(op.Paging)
			case isList:
				lb.Bound = listBound(l)
			}
			if lb.Bound == "" {
				t.Errorf("%s: the list %q of its result has no bound on its count and does not say why (x-issuerkit-pagination or x-issuerkit-lists)", op.ID, a)
			}
			out = append(out, lb)
		}
		for _, l := range op.Lists {
			if !containsFold(arrays, l.Member) {
				t.Errorf("%s: its descriptor bounds the list %q, which its result (%v) does not hold", op.ID, l.Member, m.Type.Out(0))
			}
		}
	}
	return out
}

// resultArrays returns the top-level arrays of the result of a method of type mt: "" when the
// result is a slice, else the JSON names of the slice fields of the struct it points to.
func resultArrays(mt reflect.Type) []string {
	return resultFields(mt, true)
}

// resultMembers returns the JSON names of the fields of the struct the result of a method of
// type mt points to.
func resultMembers(mt reflect.Type) []string {
	return resultFields(mt, false)
}

// resultFields returns the JSON names of the fields of the struct the result of a method of
// type mt points to, only its slices when slices is set ("" for a result that is a slice).
func resultFields(mt reflect.Type, slices bool) []string {
	if mt.NumOut() != 2 {
		return nil
	}
	rt := mt.Out(0)
	if rt.Kind() == reflect.Slice {
		if !slices {
			return nil
		}
		return []string{""}
	}
	if rt.Kind() == reflect.Pointer {
		rt = rt.Elem()
	}
	if rt.Kind() != reflect.Struct {
		return nil
	}
	var names []string
	for i := range rt.NumField() {
		f := rt.Field(i)
		if !f.IsExported() || slices && (f.Type.Kind() != reflect.Slice || f.Type.Elem().Kind() == reflect.Uint8) {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		names = append(names, name)
	}
	return names
}

// listOf returns the ops.List of op for the member a.
func listOf(op *ops.Operation, a string) (ops.List, bool) {
	for _, l := range op.Lists {
		if strings.EqualFold(l.Member, a) {
			return l, true
		}
	}
	return ops.List{}, false
}

// pagingBound describes the bound of the items of a paging operation, "" for none.
func pagingBound(p *ops.Paging) string {
	switch {
	case p.DefaultSize > 0 || p.MaxSize > 0 || p.MaxItems > 0:
		return fmt.Sprintf("the size asked (default %d, max %d, total %d)", p.DefaultSize, p.MaxSize, p.MaxItems)
	case p.Unbounded != "":
		return "the size asked, else unbounded: " + p.Unbounded
	case p.SizeRequired:
		return "the size asked, always sent (" + p.Size + " is required)"
	}
	return ""
}

// listBound describes the bound of l, "" for none.
func listBound(l ops.List) string {
	switch {
	case l.Bounded():
		return fmt.Sprintf("the %s asked (default %d, max %d)", l.Size, l.DefaultSize, l.MaxSize)
	case l.Unbounded != "":
		return "unbounded: " + l.Unbounded
	}
	return ""
}

// containsFold reports whether list holds s, compared without regard to case.
func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}
