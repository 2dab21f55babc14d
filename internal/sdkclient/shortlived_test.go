package sdkclient

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestShortLivedTokensAreUsed: a token endpoint issuing tokens that live 2 seconds (less than
// the 10-second margin kept before expiry) is asked for a token about once per lifetime, not
// once per call: the margin scales with the token's lifetime.
func TestShortLivedTokensAreUsed(t *testing.T) {
	var fetches atomic.Int32
	bank := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := fetches.Add(1)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"access_token":"short-%d","token_type":"Bearer","expires_in":2}`, n)
	}))
	defer bank.Close()
	hc := bank.Client()
	defer hc.CloseIdleConnections()
	ts, err := BankTokenSource(context.Background(), bank.URL, bankCred, nil, hc)
	require.NoError(t, err)
	defer ts.Close()

	calls := 0
	for start := time.Now(); time.Since(start) < 3*time.Second; calls++ {
		tok, err := ts.Token()
		require.NoError(t, err)
		require.NotEmpty(t, tok.AccessToken)
		time.Sleep(2 * time.Millisecond)
	}
	t.Logf("%d token fetches for %d calls in 3 s", fetches.Load(), calls)
	// 3 seconds of 2-second tokens: about two or three fetches; without the scaled margin every
	// call fetched (hundreds).
	assert.LessOrEqual(t, fetches.Load(), int32(8), "token fetches for %d calls", calls)
	assert.Greater(t, calls, 100)
}

// TestRefreshMarginScalesWithLifetime pins the rule: a token stops being handed out
// min(10s, lifetime/4) before its expiry, the lifetime counted from the fetch.
func TestRefreshMarginScalesWithLifetime(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for life, want := range map[time.Duration]time.Duration{
		time.Hour:        10 * time.Second,
		40 * time.Second: 10 * time.Second,
		20 * time.Second: 5 * time.Second,
		2 * time.Second:  500 * time.Millisecond,
		0:                0,
		-time.Second:     0,
	} {
		assert.Equal(t, want, expiryMargin(start, start.Add(life)), "lifetime %v", life)
	}
}
