package core

import (
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/settings"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/trace"
	"golang.org/x/oauth2"
)

// Option configures a client at construction: the New of cardplatform, validation and
// paging all take it. Make one with the With... functions of this package (shared by the
// three clients) or of a client package (its own: cardplatform.WithIdleTimeout,
// validation.WithRateLimit, ...); another client's New refuses a client-specific option with
// an error matching ErrInvalidArgument that names the option and the client. An invalid value
// fails New.
type Option func(*clientConfig) error

// clientConfig is what the options of New fill in.
type clientConfig = settings.Client

// WithHTTPClient sends requests through hc instead of the SDK's default client. hc is not
// modified. With any hc, whatever its Transport: a request that moves money or changes state
// is sent again only when the SDK saw that the attempt wrote nothing (the request's httptrace
// hooks: the transport looked for a connection and never got one) and the error agrees (failed
// dial, DNS failure, TLS handshake refused by the client); any other failure is one attempt
// and ErrOutcomeUnknown. A Transport that fires no trace hooks for the request (HTTP/3, a mesh
// client, a wrapper that drops the request's context) proves nothing: its failures are all
// ErrOutcomeUnknown.
// Such a request reaches hc without GetBody and with a body that cannot be rewound, so
// neither net/http (a reused keep-alive connection, an HTTP/2 stream reset) nor a Transport
// that rewinds with GetBody can send it twice. No redirect is followed (hc's CheckRedirect is
// not consulted), so credentials and bodies go only where the SDK sends them, and the tokens
// sent are masked in every error and log. A Transport that buffers bodies itself to re-send
// them defeats this; one that is not an *http.Transport cannot take WithClientCertificate or
// WithTLSConfig.
func WithHTTPClient(hc *http.Client) Option {
	return func(c *clientConfig) error {
		if hc == nil {
			return errors.New("issuerkit: WithHTTPClient(nil)")
		}
		c.HTTPClient = hc
		return nil
	}
}

// WithTokenSource authenticates every request with bearer tokens from ts (any
// oauth2.TokenSource); concurrent calls share one cached token and one refresh.
func WithTokenSource(ts oauth2.TokenSource) Option {
	return func(c *clientConfig) error {
		if ts == nil {
			return errors.New("issuerkit: WithTokenSource(nil)")
		}
		c.TokenSource, c.StaticToken, c.StaticSet = ts, "", false
		return nil
	}
}

// WithStaticToken authenticates every request with the bearer token tok.
func WithStaticToken(tok string) Option {
	return func(c *clientConfig) error {
		c.TokenSource, c.StaticToken, c.StaticSet = nil, tok, true
		return nil
	}
}

// WithClientCertificate presents cert for mutual TLS.
func WithClientCertificate(cert tls.Certificate) Option {
	return func(c *clientConfig) error {
		if len(cert.Certificate) == 0 {
			return errors.New("issuerkit: WithClientCertificate: empty certificate")
		}
		c.ClientCertificates = append(c.ClientCertificates, cert)
		return nil
	}
}

// WithTLSConfig uses cfg for TLS (client certificates, root CAs).
func WithTLSConfig(cfg *tls.Config) Option {
	return func(c *clientConfig) error {
		if cfg == nil {
			return errors.New("issuerkit: WithTLSConfig(nil)")
		}
		c.TLSConfig = cfg.Clone()
		return nil
	}
}

// WithLogger logs one record per attempt (method, redacted URL, status, duration, attempt,
// correlation id, allow-listed headers). The Authorization header is never logged.
func WithLogger(l *slog.Logger) Option {
	return func(c *clientConfig) error { c.Logger = l; return nil }
}

// WithLogBodies adds request and response bodies to the log records, with PAN, CVV, PIN,
// track data, SSN, account numbers and tokens masked.
func WithLogBodies() Option {
	return func(c *clientConfig) error { c.LogBodies = true; return nil }
}

// WithUserAgent appends suffix (for example "acme-payouts/2.1") to the User-Agent.
func WithUserAgent(suffix string) Option {
	return func(c *clientConfig) error { c.UserAgent = suffix; return nil }
}

// WithRetry tunes retries; MaxAttempts 1 turns them off. Requests that move money or change
// state are never re-sent once they may have reached the server, whatever this says.
func WithRetry(r RetryOptions) Option {
	return func(c *clientConfig) error {
		if r.MaxAttempts < 0 || r.BaseDelay < 0 || r.MaxDelay < 0 || r.AttemptTimeout < 0 {
			return fmt.Errorf("issuerkit: WithRetry: negative value in %+v", r)
		}
		c.Retry = r
		return nil
	}
}

