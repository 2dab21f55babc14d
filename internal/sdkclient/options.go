package sdkclient

import (
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"golang.org/x/oauth2"
)

// Config is what the options fill in.
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

// Option configures a client. It reports invalid values at construction.
type Option func(*Config) error

// WithHTTPClient sends requests through hc instead of the SDK's default client. hc is not
// modified: the SDK uses a shallow copy whose CheckRedirect follows no redirect, on any
// origin, whatever hc's own CheckRedirect says (see RedirectError).
//
// What holds with any hc, whatever its Transport (HTTP/3, a service mesh, a recording proxy):
// a request that moves money or changes state is sent again only when the SDK saw that the
// attempt wrote nothing (hc's Transport reported through the request's httptrace hooks that it
// looked for a connection and never got one, or an SDK step refused the request before hc)
// and the error agrees (a failed dial, a DNS failure, a TLS handshake the client refused, or
// the SDK's own refusals); any other failure, and every failure of a Transport that fires no
// trace hooks, is reported once as an outcome-unknown error carrying the correlation id. No redirect is followed, so credentials and bodies go only to the URL the
// SDK chose, and the tokens sent are masked in every error and log. A Transport that is not an *http.Transport cannot take
// WithClientCertificate or WithTLSConfig (a construction error); its own timeouts, proxies
// and retries are its business: a Transport that re-sends requests itself defeats the above.
func WithHTTPClient(hc *http.Client) Option {
	return func(c *Config) error {
		if hc == nil {
			return errors.New("issuerkit: WithHTTPClient(nil)")
		}
		c.Transport.HTTPClient = hc
		return nil
	}
}

// WithTokenSource authenticates every request with bearer tokens from ts, shared across
// goroutines with one refresh at a time, refreshed shortly before expiry in the background;
// a call waits for a refresh only as long as its context lasts.
func WithTokenSource(ts oauth2.TokenSource) Option {
	return func(c *Config) error {
		if ts == nil {
			return errors.New("issuerkit: WithTokenSource(nil)")
		}
		c.Transport.TokenSource = ts
		return nil
	}
}

// WithClientCertificate presents cert for mutual TLS. It combines with WithTLSConfig in
// either order: cert is added to that configuration's certificates.
func WithClientCertificate(cert tls.Certificate) Option {
	return func(c *Config) error {
		if len(cert.Certificate) == 0 {
			return errors.New("issuerkit: WithClientCertificate: empty certificate")
		}
		c.Transport.ClientCertificates = append(c.Transport.ClientCertificates, cert)
		return nil
	}
}

// WithTLSConfig uses cfg (cloned) for TLS: client certificates, root CAs, minimum version.
// Certificates given with WithClientCertificate are added to cfg's, whatever the order of the
// two options.
func WithTLSConfig(cfg *tls.Config) Option {
	return func(c *Config) error {
		if cfg == nil {
			return errors.New("issuerkit: WithTLSConfig(nil)")
		}
		c.Transport.TLSConfig = cfg.Clone()
		return nil
	}
}

// WithLogger logs one record per attempt to l; bodies only with WithLogBodies.
func WithLogger(l *slog.Logger) Option {
	return func(c *Config) error { c.Transport.Logger = l; return nil }
}

// WithLogBodies adds request and response bodies, secrets masked, to the log records.
func WithLogBodies() Option {
	return func(c *Config) error { c.Transport.LogBodies = true; return nil }
}

// WithUserAgent appends suffix to the SDK's User-Agent. A suffix that is not a valid header
// value (a CR, LF or other control character) is refused with ErrInvalidArgument.
func WithUserAgent(suffix string) Option {
	return func(c *Config) error {
		if err := CheckHeader("User-Agent", suffix); err != nil {
			return err
		}
		c.Transport.UserAgent = suffix
		return nil
	}
}

// WithRetry tunes retries; MaxAttempts 1 turns them off.
func WithRetry(r core.RetryOptions) Option {
	return func(c *Config) error {
		if r.MaxAttempts < 0 || r.BaseDelay < 0 || r.MaxDelay < 0 || r.AttemptTimeout < 0 {
			return fmt.Errorf("issuerkit: WithRetry: negative value in %+v", r)
		}
		c.Transport.Retry = r
		return nil
	}
}

// WithRedactKeys masks the values of these JSON member names, in addition to the defaults
// (card numbers, CVV, PIN, track data, SSN, account numbers, tokens, secrets), in this
// client's logs and errors. Names compare case-insensitively, ignoring '_' and '-'.
func WithRedactKeys(keys ...string) Option {
	return func(c *Config) error {
		c.Transport.RedactKeys = append(c.Transport.RedactKeys, keys...)
		return nil
	}
}

// WithRedactQueryParams masks the values of these query parameters, in addition to the
// defaults, in the URLs this client logs and puts in errors.
func WithRedactQueryParams(names ...string) Option {
	return func(c *Config) error {
		c.Transport.RedactQueryParams = append(c.Transport.RedactQueryParams, names...)
		return nil
	}
}

// WithLoggedHeaders lets this client log the values of these headers, in addition to the
// defaults (Content-Type, Content-Length, Date, Retry-After, X-CorrelationId, X-Request-Id,
// Traceparent, User-Agent, totalRows, retrievedRows). Authorization, Proxy-Authorization,
// Cookie and Set-Cookie are never logged.
func WithLoggedHeaders(names ...string) Option {
	return func(c *Config) error {
		c.Transport.LoggedHeaders = append(c.Transport.LoggedHeaders, names...)
		return nil
	}
}

// WithSecretValues masks these exact values (credentials of your own, for example ones a
// custom transport adds) wherever this client writes text: errors, error fields and logs. The
// bearer tokens the client sends, and a BankTokenSource's credentials, are masked without it.
func WithSecretValues(values ...string) Option {
	return func(c *Config) error {
		c.Transport.Secrets = append(c.Transport.Secrets, values...)
		return nil
	}
}

// WithInsecureHTTP allows bearer tokens over plain http to non-loopback hosts. Only for test
// environments behind a trusted network.
func WithInsecureHTTP() Option {
	return func(c *Config) error { c.Transport.AllowInsecureHTTP = true; return nil }
}

// WithAPIVersion sets the API version path segment (default v1). A version that is not one
// plain path segment (empty, a dot segment, a character that needs escaping) is refused with
// ErrInvalidArgument.
func WithAPIVersion(v string) Option {
	return func(c *Config) error {
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
func WithOperationHeader(opID, key, value string) Option {
	return func(c *Config) error {
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

// WithSetting stores value under key in Config.Settings, for a client package's own options.
func WithSetting(key string, value any) Option {
	return func(c *Config) error {
		if c.Settings == nil {
			c.Settings = map[string]any{}
		}
		c.Settings[key] = value
		return nil
	}
}

// Apply runs opts over cfg and checks the base URL (CheckBaseURL), and that it is https
// whenever a bearer token is configured (loopback and explicit opt-in excepted). It returns the
// base URL without a trailing slash.
func Apply(baseURL string, cfg *Config, opts []Option) (string, error) {
	for _, o := range opts {
		if o == nil {
			continue
		}
		if err := o(cfg); err != nil {
			return "", err
		}
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
