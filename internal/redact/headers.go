package redact

import (
	"net/http"
	"net/url"
	"strings"
)

// Redacted is the value Header puts in place of the values of headers that may not be logged.
const Redacted = "REDACTED"

// HeaderAllowed reports whether the Default Redactor lets the value of the header name be
// logged (see Redactor.HeaderAllowed).
func HeaderAllowed(name string) bool { return std.HeaderAllowed(name) }

// IsCredentialHeader reports whether name (case-insensitive) is a header that carries
// credentials: Authorization, Proxy-Authorization, Cookie or Set-Cookie. Such a header is
// never logged and never kept in an error.
func IsCredentialHeader(name string) bool {
	name = strings.TrimSpace(name)
	for _, n := range credentialHeaders {
		if strings.EqualFold(n, name) {
			return true
		}
	}
	return false
}

// HeaderAllowed reports whether the value of the header name may be logged: name is one of
// r's logged headers (Content-Type, Content-Length, Date, Retry-After, X-CorrelationId,
// X-Request-Id, Traceparent, User-Agent, totalRows, retrievedRows, plus Config.LoggedHeaders),
// compared case-insensitively, and is not a credential header (IsCredentialHeader). Location is
// not listed by default: a redirect target can carry a token.
func (r *Redactor) HeaderAllowed(name string) bool {
	if IsCredentialHeader(name) {
		return false
	}
	_, ok := r.headers[http.CanonicalHeaderKey(strings.TrimSpace(name))]
	return ok
}

// Header returns a copy of h redacted by the Default Redactor (see Redactor.Header).
func Header(h http.Header) http.Header { return std.Header(h) }

// Header returns a copy of h that is safe to log: allowed headers (HeaderAllowed) keep their
// values, with r's secret values masked; the values of every other header are replaced by
// Redacted; credential headers are left out altogether. Header(nil) is nil.
func (r *Redactor) Header(h http.Header) http.Header {
	if h == nil {
		return nil
	}
	out := make(http.Header, len(h))
	for name, vals := range h {
		switch {
		case IsCredentialHeader(name):
		case r.HeaderAllowed(name):
			c := make([]string, len(vals))
			for i, v := range vals {
				c[i] = r.MaskSecrets(v)
			}
			out[name] = c
		default:
			out[name] = []string{Redacted}
		}
	}
	return out
}

// ErrorHeader returns a copy of h to keep in an error: every header but the credential ones
// (IsCredentialHeader), with r's secret values masked in every value and Location redacted
// like a URL. ErrorHeader(nil) is nil.
func (r *Redactor) ErrorHeader(h http.Header) http.Header {
	if h == nil {
		return nil
	}
	out := make(http.Header, len(h))
	for name, vals := range h {
		if IsCredentialHeader(name) {
			continue
		}
		location := strings.EqualFold(name, "Location")
		c := make([]string, len(vals))
		for i, v := range vals {
			switch {
			case location:
				if u, err := url.Parse(v); err == nil {
					c[i] = r.URL(u)
				} else {
					c[i] = r.Text(v)
				}
			default:
				c[i] = r.MaskSecrets(v)
			}
		}
		out[name] = c
	}
	return out
}
