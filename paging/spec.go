package paging

import (
	"fmt"

	"github.com/issuerkit/issuerkit-go/internal/ops"
)

// configFor returns the engine configuration that the spec's x-issuerkit-pagination gives
// the operation id (from the generated operation table): its style, its largest page size or
// row window, and its default size. The typed iterators start from it and add the caller's
// cap, resume cursor and prefetch depth.
func configFor(id string) (Config, error) {
	op, ok := operations.ByID(id)
	if !ok || op.Paging == nil {
		return Config{}, fmt.Errorf("paging: operation %q does not page: %w", id, ErrInvalidConfig)
	}
	return configOf(op.Paging)
}

// configOf translates one x-issuerkit-pagination description.
func configOf(p *ops.Paging) (Config, error) {
	style, err := ParseStyle(p.Style)
	if err != nil {
		return Config{}, err
	}
	cfg := Config{Style: style, MaxPageSize: p.MaxSize, PageSize: p.DefaultSize}
	if (style == StylePage || style == StyleKey) && p.MaxSize > 0 {
		cfg.PageSize = p.MaxSize // fewest requests: the bank's limit is 5 per second
	}
	return cfg, cfg.Validate()
}
