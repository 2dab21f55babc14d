package redact

import (
	"net/http"
	"strings"
)

// AllowedHeaders lists the request and response headers whose values are safe to log
// (compared case-insensitively). Headers not listed are logged, if at all, with their value
// replaced (see Header). Location is not listed: a redirect target can carry a token. The
// list is read without locking: extend it only during program initialization. Whatever it
// holds, the headers in NeverAllowed are never allowed.
var AllowedHeaders = []string{
	"Content-Type",
	"Content-Length",
	"Date",
	"Retry-After",
	"X-CorrelationId",
	"X-Request-Id",
	"Traceparent",
	"User-Agent",
	"totalRows",
	"retrievedRows",
}

// NeverAllowed lists the headers that carry credentials. HeaderAllowed reports false for them
// even if someone adds them to AllowedHeaders.
var NeverAllowed = []string{
	"Authorization",
	"Proxy-Authorization",
	"Cookie",
	"Set-Cookie",
}

// Redacted is the value Header puts in place of the values of headers that may not be logged.
const Redacted = "REDACTED"

// HeaderAllowed reports whether the value of the header name may be logged: name is in
// AllowedHeaders and not in NeverAllowed, compared case-insensitively.
func HeaderAllowed(name string) bool {
	name = strings.TrimSpace(name)
	for _, n := range NeverAllowed {
		if strings.EqualFold(n, name) {
			return false
		}
	}
	for _, n := range AllowedHeaders {
		if strings.EqualFold(n, name) {
			return true
		}
	}
	return false
}

// Header returns a copy of h that is safe to log: allowed headers keep their values, the
// values of every other header are replaced by Redacted, and the headers in NeverAllowed are
// left out altogether. Header(nil) is nil.
func Header(h http.Header) http.Header {
	if h == nil {
		return nil
	}
	out := make(http.Header, len(h))
outer:
	for name, vals := range h {
		for _, n := range NeverAllowed {
			if strings.EqualFold(n, name) {
				continue outer
			}
		}
		if HeaderAllowed(name) {
			out[name] = append([]string(nil), vals...)
		} else {
			out[name] = []string{Redacted}
		}
	}
	return out
}
