package user

import (
	"context"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
)

// Options uses 0.1.0's per-client options: the shared ones move to core, the client-specific
// ones (cardplatform.WithIdleTimeout, paging.WithRateLimit) stay.
func Options(ctx context.Context, url string, req paging.ACHListRequest) {
	opts := []core.Option{core.WithStaticToken("t"), cardplatform.WithIdleTimeout(time.Minute)}
	c, _ := cardplatform.New(url, opts...)
	var call []core.CallOption
	call = append(call, core.WithCorrelationID("id"), core.WithCallTimeout(time.Second))
	_, _ = c.GetCard(ctx, "proxy", call...)
	b, _ := paging.New(url, paging.WithRateLimit(2), core.WithRetry(core.RetryOptions{MaxAttempts: 1}))
	iter := []core.IterOption{core.WithPrefetch(2), core.WithMaxItems(10), core.WithCallOptions(core.WithHeader("k", "v"))}
	for _, err := range b.ACHTransactions(ctx, req, iter...) {
		_ = err
	}
}
