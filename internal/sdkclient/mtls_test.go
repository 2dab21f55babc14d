package sdkclient

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
	"github.com/issuerkit/issuerkit-go/internal/settings"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// selfSigned makes a CA-less certificate usable as a TLS client certificate.
func selfSigned(t *testing.T, cn string) (tls.Certificate, *x509.Certificate) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: cn},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	require.NoError(t, err)
	leaf, err := x509.ParseCertificate(der)
	require.NoError(t, err)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, leaf
}

// TestMutualTLS: the bank requires a client certificate on every call.
func TestMutualTLS(t *testing.T) {
	cert, leaf := selfSigned(t, "issuerkit-client")
	clientCAs := x509.NewCertPool()
	clientCAs.AddCert(leaf)
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(r.TLS.PeerCertificates[0].Subject.CommonName))
	}))
	srv.TLS = &tls.Config{ClientAuth: tls.RequireAndVerifyClientCert, ClientCAs: clientCAs}
	srv.StartTLS()
	defer srv.Close()
	roots := x509.NewCertPool()
	roots.AddCert(srv.Certificate())

	with := newPipeline(t, nil, func(o *testOptions) {
		o.TLSConfig = &tls.Config{RootCAs: roots, Certificates: []tls.Certificate{cert}}
	})
	resp, err := do(t, with, context.Background(), "GET", srv.URL, "")
	require.NoError(t, err)
	body := make([]byte, 64)
	n, _ := resp.Body.Read(body)
	assert.Equal(t, "issuerkit-client", string(body[:n]))

	without := newPipeline(t, nil, func(o *testOptions) {
		o.TLSConfig = &tls.Config{RootCAs: roots}
		o.Retry.MaxAttempts = 1
	})
	_, err = do(t, without, context.Background(), "GET", srv.URL, "")
	assert.Error(t, err, "the server refuses a client without a certificate")
}

// TestMutualTLSCertificateWithTLSConfig: a certificate given on its own and a TLS
// configuration (root CAs) given on its own are both applied.
func TestMutualTLSCertificateWithTLSConfig(t *testing.T) {
	cert, leaf := selfSigned(t, "issuerkit-client")
	clientCAs := x509.NewCertPool()
	clientCAs.AddCert(leaf)
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(r.TLS.PeerCertificates[0].Subject.CommonName))
	}))
	srv.TLS = &tls.Config{ClientAuth: tls.RequireAndVerifyClientCert, ClientCAs: clientCAs}
	srv.StartTLS()
	defer srv.Close()
	roots := x509.NewCertPool()
	roots.AddCert(srv.Certificate())

	p := newPipeline(t, nil, func(o *testOptions) {
		o.TLSConfig = &tls.Config{RootCAs: roots}
		o.ClientCertificates = []tls.Certificate{cert}
	})
	resp, err := do(t, p, context.Background(), "GET", srv.URL, "")
	require.NoError(t, err)
	body := make([]byte, 64)
	n, _ := resp.Body.Read(body)
	assert.Equal(t, "issuerkit-client", string(body[:n]))

	_, err = New(Options{Client: settings.Client{
		HTTPClient:         &http.Client{Transport: roundTripperFunc(http.DefaultTransport.RoundTrip)},
		ClientCertificates: []tls.Certificate{cert},
	}, DecodeError: apierror.DecodeBankError})
	assert.ErrorIs(t, err, errTLSWithCustomTransport, "a certificate that cannot be applied is a construction error")
}
