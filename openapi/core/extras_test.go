package core_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/internal/leaktest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// TestExtrasMaskThemselves: unknown members are masked by their own type wherever a user's
// tools print or marshal them, alone or in a struct of the user's: members under a sensitive
// name, card numbers and SSNs in any text; the rest stays readable.
func TestExtrasMaskThemselves(t *testing.T) {
	const pan, pin, ssn, cvv = "4111111111111111", "4321", "123-45-6789", "737"
	e := core.NewExtras(map[string]json.RawMessage{
		"full_pan": json.RawMessage(`"` + pan + `"`),
		"pin":      json.RawMessage(`"` + pin + `"`),
		"note":     json.RawMessage(`"ssn ` + ssn + ` kept"`),
		"nested":   json.RawMessage(`{"cvv":"` + cvv + `","n":1}`),
	})
	type mine struct {
		E core.Extras
		P *core.Extras
	}
	var out bytes.Buffer
	for _, v := range []any{e, &e, mine{E: e, P: &e}} {
		for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x"} {
			fmt.Fprintf(&out, verb+"\n", v)
		}
		slog.New(slog.NewJSONHandler(&out, leaktest.NoTime(nil))).Info("m", "v", v)
		slog.New(slog.NewTextHandler(&out, leaktest.NoTime(nil))).Info("m", "v", v)
		js, err := json.Marshal(v)
		require.NoError(t, err)
		out.Write(js)
	}
	printed := out.String()
	for _, secret := range []string{pan, `"` + pin + `"`, ssn, `"` + cvv + `"`, fmt.Sprintf("%x", pan), fmt.Sprintf("%x", ssn)} {
		assert.NotContains(t, printed, secret)
	}
	assert.Contains(t, printed, "kept")
	assert.Contains(t, printed, "1111", "the last four digits still tell cards apart")
	js, err := json.Marshal(core.Extras{})
	require.NoError(t, err)
	assert.Equal(t, "null", string(js))
}

// TestMarshalWireStoresAModel: the wire form a user stores (a journal) carries every Secret
// and unknown member in full and decodes back to the same model; what is not a model is an
// error, never a masked encoding.
func TestMarshalWireStoresAModel(t *testing.T) {
	const pan = "4111111111111111"
	req := cardplatform.ValidateCardDTO{
		CardNumber:           core.NewSecret(pan),
		CVV:                  core.NewSecret("737"),
		AdditionalProperties: core.NewExtras(map[string]json.RawMessage{"pin": json.RawMessage(`"4321"`)}),
	}
	for _, v := range []any{req, &req} {
		b, err := core.MarshalWire(v)
		require.NoError(t, err)
		assert.Contains(t, string(b), `"`+pan+`"`)
		assert.Contains(t, string(b), `"pin":"4321"`)
		var back cardplatform.ValidateCardDTO
		require.NoError(t, json.Unmarshal(b, &back))
		assert.Equal(t, req, back)
	}
	b, err := core.AppendWire([]byte("x"), []cardplatform.ValidateCardDTO{req, req})
	require.NoError(t, err)
	assert.Equal(t, 2, bytes.Count(b, []byte(pan)))
	assert.Equal(t, byte('x'), b[0])
	b, err = core.MarshalWire([]cardplatform.ValidateCardDTO{})
	require.NoError(t, err)
	assert.Equal(t, "[]", string(b))
	b, err = core.MarshalWire((*cardplatform.ValidateCardDTO)(nil))
	require.NoError(t, err)
	assert.Equal(t, "null", string(b))
	for _, v := range []any{struct{ R cardplatform.ValidateCardDTO }{req}, map[string]any{"r": req}, "text", nil, []any{req, "text"}} {
		_, err := core.MarshalWire(v)
		assert.ErrorIs(t, err, core.ErrNotAModel, "%T", v)
	}
}
