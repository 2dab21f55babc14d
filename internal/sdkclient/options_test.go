package sdkclient

import (
	"crypto/tls"
	"crypto/x509"
	"testing"

	"github.com/issuerkit/issuerkit-go/openapi/core"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestClientCertificateAndTLSConfigInEitherOrder(t *testing.T) {
	cert := tls.Certificate{Certificate: [][]byte{[]byte("client-cert")}}
	roots := x509.NewCertPool()
	orders := map[string][]core.Option{
		"certificate first": {core.WithClientCertificate(cert), core.WithTLSConfig(&tls.Config{RootCAs: roots})},
		"TLS config first":  {core.WithTLSConfig(&tls.Config{RootCAs: roots}), core.WithClientCertificate(cert)},
	}
	for name, opts := range orders {
		t.Run(name, func(t *testing.T) {
			var cfg Options
			_, err := Apply("https://api.example.com", &cfg.Client, opts)
			require.NoError(t, err)
			tc := cfg.EffectiveTLSConfig()
			require.NotNil(t, tc)
			assert.Same(t, roots, tc.RootCAs, "the TLS config is kept")
			require.Len(t, tc.Certificates, 1, "the certificate is kept")
			assert.Equal(t, cert.Certificate, tc.Certificates[0].Certificate)
		})
	}
}
