package validation_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestVersionByDefaultAndTheSwitch: a Client speaks v2 (the bank's published API) unless told
// otherwise; v1 is one option away (WithDocumentedAPI).
func TestVersionByDefaultAndTheSwitch(t *testing.T) {
	cases := []struct {
		name     string
		opts     []core.Option
		path     string
		envelope string
	}{
		{"default", nil, "/accounts/validations/v2/verifyAccount", "accountValidationV2Request"},
		{"v1", []core.Option{validation.WithDocumentedAPI()}, "/accounts/validations/v1/verifyAccount", "accountValidationRequest"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var path string
			var body map[string]json.RawMessage
			c, _ := newClient(t, func(w http.ResponseWriter, r *http.Request) {
				path = r.URL.Path
				assert.NoError(t, json.NewDecoder(r.Body).Decode(&body))
				out := "accountValidationResponse"
				if _, ok := body["accountValidationV2Request"]; ok {
					out = "accountValidationV2Response"
				}
				_, _ = io.WriteString(w, `{"`+out+`":{"AOAResponse":{"Result":{"errorCode":"000"}}}}`)
			}, tc.opts...)
			_, err := c.VerifyAccount(context.Background(), validInquiry())
			require.NoError(t, err)
			assert.Equal(t, tc.path, path)
			assert.Contains(t, body, tc.envelope)
		})
	}
}
