package paging

import (
	"context"

	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// newIterator returns the Iterator of operation opID: the configuration its spec's
// x-issuerkit-pagination gives (configFor) with the options applied, fetching through fetch
// with the caller's per-call options.
func newIterator[T any](ctx context.Context, opID string, opts []IterOption,
	fetch func(ctx context.Context, p core.Position, call []CallOption) (core.Page[T], error)) *core.Iterator[T] {
	cfg, err := configFor(opID)
	return iteratorFrom(ctx, cfg, err, opts, fetch)
}

// iteratorFrom returns the Iterator of cfg with the options applied; a non-nil err (or an
// invalid option) is reported by the first step, before any request.
func iteratorFrom[T any](ctx context.Context, cfg core.Config, err error, opts []IterOption,
	fetch func(ctx context.Context, p core.Position, call []CallOption) (core.Page[T], error)) *core.Iterator[T] {
	var ic iterConfig
	for _, o := range opts {
		if o != nil {
			o(&ic)
		}
	}
	if err == nil {
		err = ic.bad
	}
	if err != nil {
		return core.FailedIterator[T](err)
	}
	if ic.pageSize > 0 {
		cfg.PageSize = ic.pageSize
	}
	if ic.maxItems > 0 {
		cfg.MaxItems = ic.maxItems
	}
	cfg.From, cfg.Prefetch, cfg.EagerPrefetch = ic.from, ic.prefetch, ic.eager
	cfg.AutoPrefetch = !ic.prefetchSet
	cfg.Bound = ic.bind // core.NewIterator refuses a cursor bound to another request
	call := ic.call
	return core.NewIterator(ctx, cfg, func(ctx context.Context, p core.Position) (core.Page[T], error) {
		return fetch(ctx, p, call)
	})
}

// withMeta returns call followed by WithResponseInto(meta), in a new slice (the fetch
// functions run concurrently with prefetch).
func withMeta(call []CallOption, meta *core.Response) []CallOption {
	out := make([]CallOption, 0, len(call)+1)
	return append(append(out, call...), WithResponseInto(meta))
}
