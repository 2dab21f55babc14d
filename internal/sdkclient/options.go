package sdkclient

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/settings"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"golang.org/x/oauth2"
)

// Config is what the client is built from: the options' settings (configFrom), typed.
type Config struct {
	Transport Options
	// APIVersion is the {version} path segment of APIs that have one (card platform).
	APIVersion string
	// RateLimit is the client-side limit in requests per second set by WithRateLimit (0: off);
	// without WithRateLimit the API's default applies.
	RateLimit    float64
	rateLimitSet bool
	// RateLimitWait makes a 429 wait out the lock-out instead of failing (WithRateLimitWait).
	RateLimitWait bool
	// MaxLockout caps the lock-out a 429 starts (WithMaxLockout); 0 means
	// ratelimit.DefaultMaxLockout.
	MaxLockout time.Duration
	// Limiter and Lockout replace the in-process ones (WithLimiter, WithLockout).
	Limiter core.Limiter
	Lockout core.Lockout
	// PrivateBudget gives the client a limiter and lock-out of its own (WithPrivateBudget).
	PrivateBudget bool
	// CredentialID names the credential for its budget key (WithCredentialID).
	CredentialID string
	// staticSource and staticToken are the source WithStaticToken set and its token.
	staticSource oauth2.TokenSource
	staticToken  string
	// OpHeaders holds headers sent by default on one operation (by operation id), when the
	// call does not set them itself (WithOperationHeader).
	OpHeaders map[string]http.Header
	// Settings holds package-specific client settings by key (WithSetting), for the
	// hand-written layers of one client package (the bank list client's page-parameter
	// placement).
	Settings map[string]any
	// tracePropagation is WithTracePropagation's choice; nil means the API's default.
	tracePropagation *bool
	// Timeout is the whole-call ceiling set by WithTimeout (0: none); without WithTimeout,
	// DefaultTimeout applies.
	Timeout    time.Duration
	timeoutSet bool
	// IdleTimeout is the idle timeout of streamed downloads set by WithIdleTimeout (0: none);
	// without it, DefaultIdleTimeout applies.
	IdleTimeout    time.Duration
	idleTimeoutSet bool
}

// Setter sets one client-specific setting of a client's New: Own makes it the core.Option of
// a client package (cardplatform.WithIdleTimeout, validation.WithRateLimit, ...).
type Setter = func(*settings.Client) error

// Own returns the core.Option of the client package client named option: set applied under
// that client's New, refused by any other client's with an error matching ErrInvalidArgument
// that names the option and both clients.
func Own(client, option string, set Setter) core.Option {
	return func(c *settings.Client) error {
		if c.Name != client {
			return fmt.Errorf("%w: %s.%s is an option of package %s: %s.New does not take it",
				ErrInvalidArgument, client, option, client, c.Name)
		}
		return set(c)
	}
}

// WithAPIVersion sets the API version path segment (default v1). A version that is not one
// plain path segment (empty, a dot segment, a character that needs escaping) is refused with
// ErrInvalidArgument.
func WithAPIVersion(v string) Setter {
	return func(c *settings.Client) error {
		if v == "" || url.PathEscape(v) != v || unsafeSegment(v) != "" {
			return fmt.Errorf("%w: API version %q is not one plain path segment", ErrInvalidArgument, v)
		}
		c.APIVersion = v
		return nil
	}
}

// WithOperationHeader sends header key with value on every call of the operation opID that
// does not set the header itself (the bank's KeyClientId on the RTP participants endpoint).
// An empty value, or a name or value that is not a valid header, is refused with
// ErrInvalidArgument.
func WithOperationHeader(opID, key, value string) Setter {
	return func(c *settings.Client) error {
		if value == "" {
			return fmt.Errorf("%w: empty %s header for %s", ErrInvalidArgument, key, opID)
		}
		if err := CheckHeader(key, value); err != nil {
			return err
		}
		if c.OpHeaders == nil {
			c.OpHeaders = map[string]http.Header{}
		}
		h := c.OpHeaders[opID]
		if h == nil {
			h = http.Header{}
			c.OpHeaders[opID] = h
		}
		h.Set(key, value)
		return nil
	}
}

// WithSetting stores value under key in the client's package settings (Core.Settings), for a
// client package's own options.
func WithSetting(key string, value any) Setter {
	return func(c *settings.Client) error {
		if c.Package == nil {
			c.Package = map[string]any{}
		}
		c.Package[key] = value
		return nil
	}
}

