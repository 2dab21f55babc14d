package sdkclient

import (
	"bytes"
	"context"
	"crypto/tls"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
	"github.com/issuerkit/issuerkit-go/internal/leaktest"
	"github.com/issuerkit/issuerkit-go/internal/settings"
)

func TestUserAgentAndCorrelationID(t *testing.T) {
	var mu sync.Mutex
	var seen []http.Header
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Header.Clone())
		mu.Unlock()
		w.Header().Set(CorrelationHeader, r.Header.Get(CorrelationHeader))
	})
	p := newPipeline(t, testClient(t), func(o *testOptions) { o.UserAgent = "acme-payouts/2.1" })

	resp, err := do(t, p, context.Background(), "GET", srv.URL, "")
	require.NoError(t, err)
	id := CorrelationID(resp)
	_, perr := uuid.Parse(id)
	assert.NoError(t, perr, "a new UUID when the caller gave none")

	resp, err = do(t, p, WithCorrelationID(context.Background(), "trace-42"), "GET", srv.URL, "")
	require.NoError(t, err)
	assert.Equal(t, "trace-42", CorrelationID(resp))

	require.Len(t, seen, 2)
	ua := seen[0].Get("User-Agent")
	assert.True(t, strings.HasPrefix(ua, "issuerkit-go/"+Version+" ("), ua)
	assert.True(t, strings.HasSuffix(ua, " acme-payouts/2.1"), ua)
}

func TestCallerRequestNotModified(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {})
	p := newPipeline(t, testClient(t), func(o *testOptions) { o.TokenSource = StaticToken("t") })
	req, err := http.NewRequest("GET", srv.URL, nil)
	require.NoError(t, err)
	resp, err := p.Do(req)
	require.NoError(t, err)
	DrainAndClose(resp.Body)
	assert.Empty(t, req.Header, "the caller's request keeps its headers")
}

func TestLoggingNeverShowsSecrets(t *testing.T) {
	const pan = "4111111111111111"
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Set-Cookie", "session=abc")
		_, _ = w.Write([]byte(`{"card_number":"` + pan + `","cvv":"123","mask_card_pan":"411111XXXXXX1111"}`))
	})
	var buf bytes.Buffer
	logger := slog.New(slog.NewJSONHandler(&buf, leaktest.NoTime(&slog.HandlerOptions{Level: slog.LevelDebug})))
	p := newPipeline(t, testClient(t), func(o *testOptions) {
		o.TokenSource = StaticToken("bearer-secret-value")
		o.Logger = logger
		o.LogBodies = true
	})
	resp, err := do(t, p, context.Background(), "POST", srv.URL+"/cards/validate?card_number="+pan, `{"card_number":"`+pan+`","cvv":"987"}`)
	require.NoError(t, err)
	body := new(bytes.Buffer)
	_, err = body.ReadFrom(resp.Body)
	require.NoError(t, err)
	assert.Contains(t, body.String(), pan, "the caller still gets the real body")

	out := buf.String()
	require.NotEmpty(t, out)
	for _, secret := range []string{pan, "bearer-secret-value", `"987"`, `"123"`, "session=abc", "Authorization"} {
		assert.NotContains(t, out, secret)
	}
	for _, want := range []string{`"method":"POST"`, `"status":200`, `"attempt":1`, `"correlation_id"`, `"duration"`, "1111"} {
		assert.Contains(t, out, want)
	}
}

func TestLoggingWithoutBodiesOptIn(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(`{"note":"response-body-marker"}`))
	})
	var buf bytes.Buffer
	p := newPipeline(t, testClient(t), func(o *testOptions) {
		o.Logger = slog.New(slog.NewJSONHandler(&buf, leaktest.NoTime(&slog.HandlerOptions{Level: slog.LevelDebug})))
	})
	_, err := do(t, p, context.Background(), "POST", srv.URL, `{"note":"request-body-marker"}`)
	require.NoError(t, err)
	assert.Contains(t, buf.String(), `"status":200`)
	assert.NotContains(t, buf.String(), "body-marker", "bodies are logged only when the caller opts in")
}

func TestTLSConfigNeedsHTTPTransport(t *testing.T) {
	_, err := New(Options{Client: settings.Client{
		HTTPClient: &http.Client{Transport: roundTripperFunc(http.DefaultTransport.RoundTrip)},
		TLSConfig:  &tls.Config{},
	}, DecodeError: apierror.DecodeBankError})
	require.ErrorIs(t, err, errTLSWithCustomTransport)
}

type roundTripperFunc func(*http.Request) (*http.Response, error)

func (f roundTripperFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func TestConcurrentUse(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(`{"ok":true}`))
	})
	p := newPipeline(t, testClient(t), func(o *testOptions) { o.TokenSource = StaticToken("t") })
	var wg sync.WaitGroup
	for range 64 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				req, _ := http.NewRequest("GET", srv.URL, nil)
				resp, err := p.Do(req)
				if assert.NoError(t, err) {
					DrainAndClose(resp.Body)
				}
			}
		}()
	}
	wg.Wait()
	assert.Equal(t, int32(64*20), srv.hits.Load())
}
