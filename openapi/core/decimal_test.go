package core

import (
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/alloctest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDecimalRoundTrip(t *testing.T) {
	tests := []string{
		"0", "0.00", "1", "-1", "12.50", "-12.50", "0.005", "-0.005", "100",
		"12345678901234567890.123456789",
		"-12345678901234567890.123456789",
		"9223372036854775807", "-9223372036854775808",
		"9223372036854775808", "-9223372036854775809",
		"0.9223372036854775807", "999999999999999999", "1000000000000000000",
		"1" + strings.Repeat("0", MaxDecimalDigits-1),
		"0." + strings.Repeat("0", MaxDecimalDigits-1) + "1",
		strings.Repeat("9", MaxDecimalDigits) + "." + strings.Repeat("9", MaxDecimalDigits),
	}
	for _, in := range tests {
		name := in
		if len(name) > 40 {
			name = name[:40]
		}
		t.Run(name, func(t *testing.T) {
			d, err := ParseDecimal(in)
			require.NoError(t, err)
			assert.Equal(t, in, d.String())

			js, err := json.Marshal(d)
			require.NoError(t, err)
			assert.Equal(t, in, string(js), "a JSON number with the scale kept")

			var fromNumber, fromString Decimal
			require.NoError(t, json.Unmarshal([]byte(in), &fromNumber))
			assert.Equal(t, in, fromNumber.String())
			require.NoError(t, json.Unmarshal([]byte(`"`+in+`"`), &fromString))
			assert.Equal(t, in, fromString.String())
			assert.True(t, fromString.Equal(d))

			text, err := d.MarshalText()
			require.NoError(t, err)
			assert.Equal(t, in, string(text))
		})
	}
}

func TestDecimalNormalisesExponentsExactly(t *testing.T) {
	tests := map[string]string{
		"1.5e3":   "1500",
		"1.5E3":   "1500",
		"1.5e+3":  "1500",
		"1.50e1":  "15.0",
		"12.5E+2": "1250",
		"1e-3":    "0.001",
		"-1.5e-1": "-0.15",
		"125e-2":  "1.25",
		"0e5":     "0",
		"0.0e-2":  "0.000",
		"-0":      "0",
		"-0.00":   "0.00",
		"1e0":     "1",
		"1e18":    "1000000000000000000",
		"1e19":    "10000000000000000000",
		"9.99e2":  "999",
		"1e39":    "1" + strings.Repeat("0", MaxDecimalDigits-1),
		"1e-40":   "0." + strings.Repeat("0", MaxDecimalDigits-1) + "1",
		"0.1e40":  "1" + strings.Repeat("0", MaxDecimalDigits-1),
		// A zero coefficient with a huge exponent is zero: nothing is allocated for it.
		"0e1000000000": "0",
		// Leading zeros of the fraction do not count against the cap once the exponent moves
		// the point: 0.000…01e1502 is 10.
		"0." + strings.Repeat("0", 1500) + "1e1502": "10",
	}
	for in, want := range tests {
		name := in
		if len(name) > 40 {
			name = name[:40]
		}
		t.Run(name, func(t *testing.T) {
			d, err := ParseDecimal(in)
			require.NoError(t, err)
			assert.Equal(t, want, d.String())
			var fromJSON Decimal
			require.NoError(t, json.Unmarshal([]byte(in), &fromJSON))
			assert.Equal(t, want, fromJSON.String())
		})
	}
}

func TestDecimalThousandsSeparators(t *testing.T) {
	accepted := map[string]string{
		"75,020.52":                     "75020.52",
		"1,000":                         "1000",
		"-1,000":                        "-1000",
		"999":                           "999",
		"1,234,567.891":                 "1234567.891",
		"12,345,678,901,234,567,890.12": "12345678901234567890.12",
		"100,000e2":                     "10000000",
	}
	for in, want := range accepted {
		t.Run(in, func(t *testing.T) {
			d, err := ParseDecimal(in)
			require.NoError(t, err)
			assert.Equal(t, want, d.String())
			var fromJSON Decimal
			require.NoError(t, json.Unmarshal([]byte(`"`+in+`"`), &fromJSON))
			assert.Equal(t, want, fromJSON.String())
			out, err := json.Marshal(fromJSON)
			require.NoError(t, err)
			assert.Equal(t, want, string(out), "re-encoded as a plain JSON number")
		})
	}
	// A comma that is not a thousands separator could be a decimal comma: 1,50 must not
	// become 150.
	rejected := []string{
		"1,50", "1,5000", "12,34", "1234,567", ",123", "1,", "1,,000", "1,000,00",
		"0,123", "1.000,5", "1,000.000,5", "-,100", "1 000", "1_000", "1'000",
	}
	for _, in := range rejected {
		t.Run(in, func(t *testing.T) {
			_, err := ParseDecimal(in)
			assert.ErrorIs(t, err, ErrInvalidDecimal)
			var d Decimal
			assert.ErrorIs(t, json.Unmarshal([]byte(`"`+in+`"`), &d), ErrInvalidDecimal)
		})
	}
	// The JSON number form never takes separators.
	var d Decimal
	assert.ErrorIs(t, d.UnmarshalJSON([]byte("1,000")), ErrInvalidDecimal)
}

func TestDecimalRejects(t *testing.T) {
	tests := map[string]string{
		"empty":                          "",
		"space":                          " ",
		"padded":                         " 1",
		"trailing space":                 "1 ",
		"word":                           "abc",
		"NaN":                            "NaN",
		"nan":                            "nan",
		"Inf":                            "Inf",
		"-Inf":                           "-Inf",
		"Infinity":                       "Infinity",
		"+Infinity":                      "+Infinity",
		"plus sign":                      "+1",
		"leading zero":                   "01",
		"negative leading zero":          "-01.5",
		"lone minus":                     "-",
		"double minus":                   "--1",
		"no integer part":                ".5",
		"no fraction digits":             "5.",
		"two points":                     "1.2.3",
		"exponent without digits":        "1e",
		"exponent sign only":             "1e+",
		"exponent on nothing":            "e5",
		"hex":                            "0x10",
		"fraction exponent":              "1e1.5",
		"currency":                       "$12.50",
		"percent":                        "12%",
		"arabic-indic digits":            "١٢",
		"fullwidth digits":               "１２",
		"too many integer digits":        "1" + strings.Repeat("0", MaxDecimalDigits),
		"too many fraction digits":       "0." + strings.Repeat("0", MaxDecimalDigits) + "1",
		"too many zero fraction digits":  "0." + strings.Repeat("0", MaxDecimalDigits+1),
		"huge exponent":                  "1e1000000000",
		"huge negative exponent":         "1e-1000000000",
		"endless exponent":               "1e" + strings.Repeat("9", 100),
		"exponent past the cap":          "1e40",
		"exponent past any amount":       "1e999",
		"negative exponent past the cap": "1e-41",
		"old cap":                        "1e1000",
		"zero past the cap":              "0e-1001",
	}
	for name, in := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := ParseDecimal(in)
			require.Error(t, err)
			assert.ErrorIs(t, err, ErrInvalidDecimal)
			assert.NotErrorIs(t, err, ErrInvalidTimestamp)
			var pe *ParseError
			require.ErrorAs(t, err, &pe)
			assert.Equal(t, excerpt(in), pe.Input)
			assert.Equal(t, "Decimal", pe.Type)
			assert.Equal(t, DecimalFormat, pe.Expected)
			assert.NotEmpty(t, pe.Reason)

			d := MustParseDecimal("7.5")
			assert.ErrorIs(t, d.UnmarshalText([]byte(in)), ErrInvalidDecimal)
			js, _ := json.Marshal(in)
			assert.ErrorIs(t, json.Unmarshal(js, &d), ErrInvalidDecimal)
			assert.Equal(t, "7.5", d.String(), "a failed decode leaves the value unchanged")
		})
	}
}

