package redact

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode/utf16"
)

// Redactor masks secrets with a configuration of its own: the default sensitive JSON keys,
// query parameters and loggable headers plus what one client adds (Config), and exact secret
// values such as the credentials a client sent. The package functions (JSON, Text, URL,
// Header, ...) are the methods of Default. A Redactor is immutable and safe for concurrent
// use; build it with New.
type Redactor struct {
	keys    map[string]struct{} // normalised JSON member names (see IsSensitiveKey)
	params  map[string]struct{} // lower-cased query parameter names
	headers map[string]struct{} // canonical names of the headers that may be logged
	secrets []string            // exact values masked wherever they appear, longest first
	plain   []string            // identifiers that Text does not mask as card numbers or SSNs
}

// Config is what a Redactor adds to the defaults. Nothing in it can remove a default.
type Config struct {
	// Keys are more JSON member names whose values are masked (see IsSensitiveKey for how
	// names compare).
	Keys []string
	// QueryParams are more query parameter names whose values are masked (case-insensitive).
	QueryParams []string
	// LoggedHeaders are more headers whose values may be logged (case-insensitive). The
	// credential headers (Authorization, Proxy-Authorization, Cookie, Set-Cookie) are never
	// logged, even when listed.
	LoggedHeaders []string
	// Secrets are exact values (client credentials, tokens) masked wherever they appear:
	// texts, JSON member names and values, URLs and header values, as given and URL-encoded
	// (as a query value or a path segment, with upper- or lower-case escapes). Empty strings
	// are ignored.
	Secrets []string
}

// MinSecretLen is the length from which a secret value is masked wherever it appears, even
// inside a word. A shorter secret (a one-letter test token, a three-character code) is masked
// only where it stands as a whole token, that is not preceded or followed by an ASCII letter,
// digit or underscore: masking every "t" would turn "https://…/accounts" into
// "h******p://…/accoun***s", hiding the error rather than the secret.
const MinSecretLen = 8

// SecretMask replaces every occurrence of a secret value (Config.Secrets, WithSecrets). It
// shows nothing of the value, not even its length.
const SecretMask = "***"

// defaultKeys are the JSON member names masked by every Redactor.
var defaultKeys = [...]string{
	"cardnumber", "pan", "cvv", "cvv2", "cvx2", "cvc", "pin",
	"track1", "track2", "trackdata",
	"ssn", "taxid", "idno", "dob", "birthdate", "dateofbirth",
	"accountnumber", "debitaccountnumber", "creditaccountnumber", "encryptedcarddata",
	"accesstoken", "refreshtoken", "idtoken", "clientsecret",
	"password", "secret", "authorization", "token",
}

// defaultQueryParams are the query parameter names masked by every Redactor.
var defaultQueryParams = [...]string{
	"access_token", "token", "id_token", "refresh_token",
	"client_secret", "secret", "password", "key", "api_key", "apikey", "code",
	"card_number", "cardnumber", "pan", "cvv", "cvv2", "cvx2", "pin", "ssn",
	"account_number", "accountnumber",
}

// defaultLoggedHeaders are the headers whose values every Redactor lets through.
var defaultLoggedHeaders = [...]string{
	"Content-Type", "Content-Length", "Date", "Retry-After", "X-CorrelationId", "X-Request-Id",
	"Traceparent", "User-Agent", "totalRows", "retrievedRows",
}

// credentialHeaders carry credentials: never logged, never kept in an error.
var credentialHeaders = [...]string{"Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie"}

// std is the Redactor of the package functions: the defaults, no secrets.
var std = New(Config{})

// Default returns the Redactor of the package functions: the default keys, query parameters
// and loggable headers, and no secret values.
func Default() *Redactor { return std }

