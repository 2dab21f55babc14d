package validation_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAccountStates: every primary status code somebody documents (the seed's table, and 699
// "Open Valid" of the bank's v2 example) has its own state; only a code nobody documents, or
// none at all, is unknown, and such a code decodes and prints as it came.
func TestAccountStates(t *testing.T) {
	cases := []struct {
		code  validation.PrimaryStatusCode
		state validation.AccountState
		text  string
		known bool
	}{
		{"099", validation.AccountOpen, "open", true},
		{"699", validation.AccountOpen, "open", true},
		{"012", validation.AccountClosed, "closed", true},
		{"000", validation.AccountNotLocated, "not located", true},
		{"096", validation.AccountNoInformation, "no information", true},
		{"555", validation.AccountUnknown, "unknown", false},
		{"", validation.AccountUnknown, "unknown", false},
	}
	for _, tc := range cases {
		t.Run(string(tc.code), func(t *testing.T) {
			body := fmt.Sprintf(`{"accountValidationV2Response":{"AOAResponse":{"Result":{"errorCode":"000","AcctStatus":{"primaryStatusCode":%q}}},"errorResponse":{}}}`, string(tc.code))
			c := serve(t, 200, body)
			res, err := c.VerifyAccount(context.Background(), validInquiry())
			require.NoError(t, err)
			assert.Equal(t, tc.code, res.AcctStatus.PrimaryStatusCode, "kept as sent")
			assert.Equal(t, tc.state, res.Account())
			assert.Equal(t, tc.text, res.Account().String())
			assert.Equal(t, tc.known, tc.code.Known())
		})
	}
	assert.Equal(t, "open valid", validation.PrimaryStatusCodeOpenValid.String())
	assert.Equal(t, "unknown code 555", validation.PrimaryStatusCode("555").String())
}
