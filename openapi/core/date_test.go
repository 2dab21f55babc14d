package core

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDateJSON(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    string
		wantErr bool
	}{
		{"date", `"2024-05-01"`, "2024-05-01", false},
		{"leap day", `"2024-02-29"`, "2024-02-29", false},
		{"escaped", `"2024\u002d05-01"`, "2024-05-01", false},
		{"first year", `"0001-01-01"`, "0001-01-01", false},
		{"empty string is unset", `""`, "", false},
		{"null is unset", `null`, "", false},
		{"no leap day", `"2023-02-29"`, "", true},
		{"month 13", `"2024-13-01"`, "", true},
		{"day 0", `"2024-05-00"`, "", true},
		{"year 0", `"0000-05-01"`, "", true},
		{"date-time", `"2024-05-01T00:00:00"`, "", true},
		{"slashes", `"2024/05/01"`, "", true},
		{"short", `"2024-5-1"`, "", true},
		{"blank", `" "`, "", true},
		{"signs", `"+024-05-01"`, "", true},
		{"number", `20240501`, "", true},
		{"object", `{}`, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var d Date
			err := d.UnmarshalJSON([]byte(tt.in))
			if tt.wantErr {
				assert.ErrorIs(t, err, ErrInvalidDate)
				var pe *ParseError
				require.ErrorAs(t, err, &pe)
				assert.Equal(t, "Date", pe.Type)
				assert.Equal(t, DateFormat, pe.Expected)
				assert.True(t, d.IsZero())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, d.String())
			assert.Equal(t, tt.want == "", d.IsZero())
		})
	}
}

func TestDateRoundTripAndOmitZero(t *testing.T) {
	type rec struct {
		Birth Date `json:"birth,omitzero"`
		Due   Date `json:"due"`
	}
	in := `{"birth":"1990-12-31","due":"2024-05-01"}`
	var r rec
	require.NoError(t, json.Unmarshal([]byte(in), &r))
	assert.Equal(t, 1990, r.Birth.Year())
	assert.Equal(t, time.December, r.Birth.Month())
	assert.Equal(t, 31, r.Birth.Day())
	out, err := json.Marshal(r)
	require.NoError(t, err)
	assert.JSONEq(t, in, string(out))

	out, err = json.Marshal(rec{})
	require.NoError(t, err)
	assert.JSONEq(t, `{"due":null}`, string(out))
}

func TestDateConstructors(t *testing.T) {
	d, err := NewDate(2024, time.February, 29)
	require.NoError(t, err)
	assert.Equal(t, "2024-02-29", d.String())
	_, err = NewDate(2023, time.February, 29)
	assert.ErrorIs(t, err, ErrInvalidDate)
	_, err = NewDate(10000, time.January, 1)
	assert.ErrorIs(t, err, ErrInvalidDate)
	_, err = ParseDate("")
	assert.ErrorIs(t, err, ErrInvalidDate)

	assert.Equal(t, "2024-05-01", DateOf(time.Date(2024, 5, 1, 23, 59, 0, 0, time.UTC)).String())
	assert.Equal(t, time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC), MustParseDate("2024-05-01").Time(nil))
	assert.True(t, Date{}.Time(time.UTC).IsZero())
	assert.Panics(t, func() { MustParseDate("x") })

	b, err := Date{}.MarshalText()
	require.NoError(t, err)
	assert.Empty(t, b)
	var back Date
	require.NoError(t, back.UnmarshalText(nil))
	assert.True(t, back.IsZero())
}

func FuzzDate(f *testing.F) {
	for _, s := range []string{`"2024-05-01"`, `""`, `null`, `"2024-02-30"`, `"9999-12-31"`, `1`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var d Date
		if err := d.UnmarshalJSON([]byte(in)); err != nil {
			assert.ErrorIs(t, err, ErrInvalidDate)
			return
		}
		out, err := d.MarshalJSON()
		require.NoError(t, err)
		var back Date
		require.NoError(t, back.UnmarshalJSON(out))
		assert.Equal(t, d, back)
	})
}