// New returns a Redactor with the defaults plus c.
func New(c Config) *Redactor {
	r := &Redactor{
		keys:    make(map[string]struct{}, len(defaultKeys)+len(c.Keys)),
		params:  make(map[string]struct{}, len(defaultQueryParams)+len(c.QueryParams)),
		headers: make(map[string]struct{}, len(defaultLoggedHeaders)+len(c.LoggedHeaders)),
	}
	for _, k := range append(defaultKeys[:len(defaultKeys):len(defaultKeys)], c.Keys...) {
		if n := normalizeKey(k); n != "" {
			r.keys[n] = struct{}{}
		}
	}
	for _, p := range append(defaultQueryParams[:len(defaultQueryParams):len(defaultQueryParams)], c.QueryParams...) {
		r.params[strings.ToLower(p)] = struct{}{}
	}
	for _, h := range append(defaultLoggedHeaders[:len(defaultLoggedHeaders):len(defaultLoggedHeaders)], c.LoggedHeaders...) {
		if h = strings.TrimSpace(h); h != "" {
			r.headers[http.CanonicalHeaderKey(h)] = struct{}{}
		}
	}
	r.secrets = addSecrets(nil, c.Secrets)
	return r
}

// WithSecrets returns a Redactor that also masks the exact values secrets. It returns r
// itself when there is nothing new to mask.
func (r *Redactor) WithSecrets(secrets ...string) *Redactor {
	fresh := false
	for _, s := range secrets {
		if s != "" && !slices.Contains(r.secrets, s) {
			fresh = true
			break
		}
	}
	if !fresh {
		return r
	}
	c := *r
	c.secrets = addSecrets(slices.Clip(r.secrets), secrets)
	return &c
}

// addSecrets adds the non-empty values of add to list, each with its URL-encoded forms
// (encodedForms), without repeats, longest first so that a secret containing another is
// masked whole.
func addSecrets(list, add []string) []string {
	for _, s := range add {
		if s == "" {
			continue
		}
		for _, v := range encodedForms(s) {
			if !slices.Contains(list, v) {
				list = append(list, v)
			}
		}
	}
	slices.SortStableFunc(list, func(a, b string) int { return len(b) - len(a) })
	return list
}

// encodedForms returns s and the forms in which a server may echo it: URL-encoded as a query
// value (a token with +/= comes back as %2B%2F%3D) and as a path segment, each also with
// lower-case hexadecimal escapes; and, for a secret of at least minBase64Secret bytes,
// base64-encoded in the standard and URL alphabets (padding left off, so that the padded and
// unpadded echoes both match), hexadecimal in either case, and every character \u-escaped
// as JSON writes it (\u0074\u006f…, either case), the forms TestEveryEncodingIsMasked
// enumerates.
func encodedForms(s string) []string {
	forms := []string{s}
	add := func(f string) {
		if f != "" && !slices.Contains(forms, f) {
			forms = append(forms, f)
		}
	}
	for _, e := range [...]string{url.QueryEscape(s), url.PathEscape(s)} {
		add(e)
		add(lowerEscapes(e))
	}
	if len(s) >= minBase64Secret {
		add(base64.RawStdEncoding.EncodeToString([]byte(s)))
		add(base64.RawURLEncoding.EncodeToString([]byte(s)))
		h := hex.EncodeToString([]byte(s))
		add(h)
		add(strings.ToUpper(h))
		u := unicodeEscaped(s)
		add(u)
		add(strings.ReplaceAll(strings.ToUpper(u), `\U`, `\u`))
	}
	return forms
}

// unicodeEscaped returns s with every character written as a JSON \uXXXX escape (a UTF-16
// surrogate pair beyond the BMP), in lower-case hexadecimal.
func unicodeEscaped(s string) string {
	var b strings.Builder
	b.Grow(6 * len(s))
	for _, r := range s {
		if r > 0xffff {
			r1, r2 := utf16.EncodeRune(r)
			fmt.Fprintf(&b, `\u%04x\u%04x`, r1, r2)
			continue
		}
		fmt.Fprintf(&b, `\u%04x`, r)
	}
	return b.String()
}

// minBase64Secret is the shortest secret whose base64 forms are masked: a shorter one encodes
// to a few characters that ordinary text holds by chance.
const minBase64Secret = 6

