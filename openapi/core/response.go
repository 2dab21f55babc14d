package core

import (
	"net/http"
	"time"
)

// Response is the metadata of a successful call, filled in by the call option
// WithResponseInto.
//
// Printed (fmt, every verb), logged (slog) or json.Marshal'd, it shows its headers by
// allowlist: the values of the headers known harmless (Content-Type, Content-Length, Date,
// Retry-After, X-CorrelationId, X-Request-Id, Request-Id, Traceparent, x-fapi-interaction-id,
// User-Agent, totalRows, retrievedRows), card numbers masked, and REDACTED for every other
// (Set-Cookie, a token a proxy echoed, any header the SDK does not know), names kept.
type Response struct {
	// StatusCode is the HTTP status of the response.
	StatusCode int
	// Header holds the response headers as received; renderings of the Response print them by
	// allowlist (see Response), reading them in code gives every value.
	Header http.Header
	// CorrelationID is the X-CorrelationId the server echoed, else the one the SDK sent: it
	// names the call in the server's logs and yours. It is no lookup key (the server has no
	// search by it): an outcome-unknown write is settled by its method's read-back.
	CorrelationID string
	// TraceID is the server's trace id from traceparent, X-Request-Id or Request-Id.
	TraceID string
}

// CallSettings is what a call's options say. ReadCallOptions gives it to a
// test whose fake stands for a method of Client behind an interface of its own, so that it can
// check which correlation id, headers, timeout and retries the code under test asked for.
// Printed, logged or json.Marshal'd, it shows its headers by allowlist, as Response does: the
// value of a WithHeader header that is not known harmless (an X-Api-Key, a second
// credential) is REDACTED, its name kept.
type CallSettings struct {
	// CorrelationID is WithCorrelationID's id; empty means a new UUID per call.
	CorrelationID string
	// Header holds the WithHeader headers as given; renderings print them by allowlist.
	Header http.Header
	// Timeout is WithCallTimeout's ceiling (0: none), when TimeoutSet.
	Timeout time.Duration
	// TimeoutSet reports a WithCallTimeout.
	TimeoutSet bool
	// Retry is WithCallRetry's options; nil means the client's.
	Retry *RetryOptions
	// ResponseInto reports a WithResponseInto.
	ResponseInto bool
}

// InteractionHeader is the header of the bank's commercial account reporting reads that
// carries the request's interaction id (a 36-character UUID), echoed on every answer. The
// generated methods send a new UUID on every call unless the request sets one.
const InteractionHeader = "x-fapi-interaction-id"

// InteractionID returns the x-fapi-interaction-id the server echoed on a commercial account
// reporting answer (package paging): the id the SDK generated for the call (or the one the
// request set). "" for the bank's other APIs, and for a server that does not echo it.
func (r Response) InteractionID() string { return r.Header.Get(InteractionHeader) }
