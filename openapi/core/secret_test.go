package core

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/leaktest"
	"github.com/issuerkit/issuerkit-go/internal/mask"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const pan = "4111111111111111"

// cardRequest has the shape of a generated request body.
type cardRequest struct {
	PAN    Secret    `json:"pan"`
	CVV    *Secret   `json:"cvv,omitempty"`
	Amount Decimal   `json:"amount"`
	At     Timestamp `json:"at"`
}

func newCardRequest(t testing.TB) cardRequest {
	cvv := NewSecret("737")
	return cardRequest{
		PAN:    NewSecret(pan),
		CVV:    &cvv,
		Amount: MustParseDecimal("12.50"),
		At:     mustTimestamp(t, "2024-05-01T10:20:30"),
	}
}

func TestSecretFormatVerbsMask(t *testing.T) {
	s := NewSecret(pan)
	masked := "************1111"
	tests := []struct {
		format string
		want   string
	}{
		{"%v", masked},
		{"%+v", masked},
		{"%#v", `core.Secret("************1111")`},
		{"%s", masked},
		{"%q", `"************1111"`},
		{"%#q", "`************1111`"},
		{"%x", hex.EncodeToString([]byte(masked))},
		{"%X", strings.ToUpper(hex.EncodeToString([]byte(masked)))},
		{"% x", "2a 2a 2a 2a 2a 2a 2a 2a 2a 2a 2a 2a 31 31 31 31"},
		{"%20s", "    " + masked},
		{"%-20v|", masked + "    |"},
		{"%.4s", "****"},
		{"%d", "%!d(string=" + masked + ")"},
		{"%T", "core.Secret"},
	}
	for _, tt := range tests {
		t.Run(tt.format, func(t *testing.T) {
			got := fmt.Sprintf(tt.format, s)
			assert.Equal(t, tt.want, got)
			assertNoLeak(t, got)
			if tt.format != "%T" {
				assert.Equal(t, tt.want, fmt.Sprintf(tt.format, &s), "through a pointer")
			}
		})
	}
	assert.Equal(t, masked, s.String())
	assert.Equal(t, `core.Secret("************1111")`, s.GoString())
	assert.Equal(t, masked, fmt.Sprint(s))
	assert.Equal(t, masked+"\n", fmt.Sprintln(s))
}

func TestSecretInsideValuesMasks(t *testing.T) {
	req := newCardRequest(t)
	values := map[string]any{
		"struct":         req,
		"pointer":        &req,
		"slice":          []Secret{req.PAN},
		"map":            map[string]Secret{"pan": req.PAN},
		"map key":        map[Secret]int{req.PAN: 1},
		"interface":      []any{req.PAN},
		"nested pointer": struct{ R **cardRequest }{R: ptr(&req)},
		"error":          fmt.Errorf("charge %v failed", req),
	}
	for name, v := range values {
		t.Run(name, func(t *testing.T) {
			for _, format := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x"} {
				got := fmt.Sprintf(format, v)
				assertNoLeak(t, got)
				assert.NotContains(t, got, hex.EncodeToString([]byte(pan)), format)
			}
		})
	}
	assert.Contains(t, fmt.Sprintf("%+v", req), "PAN:************1111")
	assert.Contains(t, fmt.Sprintf("%#v", req), `PAN:core.Secret("************1111")`)
	assert.Contains(t, fmt.Sprintf("%+v", req), "CVV:***", "a *Secret field is masked too")
	assert.Contains(t, fmt.Sprintf("%+v", cardRequest{}), "CVV:<nil>")
}

// TestSlogJSONHandlerNeedsRedactSecrets documents why RedactSecrets exists: without it,
// slog.JSONHandler encodes a struct with encoding/json, which calls Secret.MarshalJSON, which
// must write the real value because that is how the value is sent to the API.
// TestSlogJSONHandlerMasksSecretsInStructs: slog.JSONHandler encodes a struct with
// encoding/json, which wrote a Secret in clear; MarshalJSON now masks.
func TestSlogJSONHandlerMasksSecretsInStructs(t *testing.T) {
	req := newCardRequest(t)
	var buf bytes.Buffer
	slog.New(slog.NewJSONHandler(&buf, leaktest.NoTime(nil))).Info("charge", "pan", req.PAN)
	assertNoLeak(t, buf.String(), "a Secret logged on its own is a LogValuer and masked")

	buf.Reset()
	slog.New(slog.NewJSONHandler(&buf, leaktest.NoTime(nil))).Info("charge", "req", req)
	assertNoLeak(t, buf.String(), "a Secret inside a struct is masked by its MarshalJSON")
	assert.Contains(t, buf.String(), "************1111")
}

