package transport

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// counted is an httptest server that counts the requests it saw.
type counted struct {
	*httptest.Server
	hits atomic.Int32
}

func newServer(t *testing.T, h http.HandlerFunc) *counted {
	t.Helper()
	c := &counted{}
	c.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.hits.Add(1)
		h(w, r)
	}))
	t.Cleanup(c.Close)
	return c
}

// testClient returns a fresh *http.Client whose idle connections are closed, and checked for
// leaks, when the test ends.
func testClient(t *testing.T) *http.Client {
	t.Helper()
	tr := &http.Transport{MaxIdleConnsPerHost: 64}
	t.Cleanup(func() {
		tr.CloseIdleConnections()
		goleak.VerifyNone(t, goleak.IgnoreCurrent())
	})
	return &http.Client{Transport: tr}
}

// safeGETs treats GET as safe and every POST as money-moving.
func safeGETs(method, _ string) bool { return method == http.MethodGet }

func newPipeline(t *testing.T, hc *http.Client, mod ...func(*Options)) *Pipeline {
	t.Helper()
	o := Options{
		HTTPClient:  hc,
		DecodeError: apierror.DecodeBankError,
		RetrySafe:   safeGETs,
		Retry:       RetryOptions{MaxAttempts: 3, BaseDelay: time.Millisecond, MaxDelay: 50 * time.Millisecond},
	}
	for _, m := range mod {
		m(&o)
	}
	p, err := New(o)
	require.NoError(t, err)
	return p
}

func do(t *testing.T, p *Pipeline, ctx context.Context, method, url, body string) (*http.Response, error) {
	t.Helper()
	var req *http.Request
	var err error
	if body == "" {
		req, err = http.NewRequestWithContext(ctx, method, url, nil)
	} else {
		req, err = http.NewRequestWithContext(ctx, method, url, strings.NewReader(body))
	}
	require.NoError(t, err)
	resp, err := p.Do(req)
	if resp != nil {
		t.Cleanup(func() { DrainAndClose(resp.Body) })
	}
	return resp, err
}
