package cardplatform

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"sync"

	"github.com/issuerkit/issuerkit-go/internal/settings"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// newIterator returns the engine's Iterator for a start_index/limit search (the generated
// iterators of iterators.gen.go call it): start_index is 1-based (a row-style window of limit
// items), the response's total ends it. opID names the operation, whose
// x-issuerkit-pagination must be of the index style. The platform adds cards after the last
// (core.Config.AppendOnly): a total that moves between pages is followed, not a shift.
func newIterator[T any](ctx context.Context, opID string, opts []core.IterOption,
	fetch func(ctx context.Context, p core.Position, call []core.CallOption) (core.Page[T], error)) *core.Iterator[T] {
	var ic settings.Iter
	for _, o := range opts {
		if o != nil {
			o(&ic)
		}
	}
	from, _ := ic.From.(core.Cursor)
	cfg := core.Config{Style: core.StyleRow, PageSize: DefaultSearchLimit, MaxPageSize: MaxSearchLimit, AppendOnly: true,
		MaxItems: ic.MaxItems, From: from, Prefetch: ic.Prefetch, EagerPrefetch: ic.Eager}
	if ic.PageSizeSet {
		cfg.PageSize = ic.PageSize
	}
	bad := ic.Bad
	if bad == nil && ic.PageSizeSet && (ic.PageSize < 1 || ic.PageSize > MaxSearchLimit) {
		bad = &core.RangeError{Param: "limit", Value: ic.PageSize, Min: 1, Max: MaxSearchLimit}
	}
	if op, ok := operations.ByID(opID); !ok || op.Paging == nil || op.Paging.Style != "index" {
		cfg.Style = 0 // reported by the first step, before any request
	}
	if bad != nil { // reported as it is by the first fetch, which sends nothing
		cfg = core.Config{Style: cfg.Style, PageSize: DefaultSearchLimit, MaxPageSize: MaxSearchLimit}
	}
	call, _ := ic.Call.([]core.CallOption)
	seen := &firstItems[T]{}
	return core.NewIterator(ctx, cfg, func(ctx context.Context, p core.Position) (core.Page[T], error) {
		if bad != nil {
			return core.Page[T]{}, bad
		}
		if p.Start > math.MaxInt32 { // start_index is an int32: it would wrap around
			return core.Page[T]{}, &core.RangeError{Param: "start_index", Value: p.Start, Min: 1, Max: math.MaxInt32}
		}
		pg, err := fetch(ctx, p, call)
		if err != nil {
			return pg, err
		}
		// A page holding items although its total says none are left from its start_index
		// on (absent, which reads as 0, zero, negative, or below the start_index): ending at
		// that total would drop the items without a word, and going on without one would be a
		// guess (a short page is no end when the platform caps the limit).
		if pg.HasTotal && (pg.Total < 0 || (len(pg.Items) > 0 && pg.Total < p.Start)) {
			return core.Page[T]{}, &core.TotalsError{Position: p, Detail: fmt.Sprintf(
				"%d items at start_index %d but total %d (absent reads as 0)", len(pg.Items), p.Start, pg.Total)}
		}
		if err := seen.check(p.Start, pg.Items); err != nil {
			return core.Page[T]{}, err
		}
		return pg, nil
	})
}

// firstItems remembers the first item of the pages one search fetched, by start_index: the
// first page's and those of the latest few. A page at another start_index that begins with
// one of them was served from the wrong place: the server ignores start_index (the platform
// echoes no position), and delivering it would repeat items.
type firstItems[T any] struct {
	mu     sync.Mutex
	anchor int       // start_index of the first page fetched
	byPos  map[int]T // first item by start_index
}

// maxFirstItems bounds the first items firstItems holds.
const maxFirstItems = 16

// check records items[0] as the first item at start and fails with *core.MismatchError
// (core.ErrPositionMismatch) when a page at another start_index began with it.
func (f *firstItems[T]) check(start int, items []T) error {
	if len(items) == 0 {
		return nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	for s, x := range f.byPos {
		if s != start && reflect.DeepEqual(x, items[0]) {
			return &core.MismatchError{Style: core.StyleRow, Param: "start_index", Requested: max(s, start), Returned: min(s, start)}
		}
	}
	if f.byPos == nil {
		f.byPos, f.anchor = map[int]T{}, start
	}
	f.byPos[start] = items[0]
	if len(f.byPos) > maxFirstItems { // forget the earliest but the first page's
		oldest := -1
		for s := range f.byPos {
			if s != f.anchor && (oldest < 0 || s < oldest) {
				oldest = s
			}
		}
		delete(f.byPos, oldest)
	}
	return nil
}

// DefaultSearchLimit is the limit the search iterators ask for unless core.WithPageSize (the
// platform publishes no default), and MaxSearchLimit the largest they accept.
const (
	DefaultSearchLimit = 100
	MaxSearchLimit     = 1000
)
