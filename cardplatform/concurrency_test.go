package cardplatform_test

import (
	"context"
	"io"
	"net/http"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestConcurrentClient shares one Client between 64 goroutines (run it with -race).
func TestConcurrentClient(t *testing.T) {
	c, hits := newClient(t, func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, cardJSON)
	})
	var wg sync.WaitGroup
	for range 64 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 10 {
				card, err := c.GetCard(context.Background(), "proxy-123")
				if assert.NoError(t, err) {
					assert.Equal(t, "proxy-123", card.CardProxy)
				}
			}
		}()
	}
	wg.Wait()
	assert.Equal(t, int32(640), hits.Load())
}
