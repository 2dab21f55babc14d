package redact

import (
	"bytes"
	"net/http"
	"net/url"
	"slices"
	"strings"
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

// SecretMask replaces every occurrence of a secret value (Config.Secrets, WithSecrets). It
// shows nothing of the value, not even its length.
const SecretMask = "***"

// defaultKeys are the JSON member names masked by every Redactor.
var defaultKeys = [...]string{
	"cardnumber", "pan", "cvv", "cvv2", "cvx2", "cvc", "pin",
	"track1", "track2", "trackdata",
	"ssn", "taxid", "idno", "accountnumber", "debitaccountnumber", "creditaccountnumber", "encryptedcarddata",
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
// lower-case hexadecimal escapes.
func encodedForms(s string) []string {
	forms := []string{s}
	for _, e := range [...]string{url.QueryEscape(s), url.PathEscape(s)} {
		for _, f := range [...]string{e, lowerEscapes(e)} {
			if !slices.Contains(forms, f) {
				forms = append(forms, f)
			}
		}
	}
	return forms
}

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

// ContainsSecret reports whether s contains one of r's secret values.
func (r *Redactor) ContainsSecret(s string) bool {
	for _, sec := range r.secrets {
		if strings.Contains(s, sec) {
			return true
		}
	}
	return false
}

// MaskSecrets returns s with every occurrence of r's secret values replaced by SecretMask.
// Nothing else is masked (see Text for card numbers and SSNs).
func (r *Redactor) MaskSecrets(s string) string {
	for _, sec := range r.secrets {
		if strings.Contains(s, sec) {
			s = strings.ReplaceAll(s, sec, SecretMask)
		}
	}
	return s
}

// maskSecretsBytes is MaskSecrets for a byte slice; b is returned as is when it holds none.
func (r *Redactor) maskSecretsBytes(b []byte) []byte {
	for _, sec := range r.secrets {
		if bytes.Contains(b, []byte(sec)) {
			return []byte(r.MaskSecrets(string(b)))
		}
	}
	return b
}
