package redact

import (
	"encoding/base64"
	"encoding/hex"
	"net/url"
	"strings"
	"testing"
)

// encodings returns every form in which a server may echo s: as sent, URL-encoded (query and
// path, either case of escapes), base64 and base64url (padded or not), hexadecimal (either
// case) and \u-escaped (either case).
func encodings(s string) map[string]string {
	b := []byte(s)
	u := unicodeEscaped(s)
	return map[string]string{
		"as sent":         s,
		"query":           url.QueryEscape(s),
		"query lower":     lowerEscapes(url.QueryEscape(s)),
		"path":            url.PathEscape(s),
		"path lower":      lowerEscapes(url.PathEscape(s)),
		"base64":          base64.StdEncoding.EncodeToString(b),
		"base64 raw":      base64.RawStdEncoding.EncodeToString(b),
		"base64url":       base64.URLEncoding.EncodeToString(b),
		"base64url raw":   base64.RawURLEncoding.EncodeToString(b),
		"hex":             hex.EncodeToString(b),
		"HEX":             strings.ToUpper(hex.EncodeToString(b)),
		"\\u-escaped":     u,
		"\\u-escaped HEX": strings.ReplaceAll(strings.ToUpper(u), `\U`, `\u`),
	}
}

// TestEveryEncodingIsMasked: a server that echoed the client key hex-encoded showed it in
// every rendering of the error (issue 33, bug 4). Every encoding of a secret is masked in a
// text and in a JSON body, alone and inside other text.
func TestEveryEncodingIsMasked(t *testing.T) {
	for _, secret := range []string{"consumer+KEY/1", "tok-VALUE-Qa1Ws2Ed3Rf4", "clé=secrète?🔑"} {
		r := New(Config{Secrets: []string{secret}})
		for name, enc := range encodings(secret) {
			for _, text := range []string{enc, "echo " + enc + " end", "x" + enc + "y"} {
				if got := r.Text(text); strings.Contains(got, enc) {
					t.Errorf("%q %s: Text(%q) = %q", secret, name, text, got)
				}
				body := `{"note":"` + strings.ReplaceAll(text, `\`, `\\`) + `"}`
				if got := string(r.JSON([]byte(body))); strings.Contains(got, enc) || strings.Contains(got, strings.ReplaceAll(enc, `\`, `\\`)) {
					t.Errorf("%q %s: JSON(%s) = %s", secret, name, body, got)
				}
			}
		}
	}
}
