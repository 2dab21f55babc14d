package redact

import (
	"net/url"
	"strings"

	"github.com/issuerkit/issuerkit-go/internal/scalar"
)

// QueryParams lists the query parameter names (compared case-insensitively) whose values URL
// masks. Names for which IsSensitiveKey reports true are masked as well. It is read without
// locking: extend it only during program initialization.
var QueryParams = []string{
	"access_token", "token", "id_token", "refresh_token",
	"client_secret", "secret", "password", "key", "api_key", "apikey", "code",
	"card_number", "cardnumber", "pan", "cvv", "cvv2", "cvx2", "pin", "ssn",
	"account_number", "accountnumber",
}

// IsSensitiveQueryParam reports whether URL masks the value of the query parameter name: it is
// in QueryParams (case-insensitively) or IsSensitiveKey(name) holds.
func IsSensitiveQueryParam(name string) bool {
	for _, p := range QueryParams {
		if strings.EqualFold(p, name) {
			return true
		}
	}
	return IsSensitiveKey(name)
}

// URL returns u as a string that is safe to log and to put in an error text:
//
//   - the user information (user:password@) is dropped;
//   - the values of sensitive query parameters (IsSensitiveQueryParam) are masked with
//     scalar.Mask, and card numbers and SSNs inside other values are masked as Text does;
//   - card numbers in the path (a segment of 13 to 19 digits passing the Luhn check) are masked;
//   - the fragment is treated like the query (OAuth implicit flows put tokens there).
//
// Everything else, including the order of the query parameters, is kept. URL(nil) is "".
func URL(u *url.URL) string {
	if u == nil {
		return ""
	}
	c := *u
	c.User = nil
	c.RawQuery, c.ForceQuery = "", false
	c.Fragment, c.RawFragment = "", ""
	if p := Text(c.Path); p != c.Path {
		c.Path, c.RawPath = p, ""
		// Keep the '*' of masks readable; '*' is valid in a path, so RawPath stays consistent.
		c.RawPath = strings.ReplaceAll(c.EscapedPath(), "%2A", "*")
	}
	if c.Opaque != "" {
		c.Opaque = Text(c.Opaque)
	}
	var b strings.Builder
	b.WriteString(c.String())
	if u.RawQuery != "" || u.ForceQuery {
		b.WriteByte('?')
		b.WriteString(redactQuery(u.RawQuery))
	}
	if frag := u.EscapedFragment(); frag != "" {
		b.WriteByte('#')
		b.WriteString(redactQuery(frag))
	}
	return b.String()
}

// redactQuery masks the sensitive values of an encoded query (name=value pairs joined by &),
// keeping the pairs in order and leaving the encoding of untouched pairs as it was.
func redactQuery(q string) string {
	parts := strings.Split(q, "&")
	changed := false
	for i, part := range parts {
		name, value, ok := strings.Cut(part, "=")
		if !ok || value == "" {
			continue
		}
		plainName, err := url.QueryUnescape(name)
		if err != nil {
			plainName = name
		}
		plain, err := url.QueryUnescape(value)
		if err != nil {
			plain = value
		}
		var masked string
		if IsSensitiveQueryParam(plainName) {
			masked = scalar.Mask(plain)
		} else if masked = Text(plain); masked == plain {
			continue
		}
		parts[i] = name + "=" + queryEscape(masked)
		changed = true
	}
	if !changed {
		return q
	}
	return strings.Join(parts, "&")
}

// queryEscape escapes s for a query value but keeps the '*' of masks readable.
func queryEscape(s string) string {
	return strings.ReplaceAll(url.QueryEscape(s), "%2A", "*")
}