func TestDecimalHugeExponentIsRejectedCheaply(t *testing.T) {
	for _, in := range []string{"1e1000000000", "1e-1000000000", "9e999999999999999999999", "1.5e2147483648", "1e999", "-1e40", "1e-999", "0.1e41"} {
		// The fastest of up to five timings: a loaded machine only adds to one, while work that
		// grows with the exponent is slow on every one.
		var allocs float64
		fastest := time.Duration(math.MaxInt64)
		for run := 0; run < 5 && fastest >= time.Second; run++ {
			start := time.Now()
			allocs = testing.AllocsPerRun(10, func() {
				_, err := ParseDecimal(in)
				require.ErrorIs(t, err, ErrInvalidDecimal)
			})
			fastest = min(fastest, time.Since(start))
		}
		assert.Less(t, fastest, time.Second, in)
		assert.LessOrEqual(t, allocs, 2.0, "%s: only the error is allocated", in)
	}
}

// TestDecimalCostIsBoundedByItsText: the numbers at the cap (the slow path, through math/big)
// cost a few hundred bytes each, and a number of a million digits is rejected after one scan
// of its text, allocating nothing but the error (a few hundred bytes). Before the cap was lowered from 1,000
// digits, 1e999 cost 2.5 KB for 5 bytes of text (issue 26). Measured by alloctest (the least
// of several runs at GOMAXPROCS 1, in a test that is not parallel): a single TotalAlloc reading
// around one call counted what other tests allocated meanwhile (5,696 bytes against 512,
// issue 34).
func TestDecimalCostIsBoundedByItsText(t *testing.T) {
	for _, in := range []string{
		"1e39", "-9.999999999999999999999999999999999999999e39", "1e-40",
		strings.Repeat("9", MaxDecimalDigits) + "." + strings.Repeat("9", MaxDecimalDigits),
	} {
		_, err := ParseDecimal(in)
		require.NoError(t, err, in)
		perParse := alloctest.PerCall(5, 100, func() { _, _ = ParseDecimal(in) })
		assert.LessOrEqual(t, perParse, uint64(640), "%s: bytes allocated per parse", in)
	}
	for _, in := range []string{strings.Repeat("7", 1<<20), "0." + strings.Repeat("0", 1<<20) + "1", "1e" + strings.Repeat("9", 1<<20)} {
		_, err := ParseDecimal(in)
		require.ErrorIs(t, err, ErrInvalidDecimal)
		allocated := alloctest.Bytes(5, func() { _, _ = ParseDecimal(in) })
		assert.LessOrEqual(t, allocated, uint64(512), "%s…: only the error is allocated", in[:8])
	}
}

