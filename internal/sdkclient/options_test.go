package sdkclient

import (
	"crypto/tls"
	"crypto/x509"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestClientCertificateAndTLSConfigInEitherOrder(t *testing.T) {
	cert := tls.Certificate{Certificate: [][]byte{[]byte("client-cert")}}
	roots := x509.NewCertPool()
	orders := map[string][]Option{
		"certificate first": {WithClientCertificate(cert), WithTLSConfig(&tls.Config{RootCAs: roots})},
		"TLS config first":  {WithTLSConfig(&tls.Config{RootCAs: roots}), WithClientCertificate(cert)},
	}
	for name, opts := range orders {
		t.Run(name, func(t *testing.T) {
			var cfg Config
			_, err := Apply("https://api.example.com", &cfg, opts)
			require.NoError(t, err)
			tc := cfg.Transport.EffectiveTLSConfig()
			require.NotNil(t, tc)
			assert.Same(t, roots, tc.RootCAs, "the TLS config is kept")
			require.Len(t, tc.Certificates, 1, "the certificate is kept")
			assert.Equal(t, cert.Certificate, tc.Certificates[0].Certificate)
		})
	}
}
