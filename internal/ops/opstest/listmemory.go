package opstest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/alloctest"
	"github.com/issuerkit/issuerkit-go/internal/ops"
)

// OverfullBytes is the size of the over-full answer MeasureLists sends to every paging
// operation: 1 MiB of items, about 350,000 items of {} (issue 34: 314 MiB allocated for it
// by SearchCards before the count was bounded).
const OverfullBytes = 1 << 20

// ListCost is what one list answer cost: allocated bytes against the bytes received.
type ListCost struct {
	Op string // operation id
	// Member is the answer's member holding the list, "" for a []T result.
	Member string
	Item   string // the JSON of each item: {} (the fewest bytes), or an item with one unknown member
	// Items is how many items the answer held: the page size asked for (the operation's
	// documented maximum halved, or 1,000), or 1 MiB of them for a list without a bound.
	Items int
	// Bytes is the size of the answer's body, Extra how many more bytes it holds than the same
	// answer with no items.
	Bytes, Extra int
	// Alloc is the bytes the call allocated beyond those of the same call answered with no
	// items (the least of several runs, alloctest).
	Alloc uint64
	// PerByte is Alloc / Extra: the multiple of the bytes received the items cost.
	PerByte float64
	// Overfull is set for a bounded list: the bytes its call allocated, beyond those of the
	// answer with no items, for an answer of OverfullBytes of {} items, which it refused with
	// the error expected; OverfullErr is that call's error. OverfullBound is the bound the
	// error must state: the size asked for.
	Overfull      uint64
	OverfullErr   error
	OverfullBound int
	// Unsized is set for a list whose calls are bounded when they name no size (a documented
	// default or maximum): the bytes the same over-full answer cost a call that named no
	// size; UnsizedErr is its error and UnsizedBound the bound it must state.
	Unsized      uint64
	UnsizedErr   error
	UnsizedBound int
}

// ListCall is one list answer of one operation, ready to be sent over real HTTP.
type ListCall struct {
	Op     string // operation id
	Member string // the answer's member holding the list, "" for a []T result
	Item   string // the JSON of each item: {} (the fewest bytes), or an item with one unknown member
	Items  int    // how many items Body holds
	// Bound is the count the call asked for (0: none), UnsizedBound the bound of a call that
	// names no size (0: none).
	Bound, UnsizedBound int
	// Body is the answer, Empty the same answer with no items, and Overfull (for a bounded
	// list and items of {}) an answer of OverfullBytes of {} items, more than asked for.
	Body, Empty, Overfull []byte
	// Call sends the call of the operation (its size set to Items for a bounded list) and
	// has the server answer it with body; CallUnsized (set when UnsizedBound is) sends it
	// naming no size.
	Call, CallUnsized func(body []byte) error
}

// ListCalls returns, for every list of every operation of table (the items of a page, the
// lists of the operation's descriptor, ops.Operation.Lists: a []T result, an array member of
// the answer), the calls that MeasureLists measures: lists of {} items and of items holding
// one unknown member, as many as the size the call asks for (half the documented maximum,
// else 1,000) for a bounded list, or 1 MiB of them for a list without a bound, answered by a
// server it starts (closed with tb's cleanup). newClient builds the client for a base URL;
// operations listed in skip are left out.
func ListCalls(tb testing.TB, table *ops.Table, version string, newClient func(baseURL string) any, skip ...string) []ListCall {
	tb.Helper()
	var mu sync.Mutex
	var status int
	var answer []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		st, ans := status, answer
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(st)
		_, _ = w.Write(ans)
	}))
	tb.Cleanup(srv.Close)
	client := newClient(srv.URL)
	var calls []ListCall
	for op := range table.All() {
		if slices.Contains(skip, op.ID) {
			continue
		}
		m, ok := MethodFor(client, op.ID)
		if !ok {
			tb.Fatalf("no method for %s", op.ID)
		}
		slice := m.Type.NumOut() == 2 && m.Type.Out(0).Kind() == reflect.Slice
		for _, l := range listsOf(op, slice) {
			success := op.Success[0]
			caller := func(size int) func(body []byte) error {
				args := []reflect.Value{reflect.ValueOf(client), reflect.ValueOf(context.Background())}
				for i := 2; i < m.Type.NumIn(); i++ {
					if m.Type.IsVariadic() && i == m.Type.NumIn()-1 {
						break
					}
					a := filled(m.Type.In(i))
					if a.Kind() == reflect.Struct {
						l.setSize(a, size)
					}
					args = append(args, a)
				}
				return func(body []byte) error {
					mu.Lock()
					status, answer = success, body
					mu.Unlock()
					out := m.Func.Call(args)
					err, _ := out[len(out)-1].Interface().(error)
					return err
				}
			}
			wrap := func(items []byte) []byte {
				if l.member == "" {
					return items
				}
				return append(append([]byte(`{"`+l.member+`":`), items...), '}')
			}
			elem := "{}"
			if l.member == "" && m.Type.Out(0).Elem().Kind() == reflect.String {
				elem = `""` // a []string result
			}
			kinds := []string{elem}
			if elem == "{}" {
				kinds = append(kinds, `{"x":0}`) // one unknown member: the item keeps it in a map
			}
			n := 0 // the size asked for: below the documented maximum, so that it is the bound
			if l.bounded {
				n = 1000
				if l.maxSize > 0 {
					n = l.maxSize / 2
				}
			}
			call := caller(n)
			var unsized func([]byte) error
			if l.unsized > 0 {
				unsized = caller(0)
			}
			for _, item := range kinds {
				c := ListCall{Op: op.ID, Member: l.member, Item: item, Items: n, Bound: n, Empty: wrap([]byte("[]")), Call: call}
				if n == 0 {
					c.Items = OverfullBytes / (len(item) + 1)
				}
				c.Body = wrap(items(item, c.Items))
				if n > 0 && item == "{}" {
					c.Overfull = wrap(items("{}", OverfullBytes/3))
					c.UnsizedBound, c.CallUnsized = l.unsized, unsized
				}
				calls = append(calls, c)
			}
		}
	}
	return calls
}