func TestDecimalJSON(t *testing.T) {
	type payload struct {
		Amount Decimal  `json:"amount"`
		Fee    *Decimal `json:"fee,omitempty"`
		Tip    *Decimal `json:"tip,omitempty"`
		Zero   Decimal  `json:"zero"`
	}
	in := `{"amount":12345678901234567890.123456789,"fee":"75,020.52","zero":0.00}`
	var p payload
	require.NoError(t, json.Unmarshal([]byte(in), &p))
	assert.Equal(t, "12345678901234567890.123456789", p.Amount.String())
	require.NotNil(t, p.Fee)
	assert.Equal(t, "75020.52", p.Fee.String())
	assert.Nil(t, p.Tip)

	out, err := json.Marshal(p)
	require.NoError(t, err)
	assert.Equal(t, `{"amount":12345678901234567890.123456789,"fee":75020.52,"zero":0.00}`, string(out))

	// Bit-exact: the number is never squeezed through a float64.
	var raw map[string]Decimal
	const exact = `{"a":0.1,"b":12345678901234567890.123456789,"c":1e-7,"d":-0.000000000000000000001}`
	require.NoError(t, json.Unmarshal([]byte(exact), &raw))
	out, err = json.Marshal(raw)
	require.NoError(t, err)
	assert.Equal(t, `{"a":0.1,"b":12345678901234567890.123456789,"c":0.0000001,"d":-0.000000000000000000001}`, string(out))
}

