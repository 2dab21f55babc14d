package jsonx

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var cardFields = NewFields("card_proxy", "person_guid", "amount")

func TestExtras(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want map[string]json.RawMessage
	}{
		{"empty object", `{}`, nil},
		{"spaces", " { } ", nil},
		{"null", `null`, nil},
		{"only known", `{"card_proxy":"p","amount":1.5}`, nil},
		{"case folded is known", `{"Card_Proxy":"p","AMOUNT":1}`, nil},
		{"escaped known key", `{"card\u005fproxy":"p"}`, nil},
		{"number exact", `{"fee":12345678901234567890.123}`, map[string]json.RawMessage{"fee": json.RawMessage(`12345678901234567890.123`)}},
		{"raw value kept byte for byte", `{"a" : { "b" : [1, "x\"}", {"c":null}] } ,"amount":0}`,
			map[string]json.RawMessage{"a": json.RawMessage(`{ "b" : [1, "x\"}", {"c":null}] }`)}},
		{"literals", `{"t":true,"f":false,"n":null,"s":"\u00e9"}`, map[string]json.RawMessage{
			"t": json.RawMessage(`true`), "f": json.RawMessage(`false`), "n": json.RawMessage(`null`), "s": json.RawMessage(`"\u00e9"`)}},
		{"escaped unknown key unescaped", `{"promo\u005Fcode":"X"}`, map[string]json.RawMessage{"promo_code": json.RawMessage(`"X"`)}},
		{"duplicate: last wins", `{"x":1,"x":2}`, map[string]json.RawMessage{"x": json.RawMessage(`2`)}},
		{"AdditionalProperties is just another key", `{"AdditionalProperties":{}}`, map[string]json.RawMessage{"AdditionalProperties": json.RawMessage(`{}`)}},
		{"non-ASCII key", `{"montant€":1}`, map[string]json.RawMessage{"montant€": json.RawMessage(`1`)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.True(t, json.Valid([]byte(tt.in)))
			got, err := cardFields.Extras([]byte(tt.in))
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestExtrasCopiesValues(t *testing.T) {
	in := []byte(`{"x":"abc"}`)
	got, err := cardFields.Extras(in)
	require.NoError(t, err)
	in[6] = 'Z'
	assert.Equal(t, json.RawMessage(`"abc"`), got["x"])
}

func TestExtrasMalformed(t *testing.T) {
	for _, in := range []string{``, `[]`, `"s"`, `{`, `{"a"}`, `{"a":}`, `{"a":1`, `{"a":1 x}`, `{"a":"x`, `{"a":[1}`, `{a:1}`, `{"a\u00zz":1}`} {
		_, err := cardFields.Extras([]byte(in))
		assert.Error(t, err, in)
	}
}

// TestKnownMatchesEncodingJSON checks that a key is known exactly when encoding/json decodes
// it into a field, including the Unicode folds encoding/json applies (K, the Kelvin sign, is
// k; ſ, the long s, is s).
func TestKnownMatchesEncodingJSON(t *testing.T) {
	type model struct {
		Kind  string `json:"kind"`
		Sku   string `json:"sku"`
		Proxy string `json:"card_proxy"`
	}
	f := NewFields("kind", "sku", "card_proxy")
	for _, key := range []string{"kind", "KIND", "Kind", "\u212Aind", "sku", "SKU", "\u017Fku", "card_proxy", "CARD_PROXY",
		"cardproxy", "card-proxy", "kinds", "", "ki", "k\u0131nd", "K\u0130ND"} {
		var m model
		in, _ := json.Marshal(map[string]string{key: "v"})
		require.NoError(t, json.Unmarshal(in, &m))
		decoded := m != model{}
		assert.Equal(t, decoded, f.Known([]byte(key)), "key %q", key)
	}
}

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
			got, err := cardFields.AppendExtras([]byte(tt.obj), tt.extras)
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(got))
			assert.True(t, json.Valid(got))
		})
	}
	_, err := cardFields.AppendExtras([]byte(`{}`), map[string]json.RawMessage{"bad": json.RawMessage(`{`)})
	assert.ErrorContains(t, err, `"bad"`)
	_, err = cardFields.AppendExtras([]byte(`[]`), map[string]json.RawMessage{"a": json.RawMessage(`1`)})
	assert.Error(t, err)
}

func TestExtrasNoAllocWhenAllKnown(t *testing.T) {
	in := []byte(`{"card_proxy":"p","Person_GUID":"g","amount":[1,{"x":"}"}]}`)
	allocs := testing.AllocsPerRun(100, func() {
		if m, err := cardFields.Extras(in); m != nil || err != nil {
			t.Fatal(m, err)
		}
	})
	assert.Zero(t, allocs)
}

func FuzzExtras(f *testing.F) {
	for _, s := range []string{`{}`, `{"a":1}`, `{"card_proxy":"x","b":[1,2,{"c":"\""}]}`, `null`, `{"\u0041":true}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := cardFields.Extras([]byte(s))
		if err != nil || !json.Valid([]byte(s)) {
			return
		}
		var all map[string]json.RawMessage
		if json.Unmarshal([]byte(s), &all) != nil {
			return // not an object
		}
		for k, v := range m {
			if cardFields.Known([]byte(k)) {
				t.Fatalf("known key %q kept", k)
			}
			if !json.Valid(v) {
				t.Fatalf("value of %q not valid JSON: %s", k, v)
			}
		}
		out, err := cardFields.AppendExtras([]byte(`{}`), m)
		if err != nil || !json.Valid(out) {
			t.Fatalf("AppendExtras: %v %s", err, out)
		}
	})
}

func TestKeepRejectsMalformedValues(t *testing.T) {
	for _, v := range []string{`[1,,2]`, `{"a"}`, `"x`, `tru`, `{"a":1}}`} {
		_, err := Keep(nil, []byte("k"), []byte(v))
		if err == nil {
			t.Errorf("Keep(%s): no error", v)
		}
	}
	m, err := Keep(nil, []byte("k"), []byte(`{"a":[1,2]}`))
	if err != nil || string(m["k"]) != `{"a":[1,2]}` {
		t.Errorf("Keep: %v, %q", err, m["k"])
	}
}
