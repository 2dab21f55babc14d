package sdkclient

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/openapi/core"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/oauth2"
)

// countingSource hands out tok-1, tok-2, ... each valid for ttl, counting fetches; with
// firstExpired, tok-1 is already expired when it is handed out. Each fetch takes a moment, so
// concurrent callers really do overlap it.
type countingSource struct {
	fetches      atomic.Int32
	ttl          time.Duration
	firstExpired bool
}

func (s *countingSource) Token() (*oauth2.Token, error) {
	n := s.fetches.Add(1)
	time.Sleep(5 * time.Millisecond)
	expiry := time.Now().Add(s.ttl)
	if n == 1 && s.firstExpired {
		expiry = time.Now().Add(-time.Second)
	}
	return &oauth2.Token{AccessToken: fmt.Sprintf("tok-%d", n), TokenType: "Bearer", Expiry: expiry}, nil
}

func TestSharedRefreshUnderConcurrency(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer tok-2" {
			w.WriteHeader(http.StatusUnauthorized)
		}
	})
	src := &countingSource{ttl: time.Hour, firstExpired: true}
	shared := NewSharedTokenSource(src)
	tok, err := shared.Token() // the client now holds an expired token
	require.NoError(t, err)
	require.False(t, tok.Valid())
	p := newPipeline(t, testClient(t), func(o *testOptions) { o.TokenSource = shared })
	var wg sync.WaitGroup
	var failures atomic.Int32
	for range 1000 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequest("GET", srv.URL, nil)
			resp, err := p.Do(req)
			if err != nil {
				failures.Add(1)
				return
			}
			DrainAndClose(resp.Body)
		}()
	}
	wg.Wait()
	assert.Equal(t, int32(2), src.fetches.Load(), "1,000 concurrent calls on an expired token: one refresh")
	assert.Zero(t, failures.Load())
}

func TestUnauthorizedRefreshesOnce(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer tok-2" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		_, _ = w.Write([]byte("{}"))
	})
	t.Run("safe request re-sent once with a fresh token", func(t *testing.T) {
		srv.hits.Store(0)
		src := &countingSource{ttl: time.Hour}
		p := newPipeline(t, testClient(t), func(o *testOptions) { o.TokenSource = src })
		resp, err := do(t, p, context.Background(), "GET", srv.URL, "")
		require.NoError(t, err)
		assert.Equal(t, 200, resp.StatusCode)
		assert.Equal(t, int32(2), srv.hits.Load())
		assert.Equal(t, int32(2), src.fetches.Load())
	})
	t.Run("unsafe request is not re-sent", func(t *testing.T) {
		srv.hits.Store(0)
		src := &countingSource{ttl: time.Hour}
		p := newPipeline(t, testClient(t), func(o *testOptions) { o.TokenSource = src })
		_, err := do(t, p, context.Background(), "POST", srv.URL, `{"amount":1}`)
		assert.ErrorIs(t, err, core.ErrUnauthorized)
		assert.Equal(t, int32(1), srv.hits.Load())
	})
	t.Run("a static token is not re-sent unchanged", func(t *testing.T) {
		srv.hits.Store(0)
		p := newPipeline(t, testClient(t), func(o *testOptions) { o.TokenSource = StaticToken("nope") })
		_, err := do(t, p, context.Background(), "GET", srv.URL, "")
		assert.ErrorIs(t, err, core.ErrUnauthorized)
		assert.Equal(t, int32(1), srv.hits.Load())
	})
}

func TestBearerRefusedOverPlainHTTP(t *testing.T) {
	p := newPipeline(t, testClient(t), func(o *testOptions) { o.TokenSource = StaticToken("secret-token") })
	_, err := do(t, p, context.Background(), "GET", "http://api.example.invalid/x", "")
	require.ErrorIs(t, err, ErrInsecureTransport)
	assert.NotContains(t, err.Error(), "secret-token")

	for _, host := range []string{"localhost", "127.0.0.1", "[::1]", "api.localhost"} {
		assert.NoError(t, CheckSecure("http", strings.Trim(host, "[]"), false), host)
	}
	assert.NoError(t, CheckSecure("http", "api.example.com", true), "explicit opt-in")
	assert.NoError(t, CheckSecure("https", "api.example.com", false))
}

func TestBankTokenSource(t *testing.T) {
	var fetches atomic.Int32
	tokenSrv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fetches.Add(1)
		user, pass, ok := r.BasicAuth()
		if r.URL.Path != BankTokenPath || !ok || user != "ck" || pass != "cs" || r.Header.Get(CorrelationHeader) == "" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		_ = r.ParseForm()
		if r.PostForm.Get("Id") != "cid" || r.PostForm.Get("Key") != "ckey" || r.PostForm.Get("grant_type") != "client_credentials" {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"access_token":"bank-tok","token_type":"Bearer"}`))
	}))
	defer tokenSrv.Close()
	hc := tokenSrv.Client()
	defer hc.CloseIdleConnections()
	ts, err := BankTokenSource(context.Background(), tokenSrv.URL, core.BankCredentials{
		ConsumerKey: "ck", ConsumerSecret: "cs", ClientID: "cid", ClientSecret: "ckey",
	}, nil, hc)
	require.NoError(t, err)
	tok, err := ts.Token()
	require.NoError(t, err)
	assert.Equal(t, "bank-tok", tok.AccessToken)
	assert.WithinDuration(t, time.Now().Add(24*time.Hour), tok.Expiry, 10*time.Minute, "no expires_in: the bank's 24h lifetime applies")
	_, err = ts.Token()
	require.NoError(t, err)
	assert.Equal(t, int32(1), fetches.Load(), "cached")

	_, err = BankTokenSource(context.Background(), "http://bank.example.invalid", core.BankCredentials{ConsumerKey: "a", ConsumerSecret: "b", ClientID: "c", ClientSecret: "d"}, nil, nil)
	assert.ErrorIs(t, err, ErrInsecureTransport)
}
