package settings

import (
	"crypto/tls"
	"log/slog"
	"net/http"
	"time"

	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/trace"
	"golang.org/x/oauth2"
)

// Step is one step of a caller's middleware: the same type as core.Middleware (an alias of
// this func type), so that core's options store the caller's steps as they are.
type Step = func(req *http.Request, next func(*http.Request) (*http.Response, error)) (*http.Response, error)

// Client is what the options of a client's New (core.Option and the client-specific options)
// fill in. Package core defines the shared options over it; the call path reads it where it
// is (sdkclient.Options holds it). Fields whose type is declared in core are held as any and
// converted in one place, beside sdkclient.Options: Retry holds a core.RetryOptions, Limiter
// a core.Limiter, Lockout a core.Lockout.
type Client struct {
	// Name is the client package whose New applies the options ("cardplatform",
	// "validation", "paging"): a client-specific option refuses any other.
	Name string

	HTTPClient  *http.Client
	TokenSource oauth2.TokenSource
	// StaticToken, when StaticSet, is WithStaticToken's token: the last of WithTokenSource and
	// WithStaticToken applies.
	StaticToken        string
	StaticSet          bool
	ClientCertificates []tls.Certificate
	TLSConfig          *tls.Config
	Logger             *slog.Logger
	LogBodies          bool
	UserAgent          string
	Retry              any // core.RetryOptions; nil: the defaults
	RedactKeys         []string
	RedactQueryParams  []string
	LoggedHeaders      []string
	Secrets            []string
	AllowInsecureHTTP  bool
	CallMiddleware     []Step
	AttemptMiddleware  []Step
	TracerProvider     trace.TracerProvider
	MeterProvider      metric.MeterProvider
	// TracePropagation is WithTracePropagation's choice; nil means the API's default.
	TracePropagation *bool
	// Timeout, when TimeoutSet, is the whole-call ceiling (0: none).
	Timeout    time.Duration
	TimeoutSet bool

	// The client-specific settings.

	// APIVersion is the {version} path segment, "" for the API's default.
	APIVersion string
	// IdleTimeout, when IdleTimeoutSet, is the idle timeout of streamed transfers (0: none).
	IdleTimeout    time.Duration
	IdleTimeoutSet bool
	// RateLimit, when RateLimitSet, is the client-side limit in requests per second (0: off).
	RateLimit     float64
	RateLimitSet  bool
	RateLimitWait bool
	MaxLockout    time.Duration
	Limiter       any // core.Limiter
	Lockout       any // core.Lockout
	PrivateBudget bool
	CredentialID  string
	// OpHeaders holds headers sent by default on one operation (by operation id).
	OpHeaders map[string]http.Header
	// Package holds a client package's own settings by key (the bank list client's API form).
	Package map[string]any
}

// CallConfig is what the options of one call (core.CallOption) fill in. Retry holds a
// *core.RetryOptions, ResponseInto a *core.Response (see Client for why any).
type CallConfig struct {
	CorrelationID string
	Header        http.Header
	// Timeout, when TimeoutSet, is this call's whole-call ceiling (0: none).
	Timeout      time.Duration
	TimeoutSet   bool
	Retry        any // *core.RetryOptions; nil: the client's
	ResponseInto any // *core.Response; nil: none
}

// Iter is what the options of one iteration (core.IterOption) fill in. From holds a
// core.Cursor (nil: none).
type Iter struct {
	PageSize, MaxItems, Prefetch int
	PageSizeSet                  bool
	Eager, PrefetchSet           bool
	From                         any
	Call                         any // []core.CallOption
	// Bad is the first invalid option's error, reported by the iteration's first step.
	Bad error
	// Bind is the fingerprint of the request iterated (a client's typed iterators set it).
	Bind string
}
