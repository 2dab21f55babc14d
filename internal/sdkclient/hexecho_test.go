package sdkclient

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/leaktest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestTokenEndpointHexEchoIsMasked: a token endpoint that echoed the client key hex-encoded
// (in its JSON body, in a header and in a text) showed it in every rendering of the error
// (issue 33, bug 4).
func TestTokenEndpointHexEchoIsMasked(t *testing.T) {
	cred := core.BankCredentials{ConsumerKey: "consumer-KEY-77", ConsumerSecret: "consumer-SECRET-88", ClientID: "client-ID-3", ClientSecret: "client-KEY-99"}
	hexes := []string{}
	for _, s := range []string{cred.ConsumerKey, cred.ConsumerSecret, cred.ClientSecret} {
		hexes = append(hexes, hex.EncodeToString([]byte(s)), strings.ToUpper(hex.EncodeToString([]byte(s))))
	}
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("X-Echo", strings.Join(hexes, ","))
		w.WriteHeader(http.StatusUnauthorized)
		_ = json.NewEncoder(w).Encode(map[string]any{
			"error":             "invalid_client",
			"error_description": "rejected key " + strings.Join(hexes, " "),
			"seen":              hexes,
		})
	}))
	defer srv.Close()
	hc := srv.Client()
	defer hc.CloseIdleConnections()
	ts, err := BankTokenSource(context.Background(), srv.URL, cred, nil, hc)
	require.NoError(t, err)
	var logs syncBuffer
	p := newPipeline(t, hc, func(o *testOptions) {
		o.TokenSource = ts
		o.Logger = slog.New(slog.NewJSONHandler(&logs, leaktest.NoTime(&slog.HandlerOptions{Level: slog.LevelDebug})))
		o.LogBodies = true
	})
	_, err = do(t, p, context.Background(), "GET", srv.URL+"/x", "")
	require.Error(t, err)
	slog.New(slog.NewJSONHandler(&logs, leaktest.NoTime(nil))).Error("call failed", "err", err)
	slog.New(slog.NewTextHandler(&logs, leaktest.NoTime(nil))).Error("call failed", "err", err)
	assertNoSecret(t, err, logs.String(), hexes...)
	assertNoSecret(t, fmt.Errorf("%+v", err), "", hexes...)
}
