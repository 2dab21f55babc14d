package cardplatformtest

import (
	"errors"
	"time"

	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// DefaultMaxBodyBytes is the largest request body the sandbox accepts unless WithMaxBodyBytes
// says otherwise. The platform does not publish its limit; a larger body is answered 400 with
// the field "body" named in the ProblemDetails errors.
const DefaultMaxBodyBytes = 1 << 20

// Option configures a sandbox started by NewServer or Start.
type Option func(*config) error

type config struct {
	token    string
	clock    func() time.Time
	seed     Seed
	maxBody  int64
	defaults bool
	client   []core.Option
	http2    bool
}

func defaultConfig() config {
	return config{token: DefaultToken, clock: time.Now, maxBody: DefaultMaxBodyBytes, defaults: true}
}

// WithToken makes the sandbox accept the bearer token tok (and no other) instead of
// DefaultToken; the Server's Client sends it.
func WithToken(tok string) Option {
	return func(c *config) error {
		if tok == "" {
			return errors.New("cardplatformtest: WithToken needs a non-empty token")
		}
		c.token = tok
		return nil
	}
}

// WithClock makes the sandbox read the time from now instead of time.Now: timestamps it
// writes, "closed that day" for interest posting, the progress of bulk orders and of accounts
// prepared for closing all follow it. now must be safe for concurrent use.
func WithClock(now func() time.Time) Option {
	return func(c *config) error {
		if now == nil {
			return errors.New("cardplatformtest: WithClock needs a non-nil clock")
		}
		c.clock = now
		return nil
	}
}

// WithSeed loads the given records into the sandbox before it starts. It may be given more
// than once; the records add up.
func WithSeed(seed Seed) Option {
	return func(c *config) error {
		c.seed = c.seed.merge(seed)
		return nil
	}
}

// WithoutDefaultProgram starts the sandbox without the company and program it otherwise
// holds (DefaultCompanyGUID, DefaultProgramGUID).
func WithoutDefaultProgram() Option {
	return func(c *config) error { c.defaults = false; return nil }
}

// WithMaxBodyBytes sets the largest request body the sandbox accepts (DefaultMaxBodyBytes
// otherwise).
func WithMaxBodyBytes(n int64) Option {
	return func(c *config) error {
		if n <= 0 {
			return errors.New("cardplatformtest: WithMaxBodyBytes needs a positive size")
		}
		c.maxBody = n
		return nil
	}
}

// WithClientOptions adds options to the Server's Client (for example WithRetry), after the
// sandbox's token: a later option wins.
func WithClientOptions(opts ...core.Option) Option {
	return func(c *config) error {
		c.client = append(c.client, opts...)
		return nil
	}
}

// WithHTTP2 serves the sandbox over TLS with HTTP/2 (a self-signed certificate for
// 127.0.0.1): URL starts with https, the Server's Client speaks HTTP/2 and trusts the
// certificate, and HTTPClient returns an *http.Client that does too. A dropped answer
// (Fault.Drop, Fault.DropAnswer) resets the request's stream, as a proxy or a peer may.
func WithHTTP2() Option {
	return func(c *config) error {
		c.http2 = true
		return nil
	}
}