// Apply runs opts over s (s.Name says whose New runs them), converts what they set into cfg
// (configFrom) and checks the base URL (CheckBaseURL), and that it is https whenever a bearer
// token is configured (loopback and explicit opt-in excepted). It returns the base URL without
// a trailing slash.
func Apply(baseURL string, s *settings.Client, cfg *Config, opts []core.Option) (string, error) {
	for _, o := range opts {
		if o == nil {
			continue
		}
		if err := o(s); err != nil {
			return "", err
		}
	}
	if err := configFrom(s, cfg); err != nil {
		return "", err
	}
	u, err := CheckBaseURL(baseURL)
	if err != nil {
		return "", err
	}
	if cfg.Transport.TokenSource != nil {
		if err := CheckSecure(u.Scheme, u.Hostname(), cfg.Transport.AllowInsecureHTTP); err != nil {
			return "", err
		}
	}
	return strings.TrimRight(u.String(), "/"), nil
}

// configFrom converts what the options set (s) into cfg: the one place where the settings'
// values of core's types (held as any in the leaf package settings) become typed again, and
// where the checks that need the call path's rules run.
func configFrom(s *settings.Client, cfg *Config) error {
	if s.UserAgent != "" {
		if err := CheckHeader("User-Agent", s.UserAgent); err != nil {
			return err
		}
	}
	t := &cfg.Transport
	t.HTTPClient, t.TokenSource = s.HTTPClient, s.TokenSource
	if s.StaticSet {
		ts := StaticToken(s.StaticToken)
		t.TokenSource, cfg.staticSource, cfg.staticToken = ts, ts, s.StaticToken
	}
	t.ClientCertificates, t.TLSConfig = s.ClientCertificates, s.TLSConfig
	t.Logger, t.LogBodies, t.UserAgent = s.Logger, s.LogBodies, s.UserAgent
	if r, ok := s.Retry.(core.RetryOptions); ok {
		t.Retry = r
	}
	t.RedactKeys, t.RedactQueryParams, t.LoggedHeaders, t.Secrets = s.RedactKeys, s.RedactQueryParams, s.LoggedHeaders, s.Secrets
	t.AllowInsecureHTTP = s.AllowInsecureHTTP
	t.CallMiddleware, t.AttemptMiddleware = s.CallMiddleware, s.AttemptMiddleware
	t.Telemetry.TracerProvider, t.Telemetry.MeterProvider = s.TracerProvider, s.MeterProvider
	cfg.tracePropagation = s.TracePropagation
	cfg.Timeout, cfg.timeoutSet = s.Timeout, s.TimeoutSet
	if s.APIVersion != "" {
		cfg.APIVersion = s.APIVersion
	}
	cfg.IdleTimeout, cfg.idleTimeoutSet = s.IdleTimeout, s.IdleTimeoutSet
	cfg.RateLimit, cfg.rateLimitSet, cfg.RateLimitWait = s.RateLimit, s.RateLimitSet, s.RateLimitWait
	cfg.MaxLockout, cfg.PrivateBudget, cfg.CredentialID = s.MaxLockout, s.PrivateBudget, s.CredentialID
	cfg.Limiter, _ = s.Limiter.(core.Limiter)
	cfg.Lockout, _ = s.Lockout.(core.Lockout)
	cfg.OpHeaders, cfg.Settings = s.OpHeaders, s.Package
	return nil
}

// CheckBaseURL parses a client's base URL and refuses, with an error matching
// ErrInvalidArgument, anything but an absolute http or https URL whose path is plain segments:
// a query or a fragment, empty ones included ("https://host/?" would send every call to "/"
// with its path in the query), user info (credentials go through the options, never the URL),
// and a path segment that is a dot segment, an encoded separator or a control character. The
// error names neither the user info nor the query.
func CheckBaseURL(baseURL string) (*url.URL, error) {
	u, err := url.Parse(baseURL)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // ue quotes the whole URL, credentials included
		}
		return nil, fmt.Errorf("%w: base URL: %v", ErrInvalidArgument, err)
	}
	shown := u.Scheme + "://" + u.Host + u.EscapedPath()
	var why string
	switch {
	case u.Scheme != "https" && u.Scheme != "http", u.Host == "":
		why = "is not an absolute http(s) URL"
	case u.User != nil:
		why = "holds user info"
	case u.RawQuery != "" || u.ForceQuery || strings.Contains(baseURL, "?"):
		why = "holds a query"
	case u.Fragment != "" || strings.Contains(baseURL, "#"):
		why = "holds a fragment"
	default:
		if err := checkPath("base URL", u.EscapedPath()); err != nil {
			return nil, err
		}
		return u, nil
	}
	return nil, fmt.Errorf("%w: base URL %q %s: give scheme, host and path only", ErrInvalidArgument, shown, why)
}
