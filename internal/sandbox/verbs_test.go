package sandbox_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingtest"
	"github.com/issuerkit/issuerkit-go/validation/validationtest"
)

// verbs are the Server methods every sandbox offers beside Client, Requests and FailNext.
type verbs interface {
	Handler() http.Handler
	HTTPClient() *http.Client
	ResetRequests()
	DisableRecording()
}

// TestSandboxVerbsDoWhatTheySay runs, on each sandbox, the verbs that serve a client or an
// origin of one's own and that manage the request log: HTTPClient reaches URL; Handler, mounted
// on another origin, answers a request as URL does; ResetRequests forgets what was recorded;
// after DisableRecording, calls are no longer recorded.
func TestSandboxVerbsDoWhatTheySay(t *testing.T) {
	cp := cardplatformtest.NewServer(t)
	v := validationtest.NewServer(t)
	pg := pagingtest.NewServer(t, pagingtest.WithRecords(1))
	for _, tc := range []struct {
		name     string
		srv      verbs
		url      string
		call     func(context.Context) error
		requests func() int
	}{
		{"cardplatformtest", cp, cp.URL, func(ctx context.Context) error {
			_, err := cp.Client().GetProgram(ctx, core.MustParseGUID(cardplatformtest.DefaultProgramGUID))
			return err
		}, func() int { return len(cp.Requests()) }},
		{"validationtest", v, v.URL, func(ctx context.Context) error {
			_, err := v.Client().HealthCheck(ctx)
			return err
		}, func() int { return len(v.Requests()) }},
		{"pagingtest", pg, pg.URL, func(ctx context.Context) error {
			_, err := pg.Client().GetCommercialAccount(ctx, pagingtest.Key(1), paging.GetCommercialAccountRequest{})
			return err
		}, func() int { return len(pg.Requests()) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			get := func(hc *http.Client, base string) (int, string) {
				resp, err := hc.Get(base + "/no/such/path")
				require.NoError(t, err)
				defer resp.Body.Close()
				b, err := io.ReadAll(resp.Body)
				require.NoError(t, err)
				return resp.StatusCode, resp.Header.Get("Content-Type") + " " + string(b[:min(len(b), 20)])
			}
			status, head := get(tc.srv.HTTPClient(), tc.url)
			assert.GreaterOrEqual(t, status, 400, "a path the sandbox does not serve")
			mounted := httptest.NewServer(tc.srv.Handler())
			defer mounted.Close()
			mstatus, mhead := get(mounted.Client(), mounted.URL)
			assert.Equal(t, status, mstatus, "Handler answers as URL does")
			assert.Equal(t, head, mhead)

			require.NoError(t, tc.call(t.Context()))
			require.Positive(t, tc.requests())
			tc.srv.ResetRequests()
			assert.Zero(t, tc.requests())
			tc.srv.DisableRecording()
			require.NoError(t, tc.call(t.Context()))
			assert.Zero(t, tc.requests(), "nothing recorded after DisableRecording")
		})
	}
}

// TestSandboxOptionRefused: an option given a value it cannot take makes Start return an
// error naming it (cardplatformtest's Option is a func(*config), as the other sandboxes').
func TestSandboxOptionRefused(t *testing.T) {
	for _, tc := range []struct {
		opt  cardplatformtest.Option
		name string
	}{
		{cardplatformtest.WithToken(""), "WithToken"},
		{cardplatformtest.WithClock(nil), "WithClock"},
		{cardplatformtest.WithMaxBodyBytes(0), "WithMaxBodyBytes"},
	} {
		srv, err := cardplatformtest.Start(cardplatformtest.WithSeed(cardplatformtest.Seed{}), tc.opt, cardplatformtest.WithToken("ok"))
		if srv != nil {
			srv.Close()
		}
		require.Error(t, err, tc.name)
		assert.Contains(t, err.Error(), tc.name)
	}
}
