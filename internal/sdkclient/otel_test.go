package sdkclient

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/leaktest"
)

// The tests of spans and metrics need the OpenTelemetry SDK (span recorder, manual reader):
// they are in the module internal/otelcheck, so that this module requires only the API.

// TestLogRecordsCarryTheOperation: every log record names the operation of its call.
func TestLogRecordsCarryTheOperation(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {})
	var buf strings.Builder
	var mu sync.Mutex
	p := newPipeline(t, testClient(t), func(o *testOptions) {
		o.Logger = slog.New(slog.NewJSONHandler(lockedWriter{&mu, &buf}, leaktest.NoTime(&slog.HandlerOptions{Level: slog.LevelDebug})))
	})
	resp, err := do(t, p, context.Background(), http.MethodGet, srv.URL, "")
	require.NoError(t, err)
	DrainAndClose(resp.Body)
	mu.Lock()
	defer mu.Unlock()
	assert.Contains(t, buf.String(), `"operation":"getThing"`)
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