// listSpec is one list of an operation as ListCalls sends it.
type listSpec struct {
	member  string // the answer's member holding it, "" for the answer itself
	paging  *ops.Paging
	size    string // the size parameter of a list that does not page
	bounded bool   // a call can name a size (or the list has a documented bound)
	maxSize int    // the documented maximum, 0 when none
	unsized int    // the bound of a call that names no size, 0 when none
}

// listsOf returns the lists of op: the items of its pages, and each list of its descriptor (a
// []T result with no descriptor, slice set, is one too).
func listsOf(op ops.Operation, slice bool) []listSpec {
	var out []listSpec
	if p := op.Paging; p != nil {
		out = append(out, listSpec{member: p.Items, paging: p, bounded: true, maxSize: p.MaxSize, unsized: unsizedBound(p.DefaultSize, p.MaxSize, p.MaxItems)})
	}
	for _, l := range op.Lists {
		out = append(out, listSpec{member: l.Member, size: l.Size, bounded: l.Size != "" || l.Bounded(), maxSize: l.MaxSize, unsized: unsizedBound(l.DefaultSize, l.MaxSize, 0)})
	}
	if len(out) == 0 && slice {
		out = append(out, listSpec{})
	}
	return out
}

// unsizedBound is the bound of a call that names no size: the default, else the maximum size,
// never above the maximum total (sdkclient's itemLimit).
func unsizedBound(def, maxSize, maxItems int) int {
	n := def
	if n == 0 {
		n = maxSize
	}
	if maxItems > 0 && (n == 0 || n > maxItems) {
		n = maxItems
	}
	return n
}

// setSize sets, in req (a method's request struct, filled), the size l names to n (0: none
// named): for a page its size field, or for the row style the window 1..n; else the list's
// size parameter.
func (l listSpec) setSize(req reflect.Value, n int) {
	set := func(name string, v int) {
		if name == "" {
			return
		}
		f := req.FieldByNameFunc(func(s string) bool { return strings.EqualFold(s, name) })
		if f.IsValid() && f.CanSet() && f.CanInt() {
			f.SetInt(int64(v))
		}
	}
	p := l.paging
	switch {
	case p == nil:
		set(l.size, n)
	case p.Style == "row":
		set(p.Start, min(n, 1))
		set(p.End, n)
	default:
		set(p.Size, n)
		set(p.Start, 1)
	}
}

// MeasureLists measures the calls of ListCalls: what each answer's items cost in memory
// beyond the same answer with no items, and what an over-full answer costs, sent to a call
// that asked for a size and to one that named none. Every call must succeed but the over-full
// ones. Run it from a test that is not parallel (or a benchmark): it measures with alloctest.
func MeasureLists(tb testing.TB, table *ops.Table, version string, newClient func(baseURL string) any, skip ...string) []ListCost {
	tb.Helper()
	var costs []ListCost
	for _, lc := range ListCalls(tb, table, version, newClient, skip...) {
		if err := lc.Call(lc.Empty); err != nil {
			tb.Fatalf("%s with no items: %v", lc.Op, err)
		}
		if err := lc.Call(lc.Body); err != nil {
			tb.Fatalf("%s with %d items of %s: %v", lc.Op, lc.Items, lc.Item, err)
		}
		base := alloctest.Bytes(3, func() { _ = lc.Call(lc.Empty) })
		alloc := alloctest.Bytes(3, func() { _ = lc.Call(lc.Body) })
		c := ListCost{Op: lc.Op, Member: lc.Member, Item: lc.Item, Items: lc.Items, Bytes: len(lc.Body), Extra: len(lc.Body) - len(lc.Empty)}
		c.Alloc = alloc - min(base, alloc)
		c.PerByte = float64(c.Alloc) / float64(c.Extra)
		if lc.Overfull != nil {
			c.OverfullBound = lc.Bound
			c.OverfullErr = lc.Call(lc.Overfull)
			overAlloc := alloctest.Bytes(3, func() { _ = lc.Call(lc.Overfull) })
			c.Overfull = overAlloc - min(base, overAlloc)
		}
		if lc.CallUnsized != nil {
			c.UnsizedBound = lc.UnsizedBound
			c.UnsizedErr = lc.CallUnsized(lc.Overfull)
			overAlloc := alloctest.Bytes(3, func() { _ = lc.CallUnsized(lc.Overfull) })
			c.Unsized = overAlloc - min(base, overAlloc)
		}
		costs = append(costs, c)
	}
	return costs
}

