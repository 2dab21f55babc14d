package jsonx

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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
