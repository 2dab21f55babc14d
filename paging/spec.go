package paging

import (
	"github.com/issuerkit/issuerkit-go/openapi/core"

	"fmt"

	"github.com/issuerkit/issuerkit-go/internal/ops"
)

// configFor returns the engine configuration that the spec's x-issuerkit-pagination gives
// the operation id (from the generated operation table): its style, its largest page size or
// row window, and its default size. The typed iterators start from it and add the caller's
// cap, resume cursor and prefetch depth.
func configFor(id string) (core.Config, error) {
	op, ok := operations.ByID(id)
	if !ok || op.Paging == nil {
		return core.Config{}, fmt.Errorf("paging: operation %q does not page: %w", id, core.ErrInvalidConfig)
	}
	return configOf(op.Paging)
}

// configOf translates one x-issuerkit-pagination description.
func configOf(p *ops.Paging) (core.Config, error) {
	style, err := core.ParseStyle(p.Style)
	if err != nil {
		return core.Config{}, err
	}
	cfg := core.Config{Style: style, MaxPageSize: p.MaxSize, PageSize: p.DefaultSize}
	if (style == core.StylePage || style == core.StyleKey) && p.MaxSize > 0 {
		cfg.PageSize = p.MaxSize // fewest requests: the bank's limit is 5 per second
	}
	return cfg, cfg.Validate()
}
