package redact

import (
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestURL(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain", "https://platform.example.com/api/v1/cards/proxy-123", "https://platform.example.com/api/v1/cards/proxy-123"},
		{"userinfo", "https://user:s3cr3t@partner-api.example.com/oauth/v1/token", "https://partner-api.example.com/oauth/v1/token"},
		{"query order kept", "https://h/x?b=2&a=1&b=3", "https://h/x?b=2&a=1&b=3"},
		{"access token", "https://h/x?access_token=eyJhbGciOiJIUzI1NiJ9.payload.sig&page=2", "https://h/x?access_token=****************************.sig&page=2"},
		{"case insensitive", "https://h/x?Client_Secret=abcdefghijkl", "https://h/x?Client_Secret=********ijkl"},
		{"short value whole", "https://h/x?pin=1234", "https://h/x?pin=****"},
		{"card number param", "https://h/x?card_number=4111111111111111&x=1", "https://h/x?card_number=************1111&x=1"},
		{"json-style key", "https://h/x?cardNumber=4111111111111111", "https://h/x?cardNumber=************1111"},
		{"code", "https://h/cb?code=SplxlOBeZQQYbYS6WxSbIA&state=xyz", "https://h/cb?code=******************SbIA&state=xyz"},
		{"pan in other value", "https://h/x?q=4111111111111111", "https://h/x?q=************1111"},
		{"pan in path", "https://h/api/v1/cards/4111111111111111/pin", "https://h/api/v1/cards/************1111/pin"},
		{"guid of luhn digits in query kept", "https://h/x?person_guid=55970004-0071-0008-a123-0123456789ab", "https://h/x?person_guid=55970004-0071-0008-a123-0123456789ab"},
		{"guid of luhn digits in path kept", "https://h/api/v1/accounts/55970004-0071-0008-4869-012345678901/status", "https://h/api/v1/accounts/55970004-0071-0008-4869-012345678901/status"},
		{"non-luhn digits in path kept", "https://h/ach/detail/25010900001233", "https://h/ach/detail/25010900001233"},
		{"encoded value", "https://h/x?password=p%40ss+word%26more", "https://h/x?password=**********more"},
		{"name without value", "https://h/x?token&y=2", "https://h/x?token&y=2"},
		{"routing kept", "https://h/x?routingNumber=011000015", "https://h/x?routingNumber=011000015"},
		{"fragment token", "https://h/cb#access_token=abcdefghijklmnop&token_type=bearer", "https://h/cb#access_token=************mnop&token_type=bearer"},
		{"force query", "https://h/x?", "https://h/x?"},
		{"relative", "/api/v1/cards?cvv=123", "/api/v1/cards?cvv=***"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := url.Parse(tt.in)
			require.NoError(t, err)
			orig := *u
			assert.Equal(t, tt.want, URL(u))
			assert.Equal(t, orig, *u, "URL must not modify its argument")
		})
	}
	assert.Equal(t, "", URL(nil))
}

func TestIsSensitiveQueryParam(t *testing.T) {
	for _, n := range []string{"access_token", "TOKEN", "api_key", "ApiKey", "cvv2", "account_number", "AccountNumber", "ssn", "code"} {
		assert.True(t, IsSensitiveQueryParam(n), n)
	}
	for _, n := range []string{"routing", "routingNumber", "page", "limit", "program_guid", "state"} {
		assert.False(t, IsSensitiveQueryParam(n), n)
	}
}
