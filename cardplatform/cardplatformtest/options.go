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

// Option configures a sandbox started by NewServer or Start. An option given a value it
// cannot take (WithToken("")) makes Start return an error naming it, and NewServer fail the
// test.
type Option func(*config)

type config struct {
	err      error // the first option refused
	token    string
	clock    func() time.Time
	seed     Seed
	maxBody  int64
	defaults bool
	client   []core.Option
	http2    bool
}

func defaultConfig() config {
	return config{token: Token, clock: time.Now, maxBody: DefaultMaxBodyBytes, defaults: true}
}

// WithToken makes the sandbox accept the bearer token tok (and no other) instead of
// Token; the Server's Client sends it.
func WithToken(tok string) Option {
	return func(c *config) {
		if tok == "" {
			c.refuse("cardplatformtest: WithToken needs a non-empty token")
			return
		}
		c.token = tok
	}
}

// WithClock makes the sandbox read the time from now instead of time.Now: timestamps it
// writes, "closed that day" for interest posting, the progress of bulk orders and of accounts
// prepared for closing all follow it. now must be safe for concurrent use.
func WithClock(now func() time.Time) Option {
	return func(c *config) {
		if now == nil {
			c.refuse("cardplatformtest: WithClock needs a non-nil clock")
			return
		}
		c.clock = now
	}
}

// WithSeed loads the given records into the sandbox before it starts. It may be given more
// than once; the records add up.
func WithSeed(seed Seed) Option {
	return func(c *config) {
		c.seed = c.seed.merge(seed)
	}
}

// WithoutDefaultProgram starts the sandbox without the company and program it otherwise
// holds (DefaultCompanyGUID, DefaultProgramGUID).
func WithoutDefaultProgram() Option {
	return func(c *config) { c.defaults = false }
}

// WithMaxBodyBytes sets the largest request body the sandbox accepts (DefaultMaxBodyBytes
// otherwise).
func WithMaxBodyBytes(n int64) Option {
	return func(c *config) {
		if n <= 0 {
			c.refuse("cardplatformtest: WithMaxBodyBytes needs a positive size")
			return
		}
		c.maxBody = n
	}
}

// WithClientOptions adds options to the Server's Client (for example WithRetry), after the
// sandbox's token: a later option wins.
func WithClientOptions(opts ...core.Option) Option {
	return func(c *config) {
		c.client = append(c.client, opts...)
	}
}

// WithHTTP2 serves the sandbox over TLS with HTTP/2 (a self-signed certificate for
// 127.0.0.1): URL starts with https, the Server's Client speaks HTTP/2 and trusts the
// certificate, and HTTPClient returns an *http.Client that does too. A dropped answer
// (Fault.Drop, Fault.DropAnswer) resets the request's stream, as a proxy or a peer may.
func WithHTTP2() Option {
	return func(c *config) {
		c.http2 = true
	}
}

// refuse records msg as the error of Start, unless an earlier option was refused.
func (c *config) refuse(msg string) {
	if c.err == nil {
		c.err = errors.New(msg)
	}
}
