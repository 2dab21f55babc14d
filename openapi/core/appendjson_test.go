package core

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// appendJSONer is what every scalar offers the generated encoders.
type appendJSONer interface {
	json.Marshaler
	AppendJSON([]byte) ([]byte, error)
}

// wireSecrets are the wire encodings of the Secrets of TestAppendJSONMatchesMarshalJSON.
var wireSecrets = map[string]string{
	"":                           `""`,
	"4111111111111111":           `"4111111111111111"`,
	"a\"b\\c<d>&e\u2028\x01\xff": `"a\"b\\c\u003cd\u003e\u0026e\u2028\u0001\ufffd"`,
}

func TestAppendJSONMatchesMarshalJSON(t *testing.T) {
	ts := func(s string) Timestamp { v, err := ParseTimestamp(s); require.NoError(t, err); return v }
	values := []appendJSONer{
		Timestamp{}, ts("2024-05-01T10:20:30"), ts("2024-05-01T10:20:30.1234567"), ts("2024-05-01T10:20:30+02:00"),
		ts("0001-01-01T00:00:00Z"), NewTimestamp(time.Date(2024, 5, 1, 10, 20, 30, 500, time.UTC)),
		Decimal{}, MustParseDecimal("0"), MustParseDecimal("-0.001"), MustParseDecimal("12.50"),
		MustParseDecimal("123456789012345678901234567890.123456789"), MustParseDecimal("-99999999999999999999"),
		NewDecimalFromInt(-5, 3),
		Secret{}, NewSecret("4111111111111111"), NewSecret("a\"b\\c<d>&e\u2028\x01\xff"),
		GUID{}, MustParseGUID("3fa85f64-5717-4562-b3fc-2c963f66afa6"), MustParseGUID("{00000000-0000-0000-0000-000000000001}"),
		Date{}, MustParseDate("2024-02-29"), MustParseDate("0001-01-01"),
	}
	for _, v := range values {
		want, wantErr := v.MarshalJSON()
		if s, ok := v.(Secret); ok {
			// MarshalJSON masks; AppendJSON, the SDK's wire encoder, writes the revealed string
			// with the SDK's own escaping (fixed, whatever the Go release's encoding/json writes:
			// Go 1.27's writes invalid UTF-8 as a raw U+FFFD).
			want, wantErr = []byte(wireSecrets[s.Reveal()]), nil
		}
		got, err := v.AppendJSON([]byte("x"))
		require.Equal(t, wantErr, err, "%#v", v)
		assert.Equal(t, "x"+string(want), string(got), "%#v", v)
	}
	// A year encoding/json cannot write fails both ways.
	bad := NewTimestamp(time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC))
	_, wantErr := bad.MarshalJSON()
	_, err := bad.AppendJSON(nil)
	assert.Error(t, wantErr)
	assert.Equal(t, wantErr, err)
}

func TestAppendJSONDoesNotAllocate(t *testing.T) {
	ts, err := ParseTimestamp("2024-05-01T10:20:30.1234567")
	require.NoError(t, err)
	d := MustParseDecimal("75020.52")
	g := MustParseGUID("3fa85f64-5717-4562-b3fc-2c963f66afa6")
	s := NewSecret("4111111111111111")
	dt := MustParseDate("2024-02-29")
	buf := make([]byte, 0, 256)
	allocs := testing.AllocsPerRun(100, func() {
		b := buf[:0]
		b, _ = ts.AppendJSON(b)
		b, _ = d.AppendJSON(b)
		b, _ = g.AppendJSON(b)
		b, _ = s.AppendJSON(b)
		_, _ = dt.AppendJSON(b)
	})
	assert.Zero(t, allocs)
}
