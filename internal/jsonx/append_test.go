package jsonx

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", `a"b\c`, "\x00\x1f\x7f", "<>&", "\u2028\u2029", "\xff\xc3", "é€😀"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, err := json.Marshal(s)
		require.NoError(t, err)
		assert.Equal(t, string(want), string(AppendString(nil, s)))
	})
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
