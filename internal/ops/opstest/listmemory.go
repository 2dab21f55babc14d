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
	Op   string // operation id
	Item string // the JSON of each item: {} (the fewest bytes), or an item with one unknown member
	// Items is how many items the answer held: the page size asked for (the operation's
	// documented maximum halved, or 1,000), or 1 MiB of them for an operation that does not page.
	Items int
	// Bytes is the size of the answer's body, Extra how many more bytes it holds than the same
	// answer with no items.
	Bytes, Extra int
	// Alloc is the bytes the call allocated beyond those of the same call answered with no
	// items (the least of several runs, alloctest).
	Alloc uint64
	// PerByte is Alloc / Extra: the multiple of the bytes received the items cost.
	PerByte float64
	// Overfull is set for a paging operation: the bytes its call allocated, beyond those of the
	// answer with no items, for an answer of OverfullBytes of {} items, which it refused with
	// the error expected; OverfullErr is that call's error.
	Overfull    uint64
	OverfullErr error
}

// ListCall is one list answer of one operation, ready to be sent over real HTTP.
type ListCall struct {
	Op    string // operation id
	Item  string // the JSON of each item: {} (the fewest bytes), or an item with one unknown member
	Items int    // how many items Body holds
	// Body is the answer, Empty the same answer with no items, and Overfull (for a paging
	// operation and items of {}) an answer of OverfullBytes of {} items, more than asked for.
	Body, Empty, Overfull []byte
	// Call sends the call of the operation (its page size set to Items for a paging
	// operation) and has the server answer it with body.
	Call func(body []byte) error
}

// ListCalls returns, for every operation of table whose answer is a list (a page: the
// operation's descriptor has Paging; or a method whose result is a slice, the []T results),
// the calls that MeasureLists measures: lists of {} items and of items holding one unknown
// member, as many as the page size the call asks for (half its documented maximum, else
// 1,000) or 1 MiB of them for a result that does not page, answered by a server it starts
// (closed with tb's cleanup). newClient builds the client for a base URL; operations listed
// in skip are left out.
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
		if op.Paging == nil && !slice {
			continue
		}
		n := 1000 // below the documented maximum, so that the bound is the size asked for
		if op.Paging != nil && op.Paging.MaxSize > 0 {
			n = op.Paging.MaxSize / 2
		}
		args := []reflect.Value{reflect.ValueOf(client), reflect.ValueOf(context.Background())}
		for i := 2; i < m.Type.NumIn(); i++ {
			if m.Type.IsVariadic() && i == m.Type.NumIn()-1 {
				break
			}
			a := filled(m.Type.In(i))
			if op.Paging != nil && a.Kind() == reflect.Struct {
				setSize(a, op.Paging, n)
			}
			args = append(args, a)
		}
		success := op.Success[0]
		call := func(body []byte) error {
			mu.Lock()
			status, answer = success, body
			mu.Unlock()
			out := m.Func.Call(args)
			err, _ := out[len(out)-1].Interface().(error)
			return err
		}
		wrap := func(items []byte) []byte {
			if op.Paging == nil {
				return items
			}
			return append(append([]byte(`{"`+op.Paging.Items+`":`), items...), '}')
		}
		elem := "{}"
		if slice && m.Type.Out(0).Elem().Kind() == reflect.String {
			elem = `""` // a []string result
		}
		kinds := []string{elem}
		if elem == "{}" {
			kinds = append(kinds, `{"x":0}`) // one unknown member: the item keeps it in a map
		}
		for _, item := range kinds {
			c := ListCall{Op: op.ID, Item: item, Items: n, Empty: wrap([]byte("[]")), Call: call}
			if op.Paging == nil {
				c.Items = OverfullBytes / (len(item) + 1)
			}
			c.Body = wrap(items(item, c.Items))
			if op.Paging != nil && item == "{}" {
				c.Overfull = wrap(items("{}", OverfullBytes/3))
			}
			calls = append(calls, c)
		}
	}
	return calls
}

