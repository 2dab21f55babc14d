package core

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const guidText = "3fa85f64-5717-4562-b3fc-2c963f66afa6"

func TestGUIDJSON(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    string // String() of the result; "" for unset
		wantErr bool
	}{
		{"canonical", `"` + guidText + `"`, guidText, false},
		{"upper case", `"3FA85F64-5717-4562-B3FC-2C963F66AFA6"`, guidText, false},
		{"braces", `"{` + guidText + `}"`, guidText, false},
		{"urn", `"urn:uuid:` + guidText + `"`, guidText, false},
		{"escaped", `"3fa85f64\u002d5717-4562-b3fc-2c963f66afa6"`, guidText, false},
		{"empty string is unset", `""`, "", false},
		{"blank string is unset", `"  "`, "", false},
		{"null is unset", `null`, "", false},
		{"bad text", `"not-a-guid"`, "", true},
		{"too short", `"3fa85f64-5717-4562-b3fc-2c963f66afa"`, "", true},
		{"bad hex", `"3fa85f64-5717-4562-b3fc-2c963f66afaz"`, "", true},
		{"number", `12`, "", true},
		{"object", `{}`, "", true},
		{"bool", `true`, "", true},
		{"unterminated", `"3fa85f64`, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var g GUID
			err := g.UnmarshalJSON([]byte(tt.in))
			if tt.wantErr {
				require.Error(t, err)
				assert.ErrorIs(t, err, ErrInvalidGUID)
				var pe *ParseError
				require.ErrorAs(t, err, &pe)
				assert.Equal(t, "GUID", pe.Type)
				assert.Equal(t, GUIDFormat, pe.Expected)
				assert.True(t, g.IsZero(), "a failed decode leaves the value unset")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, g.String())
			assert.Equal(t, tt.want == "", g.IsZero())
		})
	}
}

func TestGUIDRoundTripAndOmitZero(t *testing.T) {
	type rec struct {
		ID  GUID `json:"id,omitzero"`
		Ref GUID `json:"ref"`
	}
	in := `{"id":"` + guidText + `","ref":"` + guidText + `"}`
	var r rec
	require.NoError(t, json.Unmarshal([]byte(in), &r))
	out, err := json.Marshal(r)
	require.NoError(t, err)
	assert.JSONEq(t, in, string(out))

	out, err = json.Marshal(rec{})
	require.NoError(t, err)
	assert.JSONEq(t, `{"ref":null}`, string(out), "unset: omitted with omitzero, null without")

	require.NoError(t, json.Unmarshal([]byte(`{"id":"","ref":null}`), &r))
	assert.True(t, r.ID.IsZero())
	assert.True(t, r.Ref.IsZero())
}

func TestGUIDText(t *testing.T) {
	g := MustParseGUID(guidText)
	b, err := g.MarshalText()
	require.NoError(t, err)
	assert.Equal(t, guidText, string(b))
	var back GUID
	require.NoError(t, back.UnmarshalText(b))
	assert.Equal(t, g, back)
	assert.Equal(t, guidText, back.UUID().String())

	b, err = GUID{}.MarshalText()
	require.NoError(t, err)
	assert.Empty(t, b)
	require.NoError(t, back.UnmarshalText(nil))
	assert.True(t, back.IsZero())

	_, err = ParseGUID("")
	assert.ErrorIs(t, err, ErrInvalidGUID, "ParseGUID rejects empty text: the zero GUID is unset")
	assert.False(t, NewGUID().IsZero())
	assert.NotEqual(t, NewGUID(), NewGUID())
	assert.Panics(t, func() { MustParseGUID("x") })
}

func FuzzGUID(f *testing.F) {
	for _, s := range []string{`"` + guidText + `"`, `""`, `null`, `"x"`, `"{` + guidText + `}"`, `1`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var g GUID
		if err := g.UnmarshalJSON([]byte(in)); err != nil {
			assert.ErrorIs(t, err, ErrInvalidGUID)
			return
		}
		out, err := g.MarshalJSON()
		require.NoError(t, err)
		var back GUID
		require.NoError(t, back.UnmarshalJSON(out))
		assert.Equal(t, g, back)
	})
}
