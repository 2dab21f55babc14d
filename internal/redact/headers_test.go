package redact

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestHeaderAllowed(t *testing.T) {
	allowed := []string{"Content-Type", "content-length", "Date", "Retry-After", "X-CorrelationId",
		"X-Correlationid", "x-request-id", "Traceparent", "traceparent", "User-Agent", "totalRows", "TotalRows", "retrievedRows"}
	for _, h := range allowed {
		assert.True(t, HeaderAllowed(h), h)
	}
	denied := []string{"Authorization", "authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "set-cookie",
		"Location", "X-Api-Key", "WWW-Authenticate", ""}
	for _, h := range denied {
		assert.False(t, HeaderAllowed(h), h)
	}
}

func TestHeaderAllowedNeverCredentials(t *testing.T) {
	r := New(Config{LoggedHeaders: []string{"Authorization", "Set-Cookie", "X-Tenant"}})
	assert.False(t, r.HeaderAllowed("Authorization"))
	assert.False(t, r.HeaderAllowed("set-cookie"))
	assert.True(t, r.HeaderAllowed("x-tenant"), "a client's addition")
	assert.False(t, HeaderAllowed("X-Tenant"), "other clients and the defaults are unchanged")
}

func TestHeader(t *testing.T) {
	h := http.Header{
		"Authorization":   {"Bearer eyJhbGciOi"},
		"Cookie":          {"session=abc"},
		"Set-Cookie":      {"session=abc; HttpOnly"},
		"Content-Type":    {"application/json"},
		"X-Correlationid": {"0c8e2f4a"},
		"X-Api-Key":       {"k-123456789"},
		"authorization":   {"non-canonical"},
	}
	got := Header(h)
	assert.Equal(t, http.Header{
		"Content-Type":    {"application/json"},
		"X-Correlationid": {"0c8e2f4a"},
		"X-Api-Key":       {Redacted},
	}, got)
	assert.Equal(t, "Bearer eyJhbGciOi", h.Get("Authorization"), "input untouched")
	assert.Nil(t, Header(nil))
}