func TestDecimalJSONNullAndRejects(t *testing.T) {
	var p struct {
		A Decimal  `json:"a"`
		B *Decimal `json:"b"`
	}
	require.NoError(t, json.Unmarshal([]byte(`{"a":null,"b":null}`), &p))
	assert.True(t, p.A.IsZero())
	assert.Nil(t, p.B)

	d := MustParseDecimal("1.25")
	require.NoError(t, d.UnmarshalJSON([]byte("null")))
	assert.Equal(t, "1.25", d.String(), "null leaves the value untouched")

	require.NoError(t, json.Unmarshal([]byte(`"1\u002e5"`), &d))
	assert.Equal(t, "1.5", d.String(), "escapes in a JSON string are decoded")

	for _, in := range []string{`true`, `false`, `{}`, `[]`, `[1]`, `""`, `"NaN"`, `"Infinity"`, `"1,50"`, `" 1"`, `"1.5 EUR"`} {
		t.Run(in, func(t *testing.T) {
			var d Decimal
			err := json.Unmarshal([]byte(`{"a":`+in+`}`), &struct {
				A *Decimal `json:"a"`
			}{&d})
			assert.ErrorIs(t, err, ErrInvalidDecimal)
		})
	}
}

// A decimal in a JSON string may carry escapes; UnmarshalJSON decodes them itself (encoding/json
// would allocate kilobytes for a few bytes on some Go releases) and must agree with it.
func TestDecimalJSONEscapesDecodeAsJSONDoes(t *testing.T) {
	for _, in := range []string{
		`"1\u002e5"`, `"1\u002E5"`, `"\u0031\u0032.50"`, `"\u002d0.5"`, `"1\/2"`, `"1\"`, `"1\u002"`,
		`"1\u002g5"`, `"1\x2e5"`, `"1\n"`, `"1\u00e9"`, `"1\u0000"`, `"1\\5"`, `"1\"5"`, `"1\u12"`,
	} {
		t.Run(in, func(t *testing.T) {
			var viaString string
			jsonErr := json.Unmarshal([]byte(in), &viaString)
			var d Decimal
			err := d.UnmarshalJSON([]byte(in))
			if jsonErr != nil {
				require.ErrorIs(t, err, ErrInvalidDecimal, "not a JSON string")
				return
			}
			want, wantErr := ParseDecimal(viaString)
			if wantErr != nil {
				require.ErrorIs(t, err, ErrInvalidDecimal)
				return
			}
			require.NoError(t, err)
			assert.True(t, d.Equal(want), "%s read as %s, want %s", in, d, want)
		})
	}
}

func TestDecimalArithmeticIsExact(t *testing.T) {
	sum := MustParseDecimal("0.1").Add(MustParseDecimal("0.2"))
	assert.True(t, sum.Equal(MustParseDecimal("0.3")), "0.1 + 0.2 = %s", sum)
	assert.Equal(t, "0.3", sum.String())

	tests := []struct {
		a, b, sum, diff string
	}{
		{"1.5", "0.25", "1.75", "1.25"},
		{"12.50", "-12.5", "0.00", "25.00"},
		{"0", "0.000", "0.000", "0.000"},
		{"9223372036854775807", "1", "9223372036854775808", "9223372036854775806"},
		{"-9223372036854775808", "-1", "-9223372036854775809", "-9223372036854775807"},
		{"922337203685477580.7", "0.01", "922337203685477580.71", "922337203685477580.69"},
		{"12345678901234567890.123456789", "0.000000001", "12345678901234567890.123456790", "12345678901234567890.123456788"},
		{"99999999999999999999", "-99999999999999999999", "0", "199999999999999999998"},
	}
	for _, tt := range tests {
		t.Run(tt.a+"+"+tt.b, func(t *testing.T) {
			a, b := MustParseDecimal(tt.a), MustParseDecimal(tt.b)
			assert.Equal(t, tt.sum, a.Add(b).String())
			assert.Equal(t, tt.sum, b.Add(a).String())
			assert.Equal(t, tt.diff, a.Sub(b).String())
			assert.True(t, a.Sub(b).Add(b).Equal(a))
			assert.Equal(t, "1.25", MustParseDecimal("1.25").String(), "operands are not modified")
		})
	}

	minInt := NewDecimalFromInt(math.MinInt64, 0)
	assert.Equal(t, "9223372036854775808", minInt.Neg().String())
	assert.Equal(t, "-9223372036854775808", minInt.Neg().Neg().String())
	assert.Equal(t, "-12.50", MustParseDecimal("12.50").Neg().String())
	assert.Equal(t, "0.00", MustParseDecimal("0.00").Neg().String())
}

