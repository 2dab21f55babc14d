package cardplatform_test

import (
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// maxGetCardFrames is the most frames of the SDK's own packages that GetCard may pass between
// the generated method and the *http.Client's RoundTripper (issue 36: 26 before the call path
// became one package).
const maxGetCardFrames = 15

// stackRecorder is a RoundTripper that records the SDK's frames on the stack each time a
// request reaches it, then sends the request with next.
type stackRecorder struct {
	next   http.RoundTripper
	mu     sync.Mutex
	frames []string
}

func (s *stackRecorder) RoundTrip(r *http.Request) (*http.Response, error) {
	pcs := make([]uintptr, 128)
	n := runtime.Callers(2, pcs) // skip runtime.Callers and RoundTrip itself
	frames := runtime.CallersFrames(pcs[:n])
	var sdk []string
	for {
		f, more := frames.Next()
		if sdkFrame(f.Function) {
			sdk = append(sdk, f.Function)
		}
		if strings.HasSuffix(f.Function, "cardplatform.(*Client).GetCard") || !more {
			break
		}
	}
	s.mu.Lock()
	s.frames = sdk
	s.mu.Unlock()
	return s.next.RoundTrip(r)
}

// sdkFrame reports whether fn, a function name of a stack frame (inlined frames included, as
// runtime.CallersFrames reports them), belongs to a package of this module other than a test.
func sdkFrame(fn string) bool {
	const module = "github.com/issuerkit/issuerkit-go/"
	rest, ok := strings.CutPrefix(fn, module)
	if !ok {
		return false
	}
	pkg, _, _ := strings.Cut(rest, ".")
	return !strings.HasSuffix(pkg, "_test")
}

// TestGetCardFrames: a GetCard call passes at most maxGetCardFrames frames of the SDK's
// packages, counted from the generated method (included) to the RoundTripper of the client's
// *http.Client (excluded), inlined frames included. Run it with -v to see the frames:
//
//	go test -run TestGetCardFrames -v ./cardplatform/
func TestGetCardFrames(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(benchCard))
	}))
	t.Cleanup(srv.Close)
	hc := srv.Client()
	rec := &stackRecorder{next: hc.Transport}
	hc.Transport = rec
	c, err := cardplatform.New(srv.URL, core.WithHTTPClient(hc))
	require.NoError(t, err)
	_, err = c.GetCard(t.Context(), "proxy-123")
	require.NoError(t, err)
	rec.mu.Lock()
	frames := rec.frames
	rec.mu.Unlock()
	require.NotEmpty(t, frames, "the request reached the RoundTripper")
	require.Contains(t, frames[len(frames)-1], "cardplatform.(*Client).GetCard", "the walk reached the generated method")
	for i, f := range frames {
		t.Logf("%2d %s", len(frames)-i, strings.TrimPrefix(f, "github.com/issuerkit/issuerkit-go/"))
	}
	require.LessOrEqual(t, len(frames), maxGetCardFrames, "SDK frames from GetCard to the RoundTripper")
}