// MeasureLists measures the calls of ListCalls: what each answer's items cost in memory
// beyond the same answer with no items, and what an over-full answer costs. Every call must
// succeed but the over-full ones. Run it from a test that is not parallel (or a benchmark): it
// measures with alloctest.
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
		c := ListCost{Op: lc.Op, Item: lc.Item, Items: lc.Items, Bytes: len(lc.Body), Extra: len(lc.Body) - len(lc.Empty)}
		c.Alloc = alloc - min(base, alloc)
		c.PerByte = float64(c.Alloc) / float64(c.Extra)
		if lc.Overfull != nil {
			c.OverfullErr = lc.Call(lc.Overfull)
			overAlloc := alloctest.Bytes(3, func() { _ = lc.Call(lc.Overfull) })
			c.Overfull = overAlloc - min(base, overAlloc)
		}
		costs = append(costs, c)
	}
	return costs
}

// CheckListMemory runs MeasureLists and fails t when an answer's items cost more than
// multiple times the bytes they took, or a paging operation's over-full answer decodes, fails
// with an error that does not match errTooMany, or costs more than the items asked for plus
// four times its bytes (the body read into a buffer that doubles as bytes arrive: at most
// twice its size, and the smaller buffers before it) and 64 KiB. It returns the costs.
func CheckListMemory(t *testing.T, table *ops.Table, version string, newClient func(baseURL string) any, errTooMany error, multiple float64, skip ...string) []ListCost {
	t.Helper()
	costs := MeasureLists(t, table, version, newClient, skip...)
	full := map[string]uint64{}
	for _, c := range costs {
		if c.Item == "{}" {
			full[c.Op] = c.Alloc
		}
	}
	for _, c := range costs {
		if c.PerByte > multiple {
			t.Errorf("%s: %d items of %s (%d bytes) allocated %d bytes: %.1f× the bytes, over %.0f×", c.Op, c.Items, c.Item, c.Extra, c.Alloc, c.PerByte, multiple)
		}
		if c.Overfull == 0 && c.OverfullErr == nil {
			continue
		}
		if !errors.Is(c.OverfullErr, errTooMany) {
			t.Errorf("%s: %d bytes of {} items, more than the %d asked for: error %v, want %v", c.Op, OverfullBytes, c.Items, c.OverfullErr, errTooMany)
		} else if want := fmt.Sprintf("(at most %d)", c.Items); !strings.Contains(c.OverfullErr.Error(), want) {
			t.Errorf("%s: the bound is not the size asked for: %v, want %s", c.Op, c.OverfullErr, want)
		}
		if limit := full[c.Op] + 4*OverfullBytes + 64<<10; c.Overfull > limit {
			t.Errorf("%s: %d bytes of {} items, more than the %d asked for, allocated %d bytes, over %d", c.Op, OverfullBytes, c.Items, c.Overfull, limit)
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

// setSize sets, in req (a method's request struct, filled), the page size p names to n: its
// size field, or for the row style the window 1..n.
func setSize(req reflect.Value, p *ops.Paging, n int) {
	set := func(name string, v int) {
		if name == "" {
			return
		}
		f := req.FieldByNameFunc(func(s string) bool { return strings.EqualFold(s, name) })
		if f.IsValid() && f.CanSet() && f.CanInt() {
			f.SetInt(int64(v))
		}
	}
	if p.Style == "row" {
		set(p.Start, 1)
		set(p.End, n)
		return
	}
	set(p.Size, n)
	set(p.Start, 1)
}

// BenchLists runs one benchmark per call of ListCalls (named operation/items=empty|unknown|
// string): the call answered with its list, and what its items allocate per byte received
// (alloc-B/B: the bytes allocated per call beyond those of the same answer with no items,
// divided by the bytes the items take) and per item (alloc-B/item).
func BenchLists(b *testing.B, table *ops.Table, version string, newClient func(baseURL string) any, skip ...string) {
	names := map[string]string{"{}": "empty", `{"x":0}`: "unknown", `""`: "string"}
	for _, lc := range ListCalls(b, table, version, newClient, skip...) {
		b.Run(lc.Op+"/items="+names[lc.Item], func(b *testing.B) {
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