// TestSecretJSON: encoding/json writes the mask, AppendJSON (the SDK's wire encoder) the
// value; decoding reads the value.
func TestSecretJSON(t *testing.T) {
	req := newCardRequest(t)
	out, err := json.Marshal(req)
	require.NoError(t, err)
	assert.JSONEq(t, `{"pan":"************1111","cvv":"***","amount":12.50,"at":"2024-05-01T10:20:30"}`, string(out))
	wire, err := req.PAN.AppendJSON(nil)
	require.NoError(t, err)
	assert.Equal(t, `"`+pan+`"`, string(wire))

	var back cardRequest
	require.NoError(t, json.Unmarshal([]byte(`{"pan":"4111111111111111","cvv":"737","amount":12.50,"at":"2024-05-01T10:20:30"}`), &back))
	assert.Equal(t, pan, back.PAN.Reveal())
	require.NotNil(t, back.CVV)
	assert.Equal(t, "737", back.CVV.Reveal())

	tests := map[string]string{
		`"plain"`:              "plain",
		`"with \"quotes\""`:    `with "quotes"`,
		`"\u00e9t\u00e9"`:      "été",
		`"line\nbreak"`:        "line\nbreak",
		`"<tag>&amp;"`:         "<tag>&amp;",
		`""`:                   "",
		`"\ud83d\ude00 emoji"`: "😀 emoji",
	}
	for in, want := range tests {
		t.Run(in, func(t *testing.T) {
			var s Secret
			require.NoError(t, json.Unmarshal([]byte(in), &s))
			assert.Equal(t, want, s.Reveal())
			out, err := s.AppendJSON(nil)
			require.NoError(t, err)
			var again Secret
			require.NoError(t, json.Unmarshal(out, &again))
			assert.Equal(t, want, again.Reveal())
		})
	}
}

func TestSecretJSONNullAndRejects(t *testing.T) {
	var p struct {
		A Secret  `json:"a"`
		B *Secret `json:"b"`
	}
	require.NoError(t, json.Unmarshal([]byte(`{"a":null,"b":null}`), &p))
	assert.True(t, p.A.IsZero())
	assert.Nil(t, p.B)

	s := NewSecret(pan)
	require.NoError(t, s.UnmarshalJSON([]byte("null")))
	assert.Equal(t, pan, s.Reveal(), "null leaves the value untouched")

	for _, in := range []string{pan, "-4111111111111111", "true", `{"pan":"4111111111111111"}`, `["4111111111111111"]`} {
		t.Run(in, func(t *testing.T) {
			var s Secret
			err := json.Unmarshal([]byte(in), &s)
			require.ErrorIs(t, err, ErrInvalidSecret)
			assert.NotContains(t, err.Error(), "4111", "the error never quotes the value")
		})
	}
	assert.ErrorIs(t, s.UnmarshalJSON([]byte(`"bad \x escape"`)), ErrInvalidSecret)
}

func TestSecretText(t *testing.T) {
	s := NewSecret(pan)
	text, err := s.MarshalText()
	require.NoError(t, err)
	assert.Equal(t, mask.Mask(pan), string(text), "TextMarshaler users get the mask; the clients pass Reveal")

	var back Secret
	require.NoError(t, back.UnmarshalText([]byte("1234")))
	assert.Equal(t, "1234", back.Reveal())

	require.NoError(t, back.Bind("5678"))
	assert.Equal(t, "5678", back.Reveal())
	require.NoError(t, back.Bind(""))
	assert.Equal(t, "5678", back.Reveal(), "Bind(\"\") is a no-op")
}

func TestSecretAccessors(t *testing.T) {
	tests := []struct {
		in, last4 string
	}{
		{"", ""},
		{"1", ""},
		{"1234", ""},
		{"12345678", ""},
		{"123456789", "6789"},
		{pan, "1111"},
		{"ab€dé£ghij€ï", "ij€ï"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			s := NewSecret(tt.in)
			assert.Equal(t, tt.in, s.Reveal())
			assert.Equal(t, tt.in == "", s.IsZero())
			assert.Equal(t, tt.last4, s.Last4())
			assert.True(t, strings.HasSuffix(s.String(), tt.last4))
		})
	}
	assert.True(t, Secret{}.IsZero())
}

func assertNoLeak(t *testing.T, out string, msgAndArgs ...any) {
	t.Helper()
	assert.NotContains(t, out, pan, msgAndArgs...)
	assert.NotContains(t, out, "411111111111", msgAndArgs...)
}

func ptr[T any](v T) *T { return &v }
