package cardplatform_test

import (
	"context"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestInvalidJSONIsDecodeError: a success body that is not valid JSON (as encoding/json's
// json.Valid judges it) is a *DecodeError, whichever string the defect hides in: a member name
// the model knows or not, a string value, an unknown member kept raw, a nested object's name
// or value, an element of a nested list.
func TestInvalidJSONIsDecodeError(t *testing.T) {
	for name, body := range map[string]string{
		"control character in an unknown member name":     "{\"\x12\":\"\"}",
		"control character in a known member name":        "{\"card_\x01proxy\":\"p\"}",
		"control character in a string value":             "{\"card_proxy\":\"p\x01\"}",
		"control character in a secret value":             "{\"card_number\":\"4111\x0a1111\"}",
		"control character in a timestamp value":          "{\"sys_utcinserted\":\"2024-05-01T10:20:30\x00\"}",
		"control character in an unknown member's value":  "{\"x\":\"v\x1f\"}",
		"control character in a nested unknown name":      "{\"x\":{\"\x12\":1}}",
		"control character in a nested member name":       "{\"supplemental_details\":{\"\x12\":1}}",
		"control character in a nested list element":      "{\"supplemental_details\":{\"invoices\":[{\"invoice_number\":\"\x07\"}]}}",
		"control character in an escaped member name":     "{\"\\u0041\x12\":1}",
		"bad escape in a member name":                     `{"\x":1}`,
		"bad escape in a string value":                    `{"card_proxy":"\q"}`,
		"unquoted literal in an unknown member":           `{"x":tru}`,
		"mismatched brackets in an unknown member":        `{"x":[1}}`,
		"mismatched brackets in a nested list":            `{"supplemental_details":{"invoices":[{"invoice_number":"a"}}}}`,
		"number with a leading zero in a known member":    `{"supplemental_details":{"invoices":[{"invoice_amount":01}]}}`,
		"number with a trailing dot in an unknown member": `{"x":1.}`,
	} {
		t.Run(name, func(t *testing.T) {
			require.False(t, json.Valid([]byte(body)), "the body must be invalid JSON")
			c, _ := newClient(t, func(w http.ResponseWriter, r *http.Request) {
				_, _ = io.WriteString(w, body)
			})
			card, err := c.GetCard(context.Background(), "p")
			assert.Nil(t, card)
			var de *core.DecodeError
			assert.ErrorAs(t, err, &de)
		})
	}
}

// TestNullListIsDecodeError: null where the spec promises a list is a *DecodeError, as null
// is for a record; an empty list is an empty result.
func TestNullListIsDecodeError(t *testing.T) {
	body := "null"
	c, _ := newClient(t, func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, body)
	})
	fees, err := c.ListFees(context.Background(), cardplatform.ListFeesRequest{ProgramGUID: core.MustParseGUID("0b8a0c4e-5c1f-4a51-9d8e-000000000001")})
	assert.Nil(t, fees)
	var de *core.DecodeError
	assert.ErrorAs(t, err, &de)

	body = " [] "
	fees, err = c.ListFees(context.Background(), cardplatform.ListFeesRequest{ProgramGUID: core.MustParseGUID("0b8a0c4e-5c1f-4a51-9d8e-000000000001")})
	require.NoError(t, err)
	assert.NotNil(t, fees)
	assert.Empty(t, fees)
}

// TestRandomlyBrokenBodiesAreErrors mutates valid card bodies at random (a byte inserted,
// replaced or removed, from JSON's structural characters, control characters and quotes) and
// checks that every result encoding/json calls invalid fails to decode.
func TestRandomlyBrokenBodiesAreErrors(t *testing.T) {
	seeds := []string{
		cardJSON,
		`{"card_proxy":"p","x":{"a":[1,"s",{"b":null}]},"y":"\u00e9"}`,
		`{"supplemental_details":{"invoices":[{"invoice_number":"n","invoice_amount":1.5,"z":[]}]}}`,
	}
	alphabet := []byte("{}[]:,\"\\ \x00\x01\x12\x1f\x7fatrue0.-e+u")
	r := rand.New(rand.NewPCG(15, 12))
	invalid := 0
	for i := range 20000 {
		b := []byte(seeds[i%len(seeds)])
		for range 1 + r.IntN(3) {
			p := r.IntN(len(b))
			switch r.IntN(3) {
			case 0:
				b = append(b[:p], append([]byte{alphabet[r.IntN(len(alphabet))]}, b[p:]...)...)
			case 1:
				b[p] = alphabet[r.IntN(len(alphabet))]
			default:
				b = append(b[:p], b[p+1:]...)
			}
		}
		if json.Valid(b) {
			continue
		}
		invalid++
		var card cardplatform.CardDTO
		if err := card.UnmarshalJSON(b); err == nil {
			t.Fatalf("invalid JSON decoded without error: %q", b)
		}
	}
	assert.Greater(t, invalid, 10000)
}