// lowerEscapes returns e with the hexadecimal digits of its %XX escapes in lower case.
func lowerEscapes(e string) string {
	if !strings.Contains(e, "%") {
		return e
	}
	b := []byte(e)
	for i := 0; i+2 < len(b); i++ {
		if b[i] == '%' {
			for k := i + 1; k <= i+2; k++ {
				if 'A' <= b[k] && b[k] <= 'F' {
					b[k] += 'a' - 'A'
				}
			}
			i += 2
		}
	}
	return string(b)
}

// HasSecrets reports whether r masks any exact secret value.
func (r *Redactor) HasSecrets() bool { return len(r.secrets) > 0 }

// ContainsSecret reports whether s contains one of r's secret values (a secret shorter than
// MinSecretLen only as a whole token).
func (r *Redactor) ContainsSecret(s string) bool {
	for _, sec := range r.secrets {
		if indexSecret(s, sec) >= 0 {
			return true
		}
	}
	return false
}

// MaskSecrets returns s with every occurrence of r's secret values replaced by SecretMask (a
// secret shorter than MinSecretLen only where it stands as a whole token). Nothing else is
// masked (see Text for card numbers and SSNs).
func (r *Redactor) MaskSecrets(s string) string {
	for _, sec := range r.secrets {
		if len(sec) >= MinSecretLen {
			if strings.Contains(s, sec) {
				s = strings.ReplaceAll(s, sec, SecretMask)
			}
			continue
		}
		s = replaceWholeTokens(s, sec)
	}
	return s
}

// indexSecret returns the index of the first occurrence of sec in s that masking counts:
// any occurrence from MinSecretLen bytes, else one standing as a whole token; -1 if none.
func indexSecret(s, sec string) int {
	if len(sec) >= MinSecretLen {
		return strings.Index(s, sec)
	}
	for from := 0; from <= len(s)-len(sec); {
		i := strings.Index(s[from:], sec)
		if i < 0 {
			return -1
		}
		i += from
		if wholeToken(s, i, i+len(sec)) {
			return i
		}
		from = i + 1
	}
	return -1
}

// replaceWholeTokens returns s with the whole-token occurrences of sec replaced by SecretMask.
func replaceWholeTokens(s, sec string) string {
	i := indexSecret(s, sec)
	if i < 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for i >= 0 {
		b.WriteString(s[last:i])
		b.WriteString(SecretMask)
		last = i + len(sec)
		j := indexSecret(s[last:], sec)
		if j < 0 {
			break
		}
		i = last + j
	}
	b.WriteString(s[last:])
	return b.String()
}

// wholeToken reports whether s[i:j] is not glued to a word character on either side. The
// secret's own edges count too: a secret that starts or ends with a non-word character
// ("+x=") is a token wherever it appears.
func wholeToken(s string, i, j int) bool {
	if i > 0 && isWordByte(s[i-1]) && isWordByte(s[i]) {
		return false
	}
	if j < len(s) && isWordByte(s[j]) && isWordByte(s[j-1]) {
		return false
	}
	return true
}

func isWordByte(c byte) bool { return isAlnum(c) || c == '_' }

// WithPlain returns a Redactor that does not mask the exact values plain as card numbers or
// SSNs where they stand whole: identifiers the API declares non-sensitive (a card proxy that
// happens to pass the Luhn check, a GUID) stay readable in URLs, texts and logs. Secret values
// are still masked, and so are the card numbers around them. It returns r itself when plain
// adds nothing.
func (r *Redactor) WithPlain(plain ...string) *Redactor {
	var add []string
	for _, p := range plain {
		if p != "" && !slices.Contains(r.plain, p) && !slices.Contains(add, p) {
			add = append(add, p)
		}
	}
	if len(add) == 0 {
		return r
	}
	c := *r
	c.plain = append(slices.Clip(r.plain), add...)
	return &c
}

// maskSecretsBytes is MaskSecrets for a byte slice; b is returned as is when it holds none.
func (r *Redactor) maskSecretsBytes(b []byte) []byte {
	for _, sec := range r.secrets {
		if bytes.Contains(b, []byte(sec)) {
			if m := r.MaskSecrets(string(b)); m != string(b) {
				return []byte(m)
			}
			return b
		}
	}
	return b
}
