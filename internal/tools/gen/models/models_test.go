package models

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/issuerkit/issuerkit-go/internal/tools/gen/genkit"
)

// TestGenerate generates the encoders of a fixture spec: each kind of field gets its own
// append code, read from the spec through oapi-codegen's library (no Go file exists).
func TestGenerate(t *testing.T) {
	dir := t.TempDir()
	j, err := genkit.Load("testdata/openapi/fixture.yaml", "testdata/openapi/fixture.codegen.yaml", "m", dir)
	require.NoError(t, err)
	require.NoError(t, Generate(j))
	src, err := os.ReadFile(filepath.Join(dir, "encode.gen.go"))
	require.NoError(t, err)
	s := string(src)
	for _, want := range []string{
		"func init() {\n\tjsonx.RegisterWire(appendWire)\n\tjsonx.RegisterDecode(decodeModel)\n}",
		// The answer decoder reaches a model with a generated decoder (one that keeps unknown
		// members), and a slice of them, through decodeModel.
		"case *Card:\n\t\treturn true, v.decodeJSON(d)",
		"case *[]Card:\n\t\treturn true, jsonx.DecodeModels(d, v, (*Card).decodeJSON)",
		"case Card:\n\t\tb, err = v.appendJSON(b, true)",
		"case *Card:\n\t\tif v == nil {",
		"func (a Card) MarshalJSON() ([]byte, error) {",
		"b, err := a.appendJSON(make([]byte, 0, 256), false)",
		"if wire {\n\t\tif b, err = a.Key.AppendJSON(b); err != nil {", // a Secret: in clear on the wire only
		"} else {\n\t\tb = jsonx.AppendString(b, a.Key.String())\n\t}",
		"if b, err = a.Inner.appendJSON(b, wire); err != nil {",
		`if a.Name != "" {`,
		`if !a.Amount.IsZero() {`,                // a scalar keeps its IsZero
		`if a.Rate != 0 {`,                       // omitempty: -0 is left out too
		"math.Float64bits(float64(a.Rate)) == 0", // jsonZero: reflect.Value.IsZero
		`b = jsonx.AppendString(b, a.Tags[i0])`,  // a string enum
		`if !a.Inner.jsonZero() {`,
		`jsonx.Omitted(&a.Any, true, true)`,
		`jsonx.AppendMarshal(b, a.Any)`,
		`jsonx.AppendMarshal(b, a.Choice)`,                               // a union encodes itself
		`cardFields.AppendExtraMembers(b, a.AdditionalProperties.Map())`, // on the wire
		`cardFields.AppendExtraMembers(b, redact.MaskMembers(a.AdditionalProperties.Map()))`, // elsewhere: by allowlist
		"a.AdditionalProperties.Len() == 0",                                                  // jsonZero: no unknown member (a core.Extras)
		"func (a *Inner) jsonZero() bool {\n\treturn !a.Ok\n}",
		"func (t Choice) Format(f fmt.State, verb rune) {", // a union masks itself for fmt
		"func (t Choice) LogValue() slog.Value {",
	} {
		assert.Contains(t, s, want)
	}
	assert.NotContains(t, s, "func (a Choice)", "a union encodes itself")
	assert.NotContains(t, s, "AppendJSON(b []byte)", "no exported encoder per model")
	assert.NotContains(t, s, "case *Inner:\n\t\treturn true", "a model without extras has no generated decoder to register")
	test, err := os.ReadFile(filepath.Join(dir, "encode.gen_test.go"))
	require.NoError(t, err)
	assert.True(t, strings.Contains(string(test), "reflect.TypeFor[Card](),\n\treflect.TypeFor[Inner](),\n}"), string(test))
	assert.Contains(t, string(test), "jsonxtest.CheckSecretsMasked(t, encodedModels, true)")
}

func TestNegate(t *testing.T) {
	assert.Equal(t, `x != ""`, negate(`x == ""`))
	assert.Equal(t, "x", negate("!x"))
	assert.Equal(t, "!x.IsZero()", negate("x.IsZero()"))
	assert.Equal(t, "!((a == 0) || (b))", negate("(a == 0) || (b)"))
}
