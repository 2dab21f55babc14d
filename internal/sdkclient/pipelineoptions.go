package sdkclient

import (
	"crypto/tls"
	"log/slog"
	"net/http"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"golang.org/x/oauth2"
)

// Options configures a Pipeline. The zero value of every field has a sensible default; the
// public packages fill Options from their functional options.
type Options struct {
	// WrapTransport, when set, wraps the RoundTripper of the client the pipeline sends with,
	// after TLS settings have been applied to it (a client-side rate limiter, for example).
	WrapTransport func(http.RoundTripper) http.RoundTripper
	// CallMiddleware are the caller's steps run once per call, outside retries, after the
	// correlation id is set, in order (the first is outermost).
	CallMiddleware []Middleware
	// AttemptMiddleware are the caller's steps run on every attempt, inside retries, before
	// the Authorization header is set and before logging, in order.
	AttemptMiddleware []Middleware
	// Telemetry configures the OpenTelemetry spans, metrics and trace propagation.
	Telemetry Telemetry
	// HTTPClient sends the requests. Nil means a client built by DefaultHTTPClient. The
	// pipeline uses a shallow copy whose CheckRedirect follows no redirect, whatever the
	// caller's own says (see RedirectError); the caller's value is never modified.
	HTTPClient *http.Client
	// TLSConfig is applied to the transport (root CAs, minimum version, client certificates).
	// It cannot be combined with an HTTPClient whose Transport is not an *http.Transport.
	TLSConfig *tls.Config
	// ClientCertificates are presented for mutual TLS, in addition to the certificates of
	// TLSConfig, whatever the order in which the two were set.
	ClientCertificates []tls.Certificate
	// TokenSource supplies bearer tokens. Nil sends no Authorization header.
	TokenSource oauth2.TokenSource
	// AllowInsecureHTTP lets bearer tokens travel over plain http to hosts other than loopback.
	AllowInsecureHTTP bool
	// UserAgent is appended to the SDK's own user agent.
	UserAgent string
	// Logger receives one record per attempt. Nil logs nothing.
	Logger *slog.Logger
	// LogBodies adds request and response bodies, with secrets masked, to the log records.
	LogBodies bool
	// Retry tunes the retry policy.
	Retry core.RetryOptions
	// No429Retry makes every 429 final, whatever Retry: the *core.Error, carrying the
	// server's Retry-After, returns at once. For APIs that lock a client out after a 429 (the
	// bank's), where an early retry only prolongs the lock-out.
	No429Retry bool
	// RedactKeys are JSON member names whose values are masked in logs and errors, in
	// addition to the defaults (see redact.Config.Keys).
	RedactKeys []string
	// RedactQueryParams are query parameters whose values are masked, in addition to the
	// defaults.
	RedactQueryParams []string
	// LoggedHeaders are headers whose values may be logged, in addition to the defaults.
	// Credential headers are never logged.
	LoggedHeaders []string
	// Secrets are exact values (the caller's own credentials) masked in every error and log
	// record. The bearer tokens the pipeline sends, and the credentials of a BankTokenSource,
	// are masked without being listed here.
	Secrets []string
	// DecodeError decodes the body of a non-2xx response into the API's error body type.
	DecodeError apierror.Decoder
	// MaxErrorBody caps the bytes of an error body that are read and kept. 0 means
	// apierror.MaxBodyBytes.
	MaxErrorBody int64
}

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
