package paging

import (
	"context"

	"github.com/issuerkit/issuerkit-go/internal/settings"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// newIterator returns the Iterator of operation opID: the configuration its spec's
// x-issuerkit-pagination gives (configFor) with the options applied, fetching through fetch
// with the caller's per-call options.
func newIterator[T any](ctx context.Context, opID string, opts []core.IterOption,
	fetch func(ctx context.Context, p core.Position, call []core.CallOption) (core.Page[T], error)) *core.Iterator[T] {
	cfg, err := configFor(opID)
	return iteratorFrom(ctx, cfg, err, opts, fetch)
}

// iteratorFrom returns the Iterator of cfg with the options applied; a non-nil err (or an
// invalid option) is reported by the first step, before any request.
func iteratorFrom[T any](ctx context.Context, cfg core.Config, err error, opts []core.IterOption,
	fetch func(ctx context.Context, p core.Position, call []core.CallOption) (core.Page[T], error)) *core.Iterator[T] {
	var ic settings.Iter
	for _, o := range opts {
		if o != nil {
			o(&ic)
		}
	}
	if err == nil {
		err = ic.Bad
	}
	if err == nil && ic.PageSizeSet && ic.PageSize < 1 {
		err = &core.RangeError{Param: "page size", Value: ic.PageSize, Min: 1}
	}
	if err != nil {
		return core.FailedIterator[T](err)
	}
	if ic.PageSize > 0 {
		cfg.PageSize = ic.PageSize
	}
	if ic.MaxItems > 0 {
		cfg.MaxItems = ic.MaxItems
	}
	cfg.From, _ = ic.From.(core.Cursor)
	cfg.Prefetch, cfg.EagerPrefetch = ic.Prefetch, ic.Eager
	cfg.AutoPrefetch = !ic.PrefetchSet
	cfg.Bound = ic.Bind // core.NewIterator refuses a cursor bound to another request
	call, _ := ic.Call.([]core.CallOption)
	return core.NewIterator(ctx, cfg, func(ctx context.Context, p core.Position) (core.Page[T], error) {
		return fetch(ctx, p, call)
	})
}

// withMeta returns call followed by core.WithResponseInto(meta), in a new slice (the fetch
// functions run concurrently with prefetch).
func withMeta(call []core.CallOption, meta *core.Response) []core.CallOption {
	out := make([]core.CallOption, 0, len(call)+1)
	return append(append(out, call...), core.WithResponseInto(meta))
}
