package core

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestParseErrorsNeverQuoteTheValue: a server that puts a token, a PAN or an SSN in a typed
// member got it quoted whole in the error (`invalid GUID "<token>"`). The errors of every
// scalar type quote at most the first two characters of a value of more than eight, and its
// length, in Error(), %v, %+v and %#v.
func TestParseErrorsNeverQuoteTheValue(t *testing.T) {
	values := []string{"eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXRva2Vu.sig", "4111111111111111", "123-45-6789", "4321"}
	for _, v := range values {
		js, _ := json.Marshal(v)
		for name, decode := range map[string]func() error{
			"GUID":            func() error { var g GUID; return g.UnmarshalJSON(js) },
			"ParseGUID":       func() error { _, err := ParseGUID(v); return err },
			"Date":            func() error { var d Date; return d.UnmarshalJSON(js) },
			"ParseDate":       func() error { _, err := ParseDate(v); return err },
			"Timestamp":       func() error { var ts Timestamp; return ts.UnmarshalJSON(js) },
			"ParseTimestamp":  func() error { _, err := ParseTimestamp(v); return err },
			"Decimal string":  func() error { var d Decimal; return d.UnmarshalJSON([]byte(`"x` + v + `"`)) },
			"ParseDecimal":    func() error { _, err := ParseDecimal("x" + v); return err },
			"GUID urn prefix": func() error { _, err := ParseGUID(pad45(v)); return err },
		} {
			err := decode()
			require.Error(t, err, "%s %s", name, v)
			for _, text := range []string{err.Error(), fmt.Sprintf("%v %+v %#v", err, err, err)} {
				assert.NotContains(t, text, v, name)
				if len(v) > 4 {
					assert.NotContains(t, text, v[2:6], "%s: nothing past the first two characters", name)
				}
			}
		}
	}
}

// pad45 returns v cut or padded with zeros to 45 bytes, the length uuid.Parse reads as
// urn:uuid: followed by a GUID.
func pad45(v string) string {
	for len(v) < 45 {
		v += "0"
	}
	return v[:45]
}

func TestExcerpt(t *testing.T) {
	assert.Equal(t, `"ey…" (41 bytes)`, excerpt("eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXRva2Vu.sig"))
	assert.Equal(t, `(4 bytes)`, excerpt("4321"), "short values show nothing but their length")
	assert.Equal(t, `"\x00a…" (9 bytes)`, excerpt("\x00abcdefgh"))
	assert.Equal(t, `(0 bytes)`, excerpt(""))
}
