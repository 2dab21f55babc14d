package sdkclient

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/issuerkit/issuerkit-go/openapi/core"

	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
	"github.com/issuerkit/issuerkit-go/internal/leaktest"
)

// TestBankBasicCredentialsEchoedAreMasked: a token endpoint that echoes the Authorization
// header it received (in its body, a header and a JSON member) put
// base64(consumer_key:consumer_secret) into the token error's text, %+v and the log.
func TestBankBasicCredentialsEchoedAreMasked(t *testing.T) {
	cred := core.BankCredentials{ConsumerKey: "consumer+KEY/1", ConsumerSecret: "consumer=SECRET&2", ClientID: "client-ID-3", ClientSecret: "client+KEY=4"}
	var sentBasic string
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth := r.Header.Get("Authorization")
		sentBasic = auth
		body, _ := readAll(r)
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("X-Echo", auth)
		w.Header().Set("WWW-Authenticate", `Basic realm="bank", got="`+auth+`"`)
		w.WriteHeader(http.StatusUnauthorized)
		_ = json.NewEncoder(w).Encode(map[string]any{
			"error":             "invalid_client",
			"error_description": "rejected " + auth + " with form " + body,
			"seen":              map[string]any{"header": auth, "form": body},
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
	require.NotEmpty(t, sentBasic)
	_, encoded, _ := cutSpace(sentBasic)
	plain := base64.StdEncoding.EncodeToString([]byte(cred.ConsumerKey + ":" + cred.ConsumerSecret))
	escaped := url.QueryEscape(cred.ClientSecret)
	require.NotEqual(t, cred.ClientSecret, escaped, "the test needs a secret that URL encoding changes")
	assertNoSecret(t, err, logs.String(), encoded, plain, escaped, url.QueryEscape(cred.ConsumerSecret))
	assertNoSecret(t, fmt.Errorf("%+v", err), "", encoded, plain, escaped)
}

// TestURLEncodedTokenEchoedIsMasked: a bearer token with +, / and = that the server echoes
// URL-encoded (%2B%2F%3D), in a Location, a body and a header, leaked in that form.
func TestURLEncodedTokenEchoedIsMasked(t *testing.T) {
	const token = "tok+with/slash=="
	for _, enc := range []string{url.QueryEscape(token), url.PathEscape(token), "tok%2bwith%2fslash%3d%3d"} {
		srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("X-Request-Id", enc)
			w.Header().Set("Location", "/next?t="+enc)
			w.WriteHeader(http.StatusBadRequest)
			_, _ = fmt.Fprintf(w, `{"title":"token %s rejected","detail":"see /x?access=%s"}`, enc, enc)
		})
		var logs syncBuffer
		p := newPipeline(t, testClient(t), func(o *testOptions) {
			o.TokenSource = StaticToken(token)
			o.DecodeError = apierror.DecodeProblem
			o.Logger = slog.New(slog.NewJSONHandler(&logs, leaktest.NoTime(&slog.HandlerOptions{Level: slog.LevelDebug})))
			o.LogBodies = true
		})
		_, err := do(t, p, context.Background(), "GET", srv.URL+"/x", "")
		slog.New(slog.NewJSONHandler(&logs, leaktest.NoTime(nil))).Error("call failed", "err", err)
		assertNoSecret(t, err, logs.String(), enc, token)
	}
}

func readAll(r *http.Request) (string, error) {
	if err := r.ParseForm(); err != nil {
		return "", err
	}
	return r.PostForm.Encode(), nil
}

func cutSpace(s string) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}
