package cardplatform_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lyingLengthServer announces a body of 67,108,000 bytes (just under the 64 MiB cap on a
// success body), sends one byte, then stalls until the client gives up.
func lyingLengthServer(t *testing.T, status int) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(67108000))
		w.WriteHeader(status)
		_, _ = w.Write([]byte("{"))
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestAnnouncedLengthAllocatesNothingUntilBytesArrive: a Content-Length is a claim, not bytes.
// Buffers grow with what arrives, so calls stalled after one byte of an announced 64 MiB body
// cost kilobytes, on the success path (JSON decode) as on the error path (error body). The
// assertion is on memory (bytes allocated by the calls, runtime.MemStats.TotalAlloc), not on
// time: the calls end by their context's timeout.
func TestAnnouncedLengthAllocatesNothingUntilBytesArrive(t *testing.T) {
	const calls = 40 // the figure: 2.5 GiB before the fix
	for _, tc := range []struct {
		name   string
		status int
	}{
		{"success body", http.StatusOK},
		{"error body", http.StatusBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := lyingLengthServer(t, tc.status)
			c, err := cardplatform.New(srv.URL, core.WithStaticToken("tok"),
				core.WithRetry(core.RetryOptions{MaxAttempts: 1}))
			require.NoError(t, err)
			// One call first, so that connection set-up and lazy initialisations are not counted.
			warm, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
			_, _ = c.GetCard(warm, "warm-up")
			cancel()

			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			var wg sync.WaitGroup
			errs := make([]error, calls)
			for i := range calls {
				wg.Add(1)
				go func() {
					defer wg.Done()
					ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
					defer cancel()
					_, errs[i] = c.GetCard(ctx, "proxy-"+strconv.Itoa(i))
				}()
			}
			wg.Wait()
			runtime.ReadMemStats(&after)
			for _, err := range errs {
				assert.Error(t, err, "a body that never arrives is no result")
			}
			allocated := after.TotalAlloc - before.TotalAlloc
			// Before the fix each call allocated the announced 64 MiB up front (512 MiB here).
			assert.Less(t, allocated, uint64(16<<20), "%d calls allocated %d bytes for bodies that sent one byte each", calls, allocated)
			t.Logf("%d stalled calls allocated %d KiB in all", calls, allocated>>10)
		})
	}
}