func TestDecimalCmpSignEqual(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"12.5", "12.50", 0},
		{"0", "-0.000", 0},
		{"1", "0.999999999999999999999", 1},
		{"-1", "-0.5", -1},
		{"9223372036854775807", "9223372036854775808", -1},
		{"92233720368547758.07", "9223372036854775808", -1},
		{"100000000000000000000", "1e20", 0},
		{"-100000000000000000000", "1", -1},
		{"0.1", "0.01", 1},
	}
	for _, tt := range tests {
		t.Run(tt.a+" vs "+tt.b, func(t *testing.T) {
			a, b := MustParseDecimal(tt.a), MustParseDecimal(tt.b)
			assert.Equal(t, tt.want, a.Cmp(b))
			assert.Equal(t, -tt.want, b.Cmp(a))
			assert.Equal(t, tt.want == 0, a.Equal(b))
		})
	}

	assert.Equal(t, 1, MustParseDecimal("0.01").Sign())
	assert.Equal(t, -1, MustParseDecimal("-99999999999999999999").Sign())
	assert.Equal(t, 0, MustParseDecimal("-0.00").Sign())
	assert.Equal(t, "0", Decimal{}.String())
	assert.Zero(t, Decimal{}.Cmp(MustParseDecimal("0.00")), "unset compares as 0")
	assert.Equal(t, int32(2), MustParseDecimal("12.50").Scale())
	assert.Equal(t, int32(0), MustParseDecimal("1.5e3").Scale())
}

