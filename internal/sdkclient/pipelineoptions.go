package sdkclient

import (
	"crypto/tls"
	"net/http"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
	"github.com/issuerkit/issuerkit-go/internal/settings"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// Options configures a Pipeline: the settings the options of a client's New filled in
// (settings.Client, read where they are: HTTPClient, TLSConfig, ClientCertificates,
// TokenSource, Logger, Retry, the redaction lists, the middleware, the telemetry providers...)
// and what Build adds for the API. The zero value of every field has a sensible default.
type Options struct {
	settings.Client
	// WrapTransport, when set, wraps the RoundTripper of the client the pipeline sends with,
	// after TLS settings have been applied to it (a client-side rate limiter, for example).
	WrapTransport func(http.RoundTripper) http.RoundTripper
	// NoPropagation sends no trace context header (traceparent): for servers that reject
	// unknown headers (the API's default, or WithTracePropagation).
	NoPropagation bool
	// No429Retry makes every 429 final, whatever Retry: the *core.Error, carrying the
	// server's Retry-After, returns at once. For APIs that lock a client out after a 429 (the
	// bank's), where an early retry only prolongs the lock-out.
	No429Retry bool
	// DecodeError decodes the body of a non-2xx response into the API's error body type.
	DecodeError apierror.Decoder
	// MaxErrorBody caps the bytes of an error body that are read and kept. 0 means
	// apierror.MaxBodyBytes.
	MaxErrorBody int64
}

// The settings whose types are core's are held as any in the leaf package settings; these
// are the one place they become typed again (a value of another type counts as unset).

func (o *Options) retry() core.RetryOptions { r, _ := o.Retry.(core.RetryOptions); return r }
func (o *Options) limiter() core.Limiter    { l, _ := o.Limiter.(core.Limiter); return l }
func (o *Options) lockout() core.Lockout    { l, _ := o.Lockout.(core.Lockout); return l }
func callRetry(c *CallConfig) *core.RetryOptions {
	if c == nil {
		return nil
	}
	r, _ := c.Retry.(*core.RetryOptions)
	return r
}
func responseInto(c *CallConfig) *core.Response { r, _ := c.ResponseInto.(*core.Response); return r }

// retryDefaults returns o with the defaults in place of its zero fields.
func retryDefaults(o core.RetryOptions) core.RetryOptions {
	if o.MaxAttempts <= 0 {
		o.MaxAttempts = 3
	}
	if o.BaseDelay <= 0 {
		o.BaseDelay = 250 * time.Millisecond
	}
	if o.MaxDelay <= 0 {
		o.MaxDelay = 30 * time.Second
	}
	return o
}

// EffectiveTLSConfig returns the TLS configuration the pipeline applies: a clone of TLSConfig
// with ClientCertificates appended, or nil when neither is set.
func (o Options) EffectiveTLSConfig() *tls.Config {
	if o.TLSConfig == nil && len(o.ClientCertificates) == 0 {
		return nil
	}
	var c *tls.Config
	if o.TLSConfig != nil {
		c = o.TLSConfig.Clone()
	} else {
		c = &tls.Config{MinVersion: tls.VersionTLS12}
	}
	c.Certificates = append(c.Certificates[:len(c.Certificates):len(c.Certificates)], o.ClientCertificates...)
	return c
}
