package core

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/issuerkit/issuerkit-go/internal/mask"
	"math/big"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Seed corpora live in testdata/fuzz/<FuzzName>/ as well. Run a fuzzer with, for example:
//
//	go test -run='^$' -fuzz=FuzzParseTimestamp -fuzztime=20s ./internal/scalar/

func FuzzParseTimestamp(f *testing.F) {
	for _, s := range []string{
		"2024-05-01T10:20:30", "2024-05-01T10:20:30.1234567", "2024-05-01T10:20:30.10Z",
		"2024-05-01T10:20:30+05:30", "2024-05-01T10:20:30-00:00", "2024-02-29T23:59:59",
		"2023-02-29T00:00:00", "2024-05-01T10:20:30.12345678", "", "2024-05-01 10:20:30",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ts, err := ParseTimestamp(s)
		if err != nil {
			require.ErrorIs(t, err, ErrInvalidTimestamp)
			var pe *ParseError
			require.ErrorAs(t, err, &pe)
			require.Equal(t, excerpt(s), pe.Input)
			return
		}
		// Exact round trip of the text, through every encoding.
		require.Equal(t, s, ts.String())
		text, err := ts.MarshalText()
		require.NoError(t, err)
		require.Equal(t, s, string(text))
		js, err := ts.MarshalJSON()
		require.NoError(t, err)
		var back Timestamp
		require.NoError(t, json.Unmarshal(js, &back))
		require.True(t, back.Equal(ts))
		require.Equal(t, s, back.String())

		// The standard library agrees on the moment.
		layout := "2006-01-02T15:04:05"
		if strings.ContainsAny(s[19:], "Z+-") {
			layout = time.RFC3339
		}
		want, err := time.Parse(layout, s)
		require.NoError(t, err, "time.Parse(%q)", layout)
		require.True(t, want.Equal(ts.Time()), "time.Parse gives %v, Time gives %v", want, ts.Time())
		// NewTimestamp of Time gives back the wall clock of the text, without its zone.
		if !ts.Time().IsZero() { // 0001-01-01T00:00:00 is time.Time{}: NewTimestamp gives zero
			zoneless := s
			switch ts.zone {
			case zoneZ:
				zoneless = s[:len(s)-1]
			case zoneOffset, zoneMinusZero:
				zoneless = s[:len(s)-6]
			}
			require.True(t, NewTimestamp(ts.Time()).Equal(mustTimestamp(t, zoneless)))
		}
	})
}

func FuzzParseDecimal(f *testing.F) {
	for _, s := range []string{
		"0", "12.50", "-0.005", "75,020.52", "1.5e3", "1E-7", "12345678901234567890.123456789",
		"9223372036854775808", "1,50", "NaN", "", "1e1000000000", "0e99999", "-0.00",
		"1e999", "1e39", "-9.9e38", "1e-40", "0.1e41",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkCheap(t, len(s), func() { _, _ = ParseDecimal(s) })
		d, err := ParseDecimal(s)
		if err != nil {
			require.ErrorIs(t, err, ErrInvalidDecimal)
			var pe *ParseError
			require.ErrorAs(t, err, &pe)
			require.Equal(t, excerpt(s), pe.Input)
			return
		}
		checkDecimal(t, d)
		// Exact: math/big reads the same number (exponents kept small so big.Rat stays fast).
		if plain := strings.ReplaceAll(s, ",", ""); len(plain) < 2500 && !strings.ContainsAny(plain, "eE") {
			want, ok := new(big.Rat).SetString(plain)
			require.True(t, ok)
			got, ok := new(big.Rat).SetString(d.String())
			require.True(t, ok)
			require.Zero(t, want.Cmp(got), "%s read as %s", s, d)
		}
	})
}