// ReadMultiple is the most an over-full answer may cost per byte of its body: reading it
// (sdkclient's readBody: at most 2.25 times its size without a Content-Length, as the test
// server sends it, 1.5 times with one), the items it holds never built. CheckListMemory
// allows it plus the items asked for and ReadConstant.
const ReadMultiple = 2.25

// ReadConstant is what reading an answer may cost besides ReadMultiple times its bytes: the
// smallest chunk (64 KiB) and the growth of the pooled buffer when the pool hands out one
// that has not grown (under 512 KiB: the race detector's sync.Pool drops buffers at random).
const ReadConstant = 576 << 10

// CheckListMemory runs MeasureLists and fails t when an answer's items cost more than
// multiple times the bytes they took, or a bounded list's over-full answer (to a call that
// asked for a size, and to one that named none where the list has a documented default or
// maximum) decodes, fails with an error that does not match errTooMany or does not state the
// bound, or costs more than the items asked for plus ReadMultiple times its bytes and
// ReadConstant.
// It returns the costs.
func CheckListMemory(t *testing.T, table *ops.Table, version string, newClient func(baseURL string) any, errTooMany error, multiple float64, skip ...string) []ListCost {
	t.Helper()
	costs := MeasureLists(t, table, version, newClient, skip...)
	full := map[string]uint64{}
	for _, c := range costs {
		if c.Item == "{}" {
			full[c.Op+"/"+c.Member] = c.Alloc
		}
	}
	for _, c := range costs {
		if c.PerByte > multiple {
			t.Errorf("%s %q: %d items of %s (%d bytes) allocated %d bytes: %.1f× the bytes, over %.0f×", c.Op, c.Member, c.Items, c.Item, c.Extra, c.Alloc, c.PerByte, multiple)
		}
		for _, o := range []struct {
			what  string
			cost  uint64
			err   error
			bound int
		}{{"asked for", c.Overfull, c.OverfullErr, c.OverfullBound}, {"named no size", c.Unsized, c.UnsizedErr, c.UnsizedBound}} {
			if o.bound == 0 {
				continue
			}
			if !errors.Is(o.err, errTooMany) {
				t.Errorf("%s %q, a call that %s: %d bytes of {} items, more than %d: error %v, want %v", c.Op, c.Member, o.what, OverfullBytes, o.bound, o.err, errTooMany)
			} else if want := fmt.Sprintf("(at most %d)", o.bound); !strings.Contains(o.err.Error(), want) {
				t.Errorf("%s %q, a call that %s: the bound is not %d: %v, want %s", c.Op, c.Member, o.what, o.bound, o.err, want)
			}
			if limit := full[c.Op+"/"+c.Member] + uint64(ReadMultiple*OverfullBytes) + ReadConstant; o.cost > limit {
				t.Errorf("%s %q, a call that %s: %d bytes of {} items, more than %d, allocated %d bytes, over %d", c.Op, c.Member, o.what, OverfullBytes, o.bound, o.cost, limit)
			}
		}
	}
	return costs
}

// items returns a JSON array of count copies of item.
func items(item string, count int) []byte {
	var b bytes.Buffer
	b.Grow(count*(len(item)+1) + 1)
	b.WriteByte('[')
	for i := range count {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(item)
	}
	b.WriteByte(']')
	return b.Bytes()
}

// BenchLists runs one benchmark per call of ListCalls (named operation/items=empty|unknown|
// string): the call answered with its list, and what its items allocate per byte received
// (alloc-B/B: the bytes allocated per call beyond those of the same answer with no items,
// divided by the bytes the items take) and per item (alloc-B/item).
func BenchLists(b *testing.B, table *ops.Table, version string, newClient func(baseURL string) any, skip ...string) {
	names := map[string]string{"{}": "empty", `{"x":0}`: "unknown", `""`: "string"}
	for _, lc := range ListCalls(b, table, version, newClient, skip...) {
		name := lc.Op
		if lc.Member != "" {
			name += "/" + lc.Member
		}
		b.Run(name+"/items="+names[lc.Item], func(b *testing.B) {
			if err := lc.Call(lc.Body); err != nil {
				b.Fatal(err)
			}
			base := alloctest.Bytes(3, func() { _ = lc.Call(lc.Empty) })
			b.ReportAllocs()
			b.SetBytes(int64(len(lc.Body)))
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			n := 0
			for b.Loop() {
				if err := lc.Call(lc.Body); err != nil {
					b.Fatal(err)
				}
				n++
			}
			runtime.ReadMemStats(&after)
			items := float64(after.TotalAlloc-before.TotalAlloc)/float64(n) - float64(base)
			b.ReportMetric(items/float64(len(lc.Body)-len(lc.Empty)), "alloc-B/B")
			b.ReportMetric(items/float64(lc.Items), "alloc-B/item")
		})
	}
}
