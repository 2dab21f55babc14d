package validation_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMiddlewareWithBankMutualTLS: the bank's options (a client certificate, a TLS
// configuration, BankTokenSource over the same mutual TLS) combine with middleware steps,
// which a wrapping RoundTripper given with WithHTTPClient cannot (a construction error). The
// attempt step sees the operation id and never the bearer token.
func TestMiddlewareWithBankMutualTLS(t *testing.T) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "issuerkit-client"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	require.NoError(t, err)
	leaf, err := x509.ParseCertificate(der)
	require.NoError(t, err)
	cert := tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}
	clientCAs := x509.NewCertPool()
	clientCAs.AddCert(leaf)

	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path == "/oauth/v1/token" {
			_, _ = io.WriteString(w, `{"access_token":"bank-token-secret","token_type":"Bearer","expires_in":3600}`)
			return
		}
		if r.Header.Get("Authorization") != "Bearer bank-token-secret" || r.Header.Get("X-Audit") != "checkHealthV2" {
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = io.WriteString(w, `{"ErrorMessage":"no"}`)
			return
		}
		_, _ = io.WriteString(w, `{"Status":"Ok","Source":"`+r.TLS.PeerCertificates[0].Subject.CommonName+`"}`)
	}))
	srv.TLS = &tls.Config{ClientAuth: tls.RequireAndVerifyClientCert, ClientCAs: clientCAs}
	srv.StartTLS()
	defer srv.Close()
	roots := x509.NewCertPool()
	roots.AddCert(srv.Certificate())
	tlsCfg := &tls.Config{RootCAs: roots, Certificates: []tls.Certificate{cert}}

	ts, err := validation.BankTokenSource(context.Background(), srv.URL,
		core.BankCredentials{ConsumerKey: "consumer-k", ConsumerSecret: "consumer-s", ClientID: "client-id-1", ClientSecret: "client-key-1"}, tlsCfg, nil)
	require.NoError(t, err)
	defer func() { _ = ts.Close() }()

	var mu sync.Mutex
	var seen []string
	audit := func(req *http.Request, next core.Next) (*http.Response, error) {
		mu.Lock()
		seen = append(seen, core.OperationID(req.Context())+" auth="+req.Header.Get("Authorization"))
		mu.Unlock()
		req.Header.Set("X-Audit", core.OperationID(req.Context()))
		return next(req)
	}
	var calls int
	c, err := validation.New(srv.URL, core.WithTokenSource(ts),
		core.WithTLSConfig(&tls.Config{RootCAs: roots}), core.WithClientCertificate(cert),
		core.WithCallMiddleware(func(req *http.Request, next core.Next) (*http.Response, error) {
			calls++
			return next(req)
		}),
		core.WithAttemptMiddleware(audit))
	require.NoError(t, err)
	h, err := c.HealthCheck(context.Background())
	require.NoError(t, err)
	assert.Equal(t, "issuerkit-client", string(h.Source))
	assert.Equal(t, []string{"checkHealthV2 auth="}, seen, "the step sees the operation, never the token")
	assert.Equal(t, 1, calls)

	_, err = validation.New(srv.URL, core.WithAttemptMiddleware(nil))
	assert.Error(t, err, "a nil step is a construction error")
}
