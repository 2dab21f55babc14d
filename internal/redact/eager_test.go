package redact

import (
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestShortSecretsMaskedAsWholeTokensOnly: a one-letter test token turned error texts into
// "h******p://…/accoun***s/…". Secrets shorter than MinSecretLen are masked only where they
// stand as a whole token; longer ones wherever they appear.
func TestShortSecretsMaskedAsWholeTokensOnly(t *testing.T) {
	r := New(Config{Secrets: []string{"t", "Zq9"}})
	u, _ := url.Parse("https://bank.test/accounts/transactions?x=1&q=t")
	assert.Equal(t, "https://bank.test/accounts/transactions?x=1&q=***", r.URL(u))
	assert.Equal(t, "GET https://bank.test/accounts: bearer *** rejected (token ***)", r.Text("GET https://bank.test/accounts: bearer t rejected (token Zq9)"))
	assert.Equal(t, "Zq9x xZq9 Zq9_1", r.Text("Zq9x xZq9 Zq9_1"), "inside a word: not the token")
	assert.Equal(t, `{"a":"***","b":"tt"}`, string(r.JSON([]byte(`{"a":"t","b":"tt"}`))))
	assert.False(t, r.ContainsSecret("http://x/accounts"))
	assert.True(t, r.ContainsSecret("token t."))

	long := New(Config{Secrets: []string{"secret-8"}})
	assert.Equal(t, "x***y", long.Text("xsecret-8y"), "eight characters and more: masked wherever it appears")
}

// TestPlainValuesAreNotPatternMasked: a card proxy that happens to pass the Luhn check was
// masked as a PAN in URLs and texts (about 1 in 10 proxies). Values declared identifiers
// (WithPlain) keep their text where they stand whole; real card numbers around them are still
// masked, and a plain value that is also a secret is still masked.
func TestPlainValuesAreNotPatternMasked(t *testing.T) {
	const proxy = "5550000000009" // passes the Luhn check
	r := Default().WithPlain(proxy)
	u, _ := url.Parse("https://p.test/api/v1/cards/" + proxy + "/pin?proxy=" + proxy)
	assert.Equal(t, "https://p.test/api/v1/cards/"+proxy+"/pin?proxy="+proxy, r.URL(u))
	assert.Equal(t, "card "+proxy+" has PAN ************1111", r.Text("card "+proxy+" has PAN 4111111111111111"))
	assert.Equal(t, "*********0009", Default().Text(proxy), "the Default redactor still masks it")
	assert.Equal(t, "***", r.WithSecrets(proxy).Text(proxy), "a secret stays a secret")
}
