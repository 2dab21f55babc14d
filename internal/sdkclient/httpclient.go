package sdkclient

import (
	"crypto/tls"
	"errors"
	"net"
	"net/http"
	"time"
)

// defaultHTTPClient returns the client the pipeline uses when the caller brings none. It has
// no overall Timeout: the call's limit (timeout.go) bounds it, so that a download is not cut
// off while bytes flow.
func defaultHTTPClient(tlsConfig *tls.Config) *http.Client {
	dialer := &net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}
	t := &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		DialContext:           dialer.DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          256,
		MaxIdleConnsPerHost:   64,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: 60 * time.Second,
		ExpectContinueTimeout: time.Second,
		TLSClientConfig:       tlsConfigOrDefault(tlsConfig),
	}
	return &http.Client{Transport: t}
}

func tlsConfigOrDefault(c *tls.Config) *tls.Config {
	if c == nil {
		return &tls.Config{MinVersion: tls.VersionTLS12}
	}
	c = c.Clone()
	if c.MinVersion == 0 {
		c.MinVersion = tls.VersionTLS12
	}
	return c
}

// errTLSWithCustomTransport is returned when a TLS configuration cannot be applied to the
// caller's client.
var errTLSWithCustomTransport = errors.New("issuerkit: a TLS configuration (client certificate) needs an HTTP client whose Transport is an *http.Transport; set the certificate on your own transport instead")

// httpClientFor returns the client the pipeline sends with: a shallow copy of the caller's
// (or the default) that never follows a redirect and asks for uncompressed bodies only
// (identityTransport), its transport cloned to apply tlsConfig when set.
func httpClientFor(c *http.Client, tlsConfig *tls.Config) (*http.Client, error) {
	if c == nil {
		c = defaultHTTPClient(tlsConfig)
	} else if tlsConfig != nil {
		var base *http.Transport
		switch t := c.Transport.(type) {
		case nil:
			dt, ok := http.DefaultTransport.(*http.Transport)
			if !ok {
				return nil, errTLSWithCustomTransport
			}
			base = dt
		case *http.Transport:
			base = t
		default:
			return nil, errTLSWithCustomTransport
		}
		t := base.Clone()
		t.TLSClientConfig = tlsConfigOrDefault(tlsConfig)
		cc := *c
		cc.Transport = t
		c = &cc
	}
	cc := *c
	cc.CheckRedirect = neverFollow
	cc.Transport = identityTransport{next: cc.Transport} // see acceptencoding.go
	return &cc, nil
}
