package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const fixture = `package m

import (
	"encoding/json"

	"github.com/issuerkit/issuerkit-go/internal/scalar"
)

type Status string

type Alias = scalar.Decimal

type Card struct {
	Name   string                     ` + "`json:\"name,omitempty,omitzero\"`" + `
	Amount Alias                      ` + "`json:\"amount,omitempty,omitzero\"`" + `
	Rate   float64                    ` + "`json:\"rate,omitzero\"`" + `
	Tags   []Status                   ` + "`json:\"tags\"`" + `
	Inner  Inner                      ` + "`json:\"inner,omitempty,omitzero\"`" + `
	Key    scalar.Secret              ` + "`json:\"key\"`" + `
	Raw    json.RawMessage            ` + "`json:\"raw,omitempty\"`" + `
	Any    interface{}                ` + "`json:\"any,omitempty\"`" + `
	AdditionalProperties map[string]json.RawMessage ` + "`json:\"-\"`" + `
}

type Inner struct {
	OK bool ` + "`json:\"ok\"`" + `
}

type Union struct {
	union json.RawMessage
}

func (u Union) MarshalJSON() ([]byte, error) { return u.union.MarshalJSON() }
`

func TestGenerate(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "api.gen.go"), []byte(fixture), 0o644))
	require.NoError(t, run([]string{"-dir", dir}, os.Stderr))
	src, err := os.ReadFile(filepath.Join(dir, "encode.gen.go"))
	require.NoError(t, err)
	s := string(src)
	for _, want := range []string{
		`func (a Card) AppendJSON(b []byte) ([]byte, error) { return a.appendJSON(b, true) }`,
		"b, err := a.appendJSON(make([]byte, 0, 256), false)",
		"if wire {\n\t\tif b, err = a.Key.AppendJSON(b); err != nil {", // a Secret: in clear on the wire only
		"} else {\n\t\tb = jsonx.AppendString(b, a.Key.String())\n\t}",
		"if b, err = a.Inner.appendJSON(b, wire); err != nil {",
		`if a.Name != "" {`,
		`if !a.Amount.IsZero() {`,                     // an alias of a scalar keeps its IsZero
		`if math.Float64bits(float64(a.Rate)) != 0 {`, // omitzero alone: -0 is written
		`b = jsonx.AppendString(b, a.Tags[i0])`,       // a string enum
		`if !a.Inner.jsonZero() {`,
		`if len(a.Raw) != 0 {`,
		`jsonx.Omitted(&a.Any, true, false)`,
		`jsonx.AppendMarshal(b, a.Any)`,
		`cardFields.AppendExtraMembers(b, a.AdditionalProperties)`,
		"func (a *Inner) jsonZero() bool {\n\treturn !a.OK\n}",
	} {
		assert.Contains(t, s, want)
	}
	assert.NotContains(t, s, "func (a Union)", "a union encodes itself")
	test, err := os.ReadFile(filepath.Join(dir, "encode.gen_test.go"))
	require.NoError(t, err)
	assert.True(t, strings.Contains(string(test), "reflect.TypeFor[Card](),\n\treflect.TypeFor[Inner](),\n}"), string(test))
}

func TestNegate(t *testing.T) {
	assert.Equal(t, `x != ""`, negate(`x == ""`))
	assert.Equal(t, "x", negate("!x"))
	assert.Equal(t, "!x.IsZero()", negate("x.IsZero()"))
	assert.Equal(t, "!((a == 0) || (b))", negate("(a == 0) || (b)"))
}