// WithTimeout sets the whole-call ceiling of every call of the client (default
// DefaultTimeout, 60 s): connection, token, every attempt and backoff, and reading the answer.
// A call ends at this ceiling or at its context's deadline, whichever comes first, so a server
// that trickles its answer cannot hold a caller whose context has no deadline. 0 turns the
// ceiling off; negative is an error. When it runs out the call fails with a *TimeoutError
// (ErrTimeout, context.DeadlineExceeded), which for a call that moves money or changes state
// sits inside an OutcomeUnknownError (ErrOutcomeUnknown). Streamed downloads have an idle
// timeout instead.
func WithTimeout(d time.Duration) Option {
	return func(c *clientConfig) error {
		if d < 0 {
			return fmt.Errorf("issuerkit: WithTimeout(%s): negative", d)
		}
		c.Timeout, c.TimeoutSet = d, true
		return nil
	}
}

// WithInsecureHTTP allows bearer tokens over plain http to hosts other than loopback.
func WithInsecureHTTP() Option {
	return func(c *clientConfig) error { c.AllowInsecureHTTP = true; return nil }
}

// WithCallMiddleware adds steps run once per call, outside retries (a circuit breaker, an
// audit record), after the correlation id header is set; the first step is the outermost.
func WithCallMiddleware(steps ...Middleware) Option {
	return func(c *clientConfig) error {
		if err := noNilStep(steps); err != nil {
			return err
		}
		c.CallMiddleware = append(c.CallMiddleware, steps...)
		return nil
	}
}

// WithAttemptMiddleware adds steps run on every attempt, inside retries (a header, a latency
// histogram). A step sees the request with the SDK's User-Agent, X-CorrelationId, Accept and
// Content-Type headers, the call's own headers and the attempt number (Attempt); the
// Authorization header is set after it and is never visible to it. Logging and the client-side
// rate limiter run after it. It combines with WithClientCertificate, WithTLSConfig and
// WithHTTPClient, unlike a wrapping RoundTripper.
func WithAttemptMiddleware(steps ...Middleware) Option {
	return func(c *clientConfig) error {
		if err := noNilStep(steps); err != nil {
			return err
		}
		c.AttemptMiddleware = append(c.AttemptMiddleware, steps...)
		return nil
	}
}

func noNilStep(steps []Middleware) error {
	for _, s := range steps {
		if s == nil {
			return errors.New("issuerkit: nil middleware step")
		}
	}
	return nil
}

// WithTracerProvider makes this client's OpenTelemetry spans with tp instead of the global
// provider: one span per call named by the operationId, a child per attempt with the HTTP
// client conventions (http.request.method, server.address, url.template,
// http.response.status_code, error.type, http.request.resend_count) and the SDK's own
// (issuerkit.operation, issuerkit.correlation_id, issuerkit.outcome_unknown, issuerkit.lockout).
// No attribute holds a URL, a body or an error text.
func WithTracerProvider(tp trace.TracerProvider) Option {
	return func(c *clientConfig) error {
		if tp == nil {
			return errors.New("issuerkit: WithTracerProvider(nil)")
		}
		c.TracerProvider = tp
		return nil
	}
}

// WithMeterProvider records this client's metrics with mp instead of the global provider:
// http.client.request.duration (per attempt, by operation and status class),
// issuerkit.client.call.attempts and issuerkit.client.lockouts.
func WithMeterProvider(mp metric.MeterProvider) Option {
	return func(c *clientConfig) error {
		if mp == nil {
			return errors.New("issuerkit: WithMeterProvider(nil)")
		}
		c.MeterProvider = mp
		return nil
	}
}

// WithTracePropagation turns the trace context header (traceparent, or the global
// propagator's) of every attempt on or off. Default: on for the card platform; off for the
// bank's clients (validation, paging): the bank may reject unknown headers.
func WithTracePropagation(on bool) Option {
	return func(c *clientConfig) error { c.TracePropagation = &on; return nil }
}

// WithRedactKeys masks the values of these JSON member names in logs and errors, in addition
// to the defaults.
func WithRedactKeys(keys ...string) Option {
	return func(c *clientConfig) error { c.RedactKeys = append(c.RedactKeys, keys...); return nil }
}

// WithRedactQueryParams masks the values of these query parameters in logged and reported
// URLs, in addition to the defaults.
func WithRedactQueryParams(names ...string) Option {
	return func(c *clientConfig) error {
		c.RedactQueryParams = append(c.RedactQueryParams, names...)
		return nil
	}
}

// WithLoggedHeaders logs the values of these headers too; credential headers never are.
func WithLoggedHeaders(names ...string) Option {
	return func(c *clientConfig) error { c.LoggedHeaders = append(c.LoggedHeaders, names...); return nil }
}

// WithSecretValues masks these exact values (your own credentials) in every error and log.
func WithSecretValues(values ...string) Option {
	return func(c *clientConfig) error { c.Secrets = append(c.Secrets, values...); return nil }
}
