package cardplatform_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestShortRetryAfterRetried: the card platform keeps the usual 429 behaviour, unlike the
// bank clients: a safe request answered 429 with a Retry-After within the retry policy's
// MaxDelay is waited for and sent again.
func TestShortRetryAfterRetried(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hits.Add(1) == 1 {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, cardJSON)
	}))
	t.Cleanup(srv.Close)
	c, err := cardplatform.New(srv.URL, core.WithStaticToken("tok")) // default retries
	require.NoError(t, err)
	start := time.Now()
	_, err = c.GetCard(context.Background(), "proxy-123")
	require.NoError(t, err)
	assert.Equal(t, int32(2), hits.Load())
	assert.GreaterOrEqual(t, time.Since(start), 900*time.Millisecond, "Retry-After waited for")
}
