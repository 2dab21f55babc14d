package core

import (
	"net/http"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/settings"
)

// CallOption configures one call of any client: its correlation id, extra headers, time
// limit, retries, and where to report the response metadata. Make one with the With...
// functions that return it; ReadCallOptions tells a test what a list of them says.
type CallOption func(*callConfig)

// callConfig is what the options of one call fill in.
type callConfig = settings.CallConfig

// WithCorrelationID sends id as the X-CorrelationId of this call instead of a new UUID. Keep
// it with anything that moves money: it names the call in the server's logs, for the manual
// review of an outcome-unknown write that has no read-back (the server has no lookup by it;
// a method's doc says which read-back, if any, settles it). An id with a control character
// (CR, LF) fails the call before the first attempt with ErrInvalidArgument, which proves
// nothing was sent; the id is never quoted.
func WithCorrelationID(id string) CallOption {
	return func(c *callConfig) { c.CorrelationID = id }
}

// WithHeader adds a header to this call. It never replaces Authorization. A key that is not
// an HTTP token or a value with a control character (CR, LF) fails the call before the first
// attempt with ErrInvalidArgument, which proves nothing was sent.
func WithHeader(key, value string) CallOption {
	return func(c *callConfig) {
		if c.Header == nil {
			c.Header = http.Header{}
		}
		c.Header.Add(key, value)
	}
}

// WithCallTimeout sets this call's whole-call ceiling instead of the client's (WithTimeout):
// connection, token, every attempt and backoff, and reading the answer (a streamed download's
// body too). 0 or less means none: only ctx bounds the call. When it runs out the call fails
// with a *TimeoutError (ErrTimeout, context.DeadlineExceeded), which for a call that moves
// money or changes state sits inside an OutcomeUnknownError (ErrOutcomeUnknown).
func WithCallTimeout(d time.Duration) CallOption {
	return func(c *callConfig) { c.Timeout, c.TimeoutSet = max(d, 0), true }
}

// WithCallRetry tunes retries for this call only; MaxAttempts 1 turns them off. Requests that
// move money or change state are never re-sent once they may have reached the server,
// whatever this says.
func WithCallRetry(r RetryOptions) CallOption {
	return func(c *callConfig) { c.Retry = &r }
}

// WithResponseInto fills *r with the metadata of the successful response (status, headers,
// correlation and trace ids). r is left unchanged when the call fails: the error carries the
// same facts.
func WithResponseInto(r *Response) CallOption {
	return func(c *callConfig) { c.ResponseInto = r }
}

// ReadCallOptions applies opts, as a call does, and returns what they set.
func ReadCallOptions(opts ...CallOption) CallSettings {
	var c callConfig
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	s := CallSettings{CorrelationID: c.CorrelationID, Header: c.Header, Timeout: c.Timeout,
		TimeoutSet: c.TimeoutSet}
	s.Retry, _ = c.Retry.(*RetryOptions)
	s.ResponseInto = c.ResponseInto != nil
	return s
}
