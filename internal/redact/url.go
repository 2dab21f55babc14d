package redact

import (
	"net/url"
	"strings"

	"github.com/issuerkit/issuerkit-go/internal/mask"
)

// IsSensitiveQueryParam reports whether URL masks the value of the query parameter name
// (see Redactor.IsSensitiveQueryParam).
func IsSensitiveQueryParam(name string) bool { return std.IsSensitiveQueryParam(name) }

// IsSensitiveQueryParam reports whether r masks the value of the query parameter name: it is
// one of r's query parameters (case-insensitively) or IsSensitiveKey(name) holds.
func (r *Redactor) IsSensitiveQueryParam(name string) bool {
	var buf [64]byte
	b := buf[:0]
	for i := 0; i < len(name); i++ {
		c := name[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	if _, ok := r.params[string(b)]; ok {
		return true
	}
	return r.IsSensitiveKey(name)
}

// URL returns u redacted by the Default Redactor (see Redactor.URL).
func URL(u *url.URL) string { return std.URL(u) }

// URL returns u as a string that is safe to log and to put in an error text:
//
//   - the user information (user:password@) is dropped;
//   - the values of sensitive query parameters (IsSensitiveQueryParam) are masked with
//     mask.Mask, and card numbers and SSNs inside other values are masked as Text does;
//   - card numbers in the path (a segment of 13 to 19 digits passing the Luhn check) are masked;
//   - the fragment is treated like the query (OAuth implicit flows put tokens there);
//   - r's secret values are masked wherever they appear.
//
// Everything else, including the order of the query parameters, is kept. URL(nil) is "".
func (r *Redactor) URL(u *url.URL) string {
	if u == nil {
		return ""
	}
	c := *u
	c.User = nil
	c.RawQuery, c.ForceQuery = "", false
	c.Fragment, c.RawFragment = "", ""
	if p := r.Text(c.Path); p != c.Path {
		c.Path, c.RawPath = p, ""
		// Keep the '*' of masks readable; '*' is valid in a path, so RawPath stays consistent.
		c.RawPath = strings.ReplaceAll(c.EscapedPath(), "%2A", "*")
	}
	if c.Opaque != "" {
		c.Opaque = r.Text(c.Opaque)
	}
	var b strings.Builder
	b.WriteString(c.String())
	if u.RawQuery != "" || u.ForceQuery {
		b.WriteByte('?')
		b.WriteString(r.redactQuery(u.RawQuery))
	}
	if frag := u.EscapedFragment(); frag != "" {
		b.WriteByte('#')
		b.WriteString(r.redactQuery(frag))
	}
	return r.MaskSecrets(b.String())
}

// Query returns the encoded query q (name=value pairs joined by &) with the values of
// sensitive query parameters masked, card numbers and SSNs inside other values masked, and r's
// secret values masked, as URL does for a URL's query.
func (r *Redactor) Query(q string) string { return r.MaskSecrets(r.redactQuery(q)) }

// redactQuery masks the sensitive values of an encoded query (name=value pairs joined by &),
// keeping the pairs in order and leaving the encoding of untouched pairs as it was.
func (r *Redactor) redactQuery(q string) string {
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
		if r.IsSensitiveQueryParam(plainName) {
			masked = mask.Mask(plain)
		} else if masked = r.Text(plain); masked == plain {
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
