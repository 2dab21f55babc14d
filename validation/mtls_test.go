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
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMutualTLSWithRateLimit: the bank requires a client certificate on every call, and the
// bank clients limit their rate by default; the certificate must be presented through the
// limiter, in either option order.
func TestMutualTLSWithRateLimit(t *testing.T) {
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
		_, _ = io.WriteString(w, `{"Status":"Ok","Source":"`+r.TLS.PeerCertificates[0].Subject.CommonName+`"}`)
	}))
	srv.TLS = &tls.Config{ClientAuth: tls.RequireAndVerifyClientCert, ClientCAs: clientCAs}
	srv.StartTLS()
	defer srv.Close()
	roots := x509.NewCertPool()
	roots.AddCert(srv.Certificate())
	tlsCfg := &tls.Config{RootCAs: roots}

	for name, opts := range map[string][]core.Option{
		"certificate first": {core.WithClientCertificate(cert), core.WithTLSConfig(tlsCfg)},
		"config first":      {core.WithTLSConfig(tlsCfg), core.WithClientCertificate(cert)},
	} {
		t.Run(name, func(t *testing.T) {
			c, err := validation.New(srv.URL, append(opts, core.WithStaticToken("tok"))...)
			require.NoError(t, err)
			h, err := c.HealthCheck(context.Background())
			require.NoError(t, err)
			assert.Equal(t, "issuerkit-client", string(h.Source), "the client certificate was presented")
		})
	}
}
