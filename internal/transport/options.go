package transport

import (
	"crypto/tls"
	"log/slog"
	"net/http"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
	"golang.org/x/oauth2"
)

// Options configures a Pipeline. The zero value of every field has a sensible default; the
// public packages fill Options from their functional options.
type Options struct {
	// HTTPClient sends the requests. Nil means a client built by DefaultHTTPClient.
	HTTPClient *http.Client
	// TLSConfig is applied to the default transport (client certificates for mutual TLS, root
	// CAs). It cannot be combined with an HTTPClient whose Transport is not an *http.Transport.
	TLSConfig *tls.Config
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
	Retry RetryOptions
	// RetrySafe reports whether a request may be re-sent after it may have reached the server.
	// Nil treats GET, HEAD, OPTIONS, PUT and DELETE as safe and everything else as unsafe.
	RetrySafe func(method, path string) bool
	// DecodeError decodes the body of a non-2xx response into the API's error body type.
	DecodeError apierror.Decoder
	// MaxErrorBody caps the bytes of an error body that are read and kept. 0 means
	// apierror.MaxBodyBytes.
	MaxErrorBody int64
}

// RetryOptions tunes the retry policy. The zero value means the defaults below.
type RetryOptions struct {
	// MaxAttempts is the number of attempts including the first. 0 means 3; 1 disables retries.
	MaxAttempts int
	// BaseDelay is the first backoff ceiling (full jitter: the wait is random in [0, ceiling]).
	// 0 means 250ms.
	BaseDelay time.Duration
	// MaxDelay caps every wait. A Retry-After longer than MaxDelay is not waited for: the error
	// is returned at once, carrying the wait. 0 means 30s.
	MaxDelay time.Duration
}

func (o RetryOptions) withDefaults() RetryOptions {
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

func defaultRetrySafe(method, _ string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodPut, http.MethodDelete:
		return true
	}
	return false
}
