package jsonxtest

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/jsonx"
)

var cardFields = jsonx.NewFields("card_proxy", "person_guid", "amount")

func TestAppendExtras(t *testing.T) {
	tests := []struct {
		name   string
		obj    string
		extras map[string]json.RawMessage
		want   string
	}{
		{"none", `{"amount":0}`, nil, `{"amount":0}`},
		{"into empty object", `{}`, map[string]json.RawMessage{"b": json.RawMessage(`2`), "a": json.RawMessage(`1`)}, `{"a":1,"b":2}`},
		{"sorted after fields", `{"amount":0}`, map[string]json.RawMessage{"z": json.RawMessage(`"z"`), "promo_code": json.RawMessage(`"X"`)},
			`{"amount":0,"promo_code":"X","z":"z"}`},
		{"field wins", `{"amount":0}`, map[string]json.RawMessage{"Amount": json.RawMessage(`5`), "x": nil}, `{"amount":0,"x":null}`},
		{"only shadowed extras", `{"amount":0}`, map[string]json.RawMessage{"amount": json.RawMessage(`5`)}, `{"amount":0}`},
		{"exact number", `{}`, map[string]json.RawMessage{"n": json.RawMessage(`12345678901234567890.123`)}, `{"n":12345678901234567890.123}`},
		{"key escaped", `{}`, map[string]json.RawMessage{`a"b<`: json.RawMessage(`1`)}, `{"a\"b\u003c":1}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := appendExtras(cardFields, []byte(tt.obj), tt.extras)
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(got))
			assert.True(t, json.Valid(got))
		})
	}
	_, err := appendExtras(cardFields, []byte(`{}`), map[string]json.RawMessage{"bad": json.RawMessage(`{`)})
	assert.ErrorContains(t, err, `"bad"`)
	_, err = appendExtras(cardFields, []byte(`[]`), map[string]json.RawMessage{"a": json.RawMessage(`1`)})
	assert.Error(t, err)
}
