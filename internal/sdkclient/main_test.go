package sdkclient

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/openapi/core"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
	"github.com/issuerkit/issuerkit-go/internal/goleaktest"
	"github.com/issuerkit/issuerkit-go/internal/ops"
	"github.com/issuerkit/issuerkit-go/internal/settings"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleaktest.VerifyTestMain(m) }

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
		goleaktest.VerifyNone(t, goleak.IgnoreCurrent())
	})
	return &http.Client{Transport: tr}
}

// The operations of the tests: a GET is a safe read, a POST moves money.
var (
	readOp  = &ops.Operation{ID: "getThing", Method: http.MethodGet, Path: "/x", Success: []int{200}, RetrySafe: true}
	moneyOp = &ops.Operation{ID: "createDisbursement", Method: http.MethodPost, Path: "/x", Success: []int{200}, RetrySafe: false}
)

// opFor treats GET as safe and every other method as money-moving.
func opFor(method string) *ops.Operation {
	if method == http.MethodGet {
		return readOp
	}
	return moneyOp
}

// testOptions are a test pipeline's Options with the retry options typed (Options holds them
// as any, as the client's options set them): newPipeline copies Retry into Options.
type testOptions struct {
	Options
	Retry core.RetryOptions
}

func newPipeline(t *testing.T, hc *http.Client, mod ...func(*testOptions)) *Pipeline {
	t.Helper()
	o := testOptions{
		Options: Options{Client: settings.Client{HTTPClient: hc}, DecodeError: apierror.DecodeBankError},
		Retry:   core.RetryOptions{MaxAttempts: 3, BaseDelay: time.Millisecond, MaxDelay: 50 * time.Millisecond},
	}
	for _, m := range mod {
		m(&o)
	}
	o.Options.Retry = o.Retry
	p, err := New(o.Options)
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
	resp, err := p.Send(req, &CallConfig{Op: opFor(method)})
	if resp != nil {
		t.Cleanup(func() { DrainAndClose(resp.Body) })
	}
	return resp, err
}
