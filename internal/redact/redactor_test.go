package redact

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRedactorSecretsMaskedEverywhere(t *testing.T) {
	const tok = "tok/en+SECRET=="
	r := New(Config{Secrets: []string{"client-key-1"}}).WithSecrets(tok, "")
	for _, in := range []string{
		`{"title":"token tok/en+SECRET== rejected","n":1}`,
		`{"tok/en+SECRET==":"as a key"}`,
		`{"note":"escaped tok\/en+SECRET== too"}`,
		`{"note":"unicode \u0074ok/en+SECRET=="}`,
		`{"broken":"tok/en+SECRET==`,
		`<html><body>tok/en+SECRET==</body></html>`,
		`client client-key-1 with tok/en+SECRET==`,
	} {
		out := string(r.JSON([]byte(in)))
		assert.NotContains(t, out, tok, in)
		assert.NotContains(t, out, "client-key-1", in)
		assert.Contains(t, out, SecretMask, in)
	}
	valid := r.JSON([]byte(`{"title":"token tok/en+SECRET== rejected","list":["client-key-1"]}`))
	assert.True(t, json.Valid(valid), "a valid document stays valid: %s", valid)

	num := New(Config{Secrets: []string{"123456"}}).JSON([]byte(`{"n":123456,"m":7}`))
	assert.JSONEq(t, `{"n":"***","m":7}`, string(num), "a number holding a secret becomes a masked string")

	u, err := url.Parse("https://api.example.com/x/tok%2Fen+SECRET==?q=tok%2Fen%2BSECRET%3D%3D&a=client-key-1")
	require.NoError(t, err)
	assert.NotContains(t, r.URL(u), "client-key-1")
	assert.NotContains(t, r.URL(u), "SECRET")

	h := r.ErrorHeader(http.Header{
		"X-Echo":        {"Bearer " + tok},
		"Location":      {"https://other.example.com/?t=" + tok},
		"Authorization": {"Bearer " + tok},
	})
	assert.Equal(t, []string{"Bearer ***"}, h["X-Echo"])
	assert.NotContains(t, h.Get("Location"), "SECRET")
	assert.NotContains(t, h, "Authorization")
	logged := New(Config{LoggedHeaders: []string{"X-Echo"}}).WithSecrets(tok).Header(http.Header{"X-Echo": {tok}})
	assert.Equal(t, []string{SecretMask}, logged["X-Echo"])

	assert.Equal(t, "token *** and a card ************1111", r.Text("token tok/en+SECRET== and a card 4111111111111111"))
}

func TestRedactorShortSecretStillMasked(t *testing.T) {
	r := Default().WithSecrets("Zq")
	assert.Equal(t, "a *** b", r.Text("a Zq b"))
	assert.Same(t, r, r.WithSecrets("Zq"), "nothing new: the same Redactor")
	assert.False(t, Default().HasSecrets(), "the default is never changed")
}

func TestRedactorLongerSecretFirst(t *testing.T) {
	r := Default().WithSecrets("abc", "abcdef")
	assert.Equal(t, "x *** y", r.Text("x abcdef y"))
}

func TestIsSensitiveKeyDoesNotAllocate(t *testing.T) {
	r := New(Config{Keys: []string{"license_no"}})
	allocs := testing.AllocsPerRun(100, func() {
		_ = r.IsSensitiveKey("Card-Number")
		_ = r.IsSensitiveKey("license_No")
		_ = r.IsSensitiveQueryParam("Access_Token")
	})
	assert.Zero(t, allocs)
}

// TestRedactorSecretsEchoedBase64: a server (or a proxy's error page) that echoes a secret the
// call sent, base64-encoded in any of the four alphabets (a Basic credential, a token quoted in
// a JWT-like blob, an account number in an opaque reference), shows it as plainly as in clear.
func TestRedactorSecretsEchoedBase64(t *testing.T) {
	const acct = "3123456789"
	r := Default().WithSecrets(acct, "tok/en+SECRET==")
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		for _, s := range []string{acct, "tok/en+SECRET=="} {
			e := enc.EncodeToString([]byte(s))
			out := r.Text("echo " + e + " end")
			assert.NotContains(t, out, strings.TrimRight(e, "="), "base64 of %q", s)
			assert.Contains(t, out, SecretMask)
			assert.NotContains(t, string(r.JSON([]byte(`{"ref":"`+e+`"}`))), strings.TrimRight(e, "="))
		}
	}
	short := Default().WithSecrets("Zq1")
	assert.Equal(t, "a WnEx b", short.Text("a WnEx b"), "a secret under 6 bytes is not masked in base64: its forms are too short to be told from text")
}
