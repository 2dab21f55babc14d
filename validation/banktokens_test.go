package validation_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/goleaktest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
	"golang.org/x/oauth2"
)

// TestBankTokenSourceClose: the value BankTokenSource returns has a Close method a caller can
// find without a type assertion; after Close no token request reaches the bank (not even when
// the cached token is due for its refresh), calls fail with ErrTokenSource before sending,
// and no goroutine of the source is left. The cache is shared by the client with a token
// that lives an hour, so that the count of fetches does not depend on how long the calls took
// (with the 1-second token, due for refresh after 750 ms, three calls on a loaded machine
// under the race detector once took longer and a second token was fetched, legitimately);
// Close is checked with a 1-second token, past its expiry.
func TestBankTokenSourceClose(t *testing.T) {
	defer goleaktest.VerifyNone(t, goleak.IgnoreCurrent())
	var fetches, calls, lifetime atomic.Int32
	lifetime.Store(3600)
	bank := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path == "/oauth/v1/token" {
			n := fetches.Add(1)
			fmt.Fprintf(w, `{"access_token":"tok-%d","token_type":"Bearer","expires_in":%d}`, n, lifetime.Load())
			return
		}
		calls.Add(1)
		_, _ = io.WriteString(w, `{"Status":"Ok"}`)
	}))
	defer bank.Close()
	hc := bank.Client()
	defer hc.CloseIdleConnections()
	cred := core.BankCredentials{ConsumerKey: "ck", ConsumerSecret: "cs", ClientID: "id", ClientSecret: "key"}
	source := func() (*validation.Client, *validation.BankTokens) {
		ts, err := validation.BankTokenSource(context.Background(), bank.URL, cred, nil, hc)
		require.NoError(t, err)
		var _ oauth2.TokenSource = ts // still usable wherever a token source is
		c, err := validation.New(bank.URL, core.WithTokenSource(ts), core.WithHTTPClient(hc))
		require.NoError(t, err)
		return c, ts
	}

	c, ts := source()
	for range 3 {
		_, err := c.HealthCheck(context.Background())
		require.NoError(t, err)
	}
	require.Equal(t, int32(1), fetches.Load(), "one token for the three calls: the client shares the source's cache")
	require.NoError(t, ts.Close())

	lifetime.Store(1) // due for its refresh after 750 ms, expired after 1 s
	c, ts = source()
	_, err := c.HealthCheck(context.Background())
	require.NoError(t, err)
	require.NoError(t, ts.Close())
	require.NoError(t, ts.Close(), "Close may be called twice")
	fetched, before := fetches.Load(), calls.Load()
	for deadline := time.Now().Add(1500 * time.Millisecond); time.Now().Before(deadline); {
		_, err := c.HealthCheck(context.Background())
		require.ErrorIs(t, err, core.ErrTokenSource)
		_, err = ts.Token()
		require.ErrorIs(t, err, core.ErrTokenSource)
		time.Sleep(20 * time.Millisecond)
	}
	assert.Equal(t, fetched, fetches.Load(), "no token request after Close, past the token's expiry")
	assert.Equal(t, before, calls.Load(), "no call sent after Close")
}

// TestBankTokensCredentialsStayMasked: the concrete BankTokens still hands its credentials to
// the clients it serves, which mask them in their errors.
func TestBankTokensCredentialsStayMasked(t *testing.T) {
	const secret = "consumer-secret-4f1d"
	bank := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path == "/oauth/v1/token" {
			_, _ = io.WriteString(w, `{"access_token":"tok","token_type":"Bearer","expires_in":3600}`)
			return
		}
		w.WriteHeader(http.StatusBadRequest)
		_, _ = io.WriteString(w, `{"message":"bad consumer `+secret+`"}`)
	}))
	defer bank.Close()
	hc := bank.Client()
	defer hc.CloseIdleConnections()
	ts, err := validation.BankTokenSource(context.Background(), bank.URL,
		core.BankCredentials{ConsumerKey: "ck", ConsumerSecret: secret, ClientID: "id", ClientSecret: "key"}, nil, hc)
	require.NoError(t, err)
	defer ts.Close()
	c, err := validation.New(bank.URL, core.WithTokenSource(ts), core.WithHTTPClient(hc))
	require.NoError(t, err)
	_, err = c.HealthCheck(context.Background())
	require.Error(t, err)
	assert.NotContains(t, fmt.Sprintf("%v %+v", err, err), secret)
}
