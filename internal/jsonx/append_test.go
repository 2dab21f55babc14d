package jsonx

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAppendStringGolden: the SDK's encoder defines its own output for strings, fixed here
// rather than taken from the running Go release's encoding/json (whose engine in Go 1.27
// writes invalid UTF-8 as a raw U+FFFD): the escaping of encoding/json up to Go 1.26.
func TestAppendStringGolden(t *testing.T) {
	for in, want := range map[string]string{
		"":                    `""`,
		`a"b\c`:               `"a\"b\\c"`,
		"\x00\x1f\x7f":        `"\u0000\u001f` + "\x7f\"", // DEL is not escaped
		"\b\f\n\r\t":          `"\b\f\n\r\t"`,
		"<>&":                 `"\u003c\u003e\u0026"`,
		"\u2028\u2029":        `"\u2028\u2029"`,
		"\xff\xc3":            `"\ufffd\ufffd"`,
		"bad\xffutf8\xe2\x82": `"bad\ufffdutf8\ufffd\ufffd"`,
		"\ufffd":              "\"\ufffd\"", // a valid U+FFFD is written as it is
		"é€😀":                 `"é€😀"`,
		"/'`":                 "\"/'`\"",
	} {
		assert.Equal(t, want, string(AppendString(nil, in)), "%q", in)
	}
}

// FuzzAppendString: whatever the input, the output is one valid JSON string that decodes to
// the input with each byte of invalid UTF-8 replaced by U+FFFD, holds only ASCII escapes for
// what TestAppendStringGolden escapes, and no raw <, >, &, control character, U+2028 or U+2029.
func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", `a"b\c`, "\x00\x1f\x7f", "<>&", "\u2028\u2029", "\xff\xc3", "é€😀"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := AppendString(nil, s)
		require.True(t, json.Valid(got), "%q", got)
		var back string
		require.NoError(t, json.Unmarshal(got, &back))
		assert.Equal(t, replaceInvalid(s), back)
		inner := string(got[1 : len(got)-1])
		assert.False(t, strings.ContainsAny(inner, "<>&\u2028\u2029"), "%q", got)
		for _, c := range []byte(inner) {
			assert.GreaterOrEqual(t, c, byte(0x20), "%q", got)
		}
		assert.Equal(t, strings.Count(replaceInvalid(s), "\ufffd")-strings.Count(s, "\ufffd"), strings.Count(inner, `\ufffd`), "%q: each invalid byte is \\ufffd", s)
	})
}

// replaceInvalid replaces each byte of invalid UTF-8 in s by U+FFFD.
func replaceInvalid(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		b.WriteRune(r) // utf8.RuneError for an invalid byte, n == 1
		i += n
	}
	return b.String()
}

func TestAppendFloatMatchesEncodingJSON(t *testing.T) {
	for _, x := range []float64{0, math.Copysign(0, -1), 1, -1.5, 0.1, 1e20, 1e21, 1e-6, 1e-7, 1.5e-9, math.MaxFloat64, math.SmallestNonzeroFloat64, 123456789.125} {
		want, _ := json.Marshal(x)
		got, err := AppendFloat64(nil, x)
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got))
		if math.Abs(x) > math.MaxFloat32 {
			continue
		}
		want32, _ := json.Marshal(float32(x))
		got32, err := AppendFloat32(nil, float32(x))
		require.NoError(t, err)
		assert.Equal(t, string(want32), string(got32))
	}
	for _, x := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		_, err := AppendFloat64(nil, x)
		assert.Error(t, err)
	}
}

func FuzzAppendRaw(f *testing.F) {
	for _, s := range []string{`1`, ` { "a" : [1, "<&>"] } `, "\"\u2028\"", `{`, ``, `nul`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		want, wantErr := json.Marshal(json.RawMessage(raw))
		got, err := AppendRaw(nil, raw)
		require.Equal(t, wantErr != nil, err != nil, "%q: %v / %v", raw, wantErr, err)
		if err == nil {
			assert.Equal(t, string(want), string(got))
		}
	})
}

func TestCloseObject(t *testing.T) {
	assert.Equal(t, "{}", string(CloseObject([]byte("{"))))
	assert.Equal(t, `{"a":1}`, string(CloseObject([]byte(`{"a":1,`))))
	assert.Equal(t, "[]", string(CloseArray([]byte("["))))
}
