package sandbox

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
)

// Names maps the method names of a client (GetCard, CreateDisbursement, ACHTransactions) to
// the operation ids of its spec (getCard, createDisbursement, listAchTransactions). It is
// immutable and safe for concurrent use.
type Names struct {
	pkg     string
	unknown error
	byName  map[string][]string
	ids     map[string]bool
}

// NewNames maps each exported method of client (a value of the client's pointer type) whose
// name is an operation id of ids, compared without regard to case (getCardPin is GetCardPIN),
// to that operation, and each method of extra to the operations it lists (iterators,
// hand-written methods, a method that speaks two versions). pkg prefixes errors; unknown is
// the sandbox's ErrUnknownOperation, which the error of an unknown name wraps.
func NewNames(pkg string, unknown error, client any, ids []string, extra map[string][]string) *Names {
	n := &Names{pkg: pkg, unknown: unknown, byName: map[string][]string{}, ids: map[string]bool{}}
	for _, id := range ids {
		n.ids[id] = true
	}
	typ := reflect.TypeOf(client)
	for i := 0; i < typ.NumMethod(); i++ {
		name := typ.Method(i).Name
		for _, id := range ids {
			if strings.EqualFold(name, id) {
				n.byName[name] = []string{id}
			}
		}
	}
	for name, ops := range extra {
		n.byName[name] = slices.Clone(ops)
	}
	return n
}

// Resolve returns the operation ids a call of the method name sends: one for most methods,
// two for a method that speaks two versions of an API. An operation id of the spec is also
// accepted and returned as it is. Any other name is an error wrapping the sandbox's
// ErrUnknownOperation (NewNames).
func (n *Names) Resolve(name string) ([]string, error) {
	if ops, ok := n.byName[name]; ok {
		return slices.Clone(ops), nil
	}
	if n.ids[name] {
		return []string{name}, nil
	}
	return nil, fmt.Errorf("%s: %w %q: not a method of the client (%s)", n.pkg, n.unknown, name, n.suggest(name))
}

// Select returns the records of rs whose operation a call of the method name sends (Resolve),
// in their order: a sandbox's Server.RequestsFor. A name Resolve refuses is its error.
func (n *Names) Select(name string, rs []Request) ([]Request, error) {
	ids, err := n.Resolve(name)
	if err != nil {
		return nil, err
	}
	var out []Request
	for _, r := range rs {
		if slices.Contains(ids, r.OperationID) {
			out = append(out, r)
		}
	}
	return out, nil
}

// FailNext is a sandbox's Server.FailNext: it queues f on fs for the next count calls of the
// operations of the client method name (or of the operation id name).
func (n *Names) FailNext(fs *Faults, name string, count int, f Fault) error {
	ids, err := n.Resolve(name)
	if err != nil {
		return fmt.Errorf("FailNext: %w", err)
	}
	if err := fs.Add(ids, count, f); err != nil {
		return fmt.Errorf("%s: FailNext: %w", n.pkg, err)
	}
	return nil
}

// RequestsFor is a sandbox's Server.RequestsFor: the records of l of the method name
// (Select). It panics on a name Resolve refuses, as a test asking for it has a typo.
func (n *Names) RequestsFor(l *Log, name string) []Request {
	rs, err := n.Select(name, l.All())
	if err != nil {
		panic("RequestsFor: " + err.Error())
	}
	return rs
}

// suggest names the method name closest to name, or lists a few.
func (n *Names) suggest(name string) string {
	var names []string
	for m := range n.byName {
		if strings.EqualFold(m, name) {
			return "did you mean " + m + "?"
		}
		names = append(names, m)
	}
	sort.Strings(names)
	if len(names) > 6 {
		names = append(names[:6], "...")
	}
	return "methods: " + strings.Join(names, ", ")
}

// Unmapped returns the exported methods of client that take a context.Context first (the
// methods that call the API) and map to no operation: a sandbox's test asserts it is empty.
func (n *Names) Unmapped(client any) []string {
	ctxType := reflect.TypeOf((*context.Context)(nil)).Elem()
	typ := reflect.TypeOf(client)
	var out []string
	for i := 0; i < typ.NumMethod(); i++ {
		m := typ.Method(i)
		if m.Type.NumIn() > 1 && m.Type.In(1) == ctxType {
			if _, ok := n.byName[m.Name]; !ok {
				out = append(out, m.Name)
			}
		}
	}
	return out
}