func TestDecimalInt64Units(t *testing.T) {
	tests := []struct {
		in    string
		scale int32
		want  int64
		ok    bool
	}{
		{"12.50", 2, 1250, true},
		{"12.5", 2, 1250, true},
		{"12.500", 2, 1250, true},
		{"12", 2, 1200, true},
		{"-0.07", 2, -7, true},
		{"12.505", 2, 0, false},
		{"12.5", 0, 0, false},
		{"1500", -2, 15, true},
		{"1550", -2, 0, false},
		{"0", 2, 0, true},
		{"0.000", 1000, 0, true},
		{"92233720368547758.07", 2, math.MaxInt64, true},
		{"92233720368547758.08", 2, 0, false},
		{"-92233720368547758.08", 2, math.MinInt64, true},
		{"9223372036854775808", 0, 0, false},
		{"9223372036854775808.0", 0, 0, false},
		{"12345678901234567890.00", 0, 0, false},
		{"1234567890123456789.000000000000000", 0, 1234567890123456789, true},
		{"1", 19, 0, false},
		{"1", 18, 1e18, true},
		{"1", math.MaxInt32, 0, false},
		{"1", math.MinInt32, 0, false},
		{"0." + strings.Repeat("0", MaxDecimalDigits-1) + "1", 0, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, ok := MustParseDecimal(tt.in).Int64Units(tt.scale)
			assert.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestNewDecimalFromInt(t *testing.T) {
	tests := []struct {
		units int64
		scale int32
		want  string
	}{
		{1250, 2, "12.50"},
		{-7, 2, "-0.07"},
		{0, 2, "0.00"},
		{5, 0, "5"},
		{5, -3, "5000"},
		{math.MaxInt64, -5, "922337203685477580700000"},
		{math.MinInt64, 19, "-0.9223372036854775808"},
		{1, MaxDecimalDigits, "0." + strings.Repeat("0", MaxDecimalDigits-1) + "1"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			d := NewDecimalFromInt(tt.units, tt.scale)
			assert.Equal(t, tt.want, d.String())
			assert.True(t, d.Equal(MustParseDecimal(tt.want)))
		})
	}
	assert.Panics(t, func() { NewDecimalFromInt(1, MaxDecimalDigits+1) })
	assert.Panics(t, func() { NewDecimalFromInt(1, -MaxDecimalDigits-1) })
}

func TestMustParseDecimalPanics(t *testing.T) {
	assert.PanicsWithError(t, `invalid Decimal (4 bytes): thousands separator misplaced (want `+DecimalFormat+`)`,
		func() { MustParseDecimal("12,5") })
}

func TestDecimalTextAndBind(t *testing.T) {
	var d Decimal
	require.NoError(t, d.UnmarshalText([]byte("75,020.52")))
	assert.Equal(t, "75020.52", d.String())
	assert.ErrorIs(t, d.UnmarshalText(nil), ErrInvalidDecimal)

	require.NoError(t, d.Bind("1.50"))
	assert.Equal(t, "1.50", d.String())
	require.NoError(t, d.Bind(""))
	assert.Equal(t, "1.50", d.String(), "Bind(\"\") is a no-op")
	assert.ErrorIs(t, d.Bind("1.5.0"), ErrInvalidDecimal)
}

// TestDecimalSourceHasNoFloat guards the promise that no binary floating point is involved.
func TestDecimalSourceHasNoFloat(t *testing.T) {
	src, err := os.ReadFile("decimal.go")
	require.NoError(t, err)
	for _, banned := range []string{"float32", "float64", "ParseFloat", "big.Float", "big.Rat"} {
		assert.NotContains(t, string(src), banned)
	}
}

// TestDecimalUnset: only Decimal{} is unset (IsZero); every number, 0 included, is set, so
// omitzero never drops an amount of 0.
func TestDecimalUnset(t *testing.T) {
	var fromJSON Decimal
	require.NoError(t, json.Unmarshal([]byte(`0`), &fromJSON))
	var fromText Decimal
	require.NoError(t, fromText.UnmarshalText([]byte("0.00")))
	set := map[string]Decimal{
		"ParseDecimal(0)":          MustParseDecimal("0"),
		"ParseDecimal(-0.00)":      MustParseDecimal("-0.00"),
		"NewDecimalFromInt(0, 2)":  NewDecimalFromInt(0, 2),
		"NewDecimalFromInt(0, -3)": NewDecimalFromInt(0, -3),
		"JSON 0":                   fromJSON,
		"text 0.00":                fromText,
		"1 - 1":                    MustParseDecimal("1").Sub(MustParseDecimal("1")),
		"unset + unset":            Decimal{}.Add(Decimal{}),
		"-unset":                   Decimal{}.Neg(),
	}
	for name, d := range set {
		assert.False(t, d.IsZero(), name)
		assert.True(t, d.IsSet(), name)
		assert.Zero(t, d.Sign(), name)
	}
	assert.True(t, Decimal{}.IsZero())
	assert.False(t, Decimal{}.IsSet())

	var keep Decimal
	require.NoError(t, json.Unmarshal([]byte(`null`), &keep))
	assert.True(t, keep.IsZero(), "null leaves an unset Decimal unset")

	type req struct {
		Amount Decimal `json:"amount,omitempty,omitzero"`
		Fee    Decimal `json:"fee,omitempty,omitzero"`
		Plain  Decimal `json:"plain"`
	}
	out, err := json.Marshal(req{Amount: NewDecimalFromInt(0, 2)})
	require.NoError(t, err)
	assert.JSONEq(t, `{"amount":0.00,"plain":null}`, string(out), "a set 0 is sent; unset is omitted, or null without omitzero")
}
