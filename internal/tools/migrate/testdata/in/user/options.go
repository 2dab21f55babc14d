package user

import (
	"context"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/paging"
)

// Options uses 0.1.0's per-client options: the shared ones move to core, the client-specific
// ones (cardplatform.WithIdleTimeout, paging.WithRateLimit) stay.
func Options(ctx context.Context, url string, req paging.ACHListRequest) {
	opts := []cardplatform.Option{cardplatform.WithStaticToken("t"), cardplatform.WithIdleTimeout(time.Minute)}
	c, _ := cardplatform.New(url, opts...)
	var call []cardplatform.CallOption
	call = append(call, cardplatform.WithCorrelationID("id"), cardplatform.WithCallTimeout(time.Second))
	_, _ = c.GetCard(ctx, "proxy", call...)
	b, _ := paging.New(url, paging.WithRateLimit(2), paging.WithRetry(paging.RetryOptions{MaxAttempts: 1}))
	iter := []paging.IterOption{paging.WithPrefetch(2), paging.WithMaxItems(10), paging.WithCallOptions(paging.WithHeader("k", "v"))}
	for _, err := range b.ACHTransactions(ctx, req, iter...) {
		_ = err
	}
}