func FuzzDecimalJSON(f *testing.F) {
	for _, s := range []string{
		`12.50`, `"75,020.52"`, `1.5e3`, `-0`, `null`, `"NaN"`, `true`, `""`, `"1\u002e5"`,
		`12345678901234567890.123456789`, `1e-1000`, `{"a":1}`, `1e999`, `"1e999"`, `1e39`, `"-1E+39"`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkCheap(t, len(data), func() { var d Decimal; _ = d.UnmarshalJSON(data) })
		var direct Decimal
		directErr := direct.UnmarshalJSON(data) // must never panic, even on invalid JSON

		var d Decimal
		err := json.Unmarshal(data, &d)
		if err != nil {
			var syntax *json.SyntaxError
			if !errors.As(err, &syntax) {
				require.ErrorIs(t, err, ErrInvalidDecimal)
			}
			return
		}
		if trimmed := strings.Trim(string(data), " \t\r\n"); len(trimmed) == len(data) {
			// encoding/json hands UnmarshalJSON the value without surrounding whitespace.
			require.NoError(t, directErr)
			require.True(t, d.Equal(direct))
		}
		checkDecimal(t, d)

		var n json.Number
		if json.Unmarshal(data, &n) == nil && n != "" && len(n) < 2500 && !strings.ContainsAny(string(n), "eE") {
			want, ok := new(big.Rat).SetString(string(n))
			require.True(t, ok)
			got, _ := new(big.Rat).SetString(d.String())
			require.Zero(t, want.Cmp(got), "%s read as %s", data, d)
		}
	})
}

// checkDecimal checks the properties every valid Decimal has.
func checkDecimal(t *testing.T, d Decimal) {
	t.Helper()
	s := d.String()
	// Within the cap: no exponent beyond what an amount can hold was accepted.
	require.LessOrEqual(t, d.Scale(), int32(MaxDecimalDigits))
	require.LessOrEqual(t, len(strings.TrimPrefix(s, "-"))-int(d.Scale()), MaxDecimalDigits+1)
	again, err := ParseDecimal(s)
	require.NoError(t, err, "String() = %q does not parse", s)
	require.True(t, again.Equal(d))
	require.Equal(t, s, again.String())
	require.Equal(t, d.Scale(), again.Scale())

	js, err := json.Marshal(d)
	require.NoError(t, err)
	require.True(t, json.Valid(js), "%s", js)
	if d.IsZero() { // unset (decoded from null): encodes as null
		require.Equal(t, "null", string(js))
		return
	}
	require.Equal(t, s, string(js))
	var back Decimal
	require.NoError(t, json.Unmarshal(js, &back))
	require.True(t, back.Equal(d))
	require.Equal(t, s, back.String())

	require.Zero(t, d.Neg().Add(d).Sign())
	require.True(t, d.Neg().Add(d).IsSet(), "arithmetic results are set")
	require.True(t, d.Add(d).Sub(d).Equal(d))
	require.Equal(t, -d.Sign(), d.Neg().Sign())
	if u, ok := d.Int64Units(d.Scale()); ok {
		require.True(t, NewDecimalFromInt(u, d.Scale()).Equal(d))
	}
}

func FuzzSecretJSON(f *testing.F) {
	for _, s := range []string{
		"4111111111111111", "737", "", "with \"quotes\" and \\", "<tag>&", "été", "\xff\xfe",
		"line\nbreak\u2028", "12345678", "123456789",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sec := NewSecret(s)
		js, err := sec.AppendJSON(nil) // the wire form: the value itself
		require.NoError(t, err)
		mjs, err := json.Marshal(sec)
		require.NoError(t, err)
		var m string
		require.NoError(t, json.Unmarshal(mjs, &m))
		require.Equal(t, strings.ToValidUTF8(mask.Mask(s), "\uFFFD"), m, "encoding/json writes the mask")
		var want string // what encoding/json makes of s, invalid UTF-8 replaced
		require.NoError(t, json.Unmarshal(js, &want))
		if utf8.ValidString(s) {
			require.Equal(t, s, want)
		}
		var back Secret
		require.NoError(t, json.Unmarshal(js, &back))
		require.Equal(t, want, back.Reveal())

		var direct Secret
		_ = direct.UnmarshalJSON([]byte(s)) // arbitrary bytes must never panic

		// Every verb writes the masked value only.
		masked := mask.Mask(s)
		for _, verb := range []string{"%v", "%+v", "%s", "%q", "%x", "%X", "%10.3s"} {
			require.Equal(t, fmt.Sprintf(verb, masked), fmt.Sprintf(verb, sec), verb)
		}
		require.Equal(t, sec.GoString(), fmt.Sprintf("%#v", sec))
		if hidden := []rune(s); len(hidden) > 0 && strings.Trim(string(hidden[:len(hidden)-mask.Kept(len(hidden))]), "*") != "" {
			assert.NotContains(t, fmt.Sprintf("%v", sec), s)
		}
		for _, verb := range []string{"%v", "%+v", "%s"} {
			require.Equal(t, fmt.Sprintf(verb, struct{ S string }{masked}), fmt.Sprintf(verb, struct{ S Secret }{sec}), verb)
		}
	})
}
