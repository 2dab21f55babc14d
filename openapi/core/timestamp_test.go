package core

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // Europe/Paris in TestTimestampIn, whatever the host has

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTimestampRoundTrip(t *testing.T) {
	tests := []string{
		"2024-05-01T10:20:30",
		"2024-05-01T10:20:30.1",
		"2024-05-01T10:20:30.10",
		"2024-05-01T10:20:30.123",
		"2024-05-01T10:20:30.1234567",
		"2024-05-01T10:20:30.1000000",
		"2024-05-01T10:20:30.0000000",
		"2024-05-01T10:20:30.0000001",
		"2024-05-01T10:20:30Z",
		"2024-05-01T10:20:30.5Z",
		"2024-05-01T10:20:30+05:30",
		"2024-05-01T10:20:30.1234567-08:00",
		"2024-05-01T10:20:30+00:00",
		"2024-05-01T10:20:30-00:00",
		"2024-02-29T00:00:00",
		"2000-02-29T23:59:59",
		"0001-01-01T00:00:00",
		"0000-01-01T00:00:00",
		"9999-12-31T23:59:59.9999999",
		"9999-12-31T23:59:59.9999999+23:59",
	}
	for _, in := range tests {
		t.Run(in, func(t *testing.T) {
			ts, err := ParseTimestamp(in)
			require.NoError(t, err)
			assert.False(t, ts.IsZero())
			assert.Equal(t, in, ts.String())

			text, err := ts.MarshalText()
			require.NoError(t, err)
			assert.Equal(t, in, string(text))

			js, err := json.Marshal(ts)
			require.NoError(t, err)
			assert.Equal(t, `"`+in+`"`, string(js))

			var back Timestamp
			require.NoError(t, json.Unmarshal(js, &back))
			assert.Equal(t, in, back.String())
			assert.True(t, back.Equal(ts))

			var fromText Timestamp
			require.NoError(t, fromText.UnmarshalText([]byte(in)))
			assert.Equal(t, in, fromText.String())
		})
	}
}

func TestTimestampJSONStructRoundTripIsByteExact(t *testing.T) {
	type payload struct {
		At       Timestamp  `json:"at"`
		Settled  *Timestamp `json:"settled,omitempty"`
		Reversed *Timestamp `json:"reversed,omitempty"`
		Booked   Timestamp  `json:"booked"`
	}
	in := `{"at":"2024-05-01T10:20:30.1000000","settled":"2024-05-01T10:20:30+02:00","booked":"2024-05-01T00:00:00"}`
	var p payload
	require.NoError(t, json.Unmarshal([]byte(in), &p))
	require.NotNil(t, p.Settled)
	assert.Nil(t, p.Reversed)
	assert.Equal(t, 100*time.Millisecond, time.Duration(p.At.Time().Nanosecond()))

	out, err := json.Marshal(p)
	require.NoError(t, err)
	assert.Equal(t, in, string(out))
}

func TestTimestampJSONNull(t *testing.T) {
	var p struct {
		At  Timestamp  `json:"at"`
		Opt *Timestamp `json:"opt"`
	}
	require.NoError(t, json.Unmarshal([]byte(`{"at":null,"opt":null}`), &p))
	assert.True(t, p.At.IsZero())
	assert.Nil(t, p.Opt)

	// null leaves a value untouched, as encoding/json does for every type.
	ts := mustTimestamp(t, "2024-05-01T10:20:30")
	require.NoError(t, ts.UnmarshalJSON([]byte("null")))
	assert.Equal(t, "2024-05-01T10:20:30", ts.String())

	out, err := json.Marshal(Timestamp{})
	require.NoError(t, err)
	assert.Equal(t, "null", string(out))
}

func TestTimestampJSONEscapedString(t *testing.T) {
	var ts Timestamp
	require.NoError(t, json.Unmarshal([]byte(`"2024-05-01T10\u003a20:30"`), &ts))
	assert.Equal(t, "2024-05-01T10:20:30", ts.String())
}

func TestTimestampRejects(t *testing.T) {
	tests := map[string]string{
		"empty":                "",
		"date only":            "2024-05-01",
		"space separator":      "2024-05-01 10:20:30",
		"lowercase t":          "2024-05-01t10:20:30",
		"no seconds":           "2024-05-01T10:20",
		"month 13":             "2024-13-01T10:20:30",
		"month 0":              "2024-00-01T10:20:30",
		"day 0":                "2024-05-00T10:20:30",
		"31 April":             "2024-04-31T10:20:30",
		"30 February":          "2024-02-30T10:20:30",
		"29 February 2023":     "2023-02-29T10:20:30",
		"29 February 1900":     "1900-02-29T10:20:30",
		"hour 24":              "2024-05-01T24:00:00",
		"minute 60":            "2024-05-01T10:60:30",
		"leap second":          "2024-05-01T10:20:60",
		"empty fraction":       "2024-05-01T10:20:30.",
		"8 fraction digits":    "2024-05-01T10:20:30.12345678",
		"9 fraction digits":    "2024-05-01T10:20:30.123456789",
		"comma fraction":       "2024-05-01T10:20:30,5",
		"lowercase z":          "2024-05-01T10:20:30z",
		"short offset":         "2024-05-01T10:20:30+5:30",
		"offset without colon": "2024-05-01T10:20:30+0530",
		"offset hour only":     "2024-05-01T10:20:30+05",
		"offset minute 60":     "2024-05-01T10:20:30+05:60",
		"offset hour 24":       "2024-05-01T10:20:30+24:00",
		"Z and offset":         "2024-05-01T10:20:30Z+01:00",
		"zone name":            "2024-05-01T10:20:30 UTC",
		"trailing space":       "2024-05-01T10:20:30 ",
		"leading space":        " 2024-05-01T10:20:30",
		"letters":              "abcd-ef-ghTij:kl:mn",
		"signed year":          "-024-05-01T10:20:30",
		"five-digit year":      "12024-05-01T10:20:30",
		"plus in field":        "2024-+5-01T10:20:30",
		"fullwidth digits":     "２０２４-05-01T10:20:30",
		"nul":                  "2024-05-01T10:20:30\x00",
	}
	for name, in := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := ParseTimestamp(in)
			require.Error(t, err)
			assert.ErrorIs(t, err, ErrInvalidTimestamp)
			assert.NotErrorIs(t, err, ErrInvalidDecimal)
			var pe *ParseError
			require.ErrorAs(t, err, &pe)
			assert.Equal(t, excerpt(in), pe.Input)
			assert.Equal(t, "Timestamp", pe.Type)
			assert.Equal(t, TimestampFormat, pe.Expected)
			assert.NotEmpty(t, pe.Reason)
			assert.Contains(t, err.Error(), TimestampFormat)

			if in != "" {
				var ts Timestamp
				assert.ErrorIs(t, ts.UnmarshalText([]byte(in)), ErrInvalidTimestamp)
				js, _ := json.Marshal(in)
				assert.ErrorIs(t, json.Unmarshal(js, &ts), ErrInvalidTimestamp)
				assert.True(t, ts.IsZero(), "a failed decode leaves the value unchanged")
			}
		})
	}
}

func TestTimestampJSONRejectsNonStrings(t *testing.T) {
	for _, in := range []string{`20240501`, `true`, `{}`, `[]`, `" "`, `"x"`} {
		t.Run(in, func(t *testing.T) {
			var p struct{ At Timestamp }
			err := json.Unmarshal([]byte(`{"At":`+in+`}`), &p)
			assert.ErrorIs(t, err, ErrInvalidTimestamp)
		})
	}
}

// TestTimestampEmptyStringIsUnset: a service that writes "" for a missing date-time gives the
// zero Timestamp, which encodes back as null and is omitted by omitzero.
func TestTimestampEmptyStringIsUnset(t *testing.T) {
	set, err := ParseTimestamp("2024-05-01T10:20:30")
	require.NoError(t, err)
	p := struct {
		At  Timestamp `json:"at"`
		Opt Timestamp `json:"opt,omitzero"`
	}{At: set}
	require.NoError(t, json.Unmarshal([]byte(`{"at":"","opt":""}`), &p))
	assert.True(t, p.At.IsZero(), `"" replaces a set value with unset`)
	assert.True(t, p.Opt.IsZero())
	out, err := json.Marshal(p)
	require.NoError(t, err)
	assert.JSONEq(t, `{"at":null}`, string(out))

	_, err = ParseTimestamp("")
	assert.ErrorIs(t, err, ErrInvalidTimestamp, "ParseTimestamp still rejects empty text")
}

func TestParseErrorMessage(t *testing.T) {
	_, err := ParseTimestamp("2024-13-01T10:20:30")
	assert.EqualError(t, err, `invalid Timestamp "20…" (19 bytes): month out of range (want `+TimestampFormat+`)`)

	long := "2024-05-01T10:20:30" + strings.Repeat("x", 200)
	_, err = ParseTimestamp(long)
	var pe *ParseError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, `"20…" (219 bytes)`, pe.Input, "the error keeps only an excerpt of the input")
	assert.Less(t, len(err.Error()), 200, "the message quotes only its start")
}

func TestTimestampTime(t *testing.T) {
	tests := []struct {
		in   string
		want time.Time
	}{
		{"2024-05-01T10:20:30", time.Date(2024, 5, 1, 10, 20, 30, 0, time.UTC)},
		{"2024-05-01T10:20:30.1234567", time.Date(2024, 5, 1, 10, 20, 30, 123456700, time.UTC)},
		{"2024-05-01T10:20:30Z", time.Date(2024, 5, 1, 10, 20, 30, 0, time.UTC)},
		{"2024-05-01T10:20:30-00:00", time.Date(2024, 5, 1, 10, 20, 30, 0, time.UTC)},
		{"2024-05-01T10:20:30+05:30", time.Date(2024, 5, 1, 4, 50, 30, 0, time.UTC)},
		{"2024-05-01T01:20:30-08:00", time.Date(2024, 5, 1, 9, 20, 30, 0, time.UTC)},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got := mustTimestamp(t, tt.in).Time()
			assert.True(t, tt.want.Equal(got), "got %v, want %v", got, tt.want)
		})
	}

	got := mustTimestamp(t, "2024-05-01T10:20:30").Time()
	assert.Equal(t, time.UTC, got.Location(), "a zone-less Timestamp reads as UTC")

	got = mustTimestamp(t, "2024-05-01T10:20:30+05:30").Time()
	_, off := got.Zone()
	assert.Equal(t, 5*3600+30*60, off, "the offset sent is kept")
	assert.Equal(t, 10, got.Hour(), "the wall clock is kept")

	assert.True(t, Timestamp{}.Time().IsZero())
}

func TestTimestampIn(t *testing.T) {
	paris, err := time.LoadLocation("Europe/Paris")
	require.NoError(t, err)

	got := mustTimestamp(t, "2024-05-01T10:20:30").In(paris)
	assert.Equal(t, paris, got.Location())
	assert.True(t, got.Equal(time.Date(2024, 5, 1, 8, 20, 30, 0, time.UTC)), "10:20:30 CEST is 08:20:30 UTC, got %v", got)

	got = mustTimestamp(t, "2024-05-01T10:20:30Z").In(paris)
	assert.True(t, got.Equal(time.Date(2024, 5, 1, 10, 20, 30, 0, time.UTC)), "a sent zone fixes the instant, got %v", got)
	assert.Equal(t, 12, got.Hour())

	assert.True(t, Timestamp{}.In(paris).IsZero())
	assert.Panics(t, func() { mustTimestamp(t, "2024-05-01T10:20:30").In(nil) })
}

func TestNewTimestamp(t *testing.T) {
	paris, err := time.LoadLocation("Europe/Paris")
	require.NoError(t, err)
	tests := []struct {
		name string
		in   time.Time
		want string
	}{
		{"whole seconds", time.Date(2024, 5, 1, 10, 20, 30, 0, time.UTC), "2024-05-01T10:20:30"},
		{"half second", time.Date(2024, 5, 1, 10, 20, 30, 5e8, time.UTC), "2024-05-01T10:20:30.5"},
		{"truncated to 100ns", time.Date(2024, 5, 1, 10, 20, 30, 123456789, time.UTC), "2024-05-01T10:20:30.1234567"},
		{"below 100ns", time.Date(2024, 5, 1, 10, 20, 30, 99, time.UTC), "2024-05-01T10:20:30"},
		{"wall clock of the location", time.Date(2024, 5, 1, 10, 20, 30, 0, paris), "2024-05-01T10:20:30"},
		{"converted first", time.Date(2024, 5, 1, 8, 20, 30, 0, time.UTC).In(paris), "2024-05-01T10:20:30"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := NewTimestamp(tt.in)
			assert.Equal(t, tt.want, ts.String())
			back, err := ParseTimestamp(ts.String())
			require.NoError(t, err)
			assert.True(t, back.Equal(ts))
		})
	}
	assert.True(t, NewTimestamp(time.Time{}).IsZero())
}

func TestTimestampOutOfRangeYearDoesNotEncode(t *testing.T) {
	ts := NewTimestamp(time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC))
	_, err := ts.MarshalJSON()
	assert.ErrorIs(t, err, ErrInvalidTimestamp)
	_, err = ts.MarshalText()
	assert.ErrorIs(t, err, ErrInvalidTimestamp)
	assert.Equal(t, "10000-01-01T00:00:00", ts.String())
}

func TestTimestampEqual(t *testing.T) {
	tests := []struct {
		a, b string // "" is the zero Timestamp
		want bool
	}{
		{"2024-05-01T10:20:30", "2024-05-01T10:20:30", true},
		{"2024-05-01T10:20:30.1", "2024-05-01T10:20:30.1000000", true},
		{"2024-05-01T10:20:30", "2024-05-01T10:20:30.0", true},
		{"2024-05-01T10:20:30", "2024-05-01T10:20:31", false},
		{"2024-05-01T10:20:30", "2024-05-01T10:20:30Z", false},
		{"2024-05-01T10:20:30Z", "2024-05-01T10:20:30+00:00", true},
		{"2024-05-01T10:20:30Z", "2024-05-01T10:20:30-00:00", true},
		{"2024-05-01T10:20:30Z", "2024-05-01T12:20:30+02:00", true},
		{"2024-05-01T10:20:30Z", "2024-05-01T10:20:30+02:00", false},
		{"", "", true},
		{"", "0001-01-01T00:00:00", false},
	}
	for _, tt := range tests {
		t.Run(tt.a+"="+tt.b, func(t *testing.T) {
			var a, b Timestamp
			if tt.a != "" {
				a = mustTimestamp(t, tt.a)
			}
			if tt.b != "" {
				b = mustTimestamp(t, tt.b)
			}
			assert.Equal(t, tt.want, a.Equal(b))
			assert.Equal(t, tt.want, b.Equal(a))
		})
	}
}

func TestTimestampZeroValue(t *testing.T) {
	var ts Timestamp
	assert.True(t, ts.IsZero())
	assert.Empty(t, ts.String())
	text, err := ts.MarshalText()
	require.NoError(t, err)
	assert.Empty(t, text)

	ts = mustTimestamp(t, "2024-05-01T10:20:30")
	require.NoError(t, ts.UnmarshalText(nil))
	assert.True(t, ts.IsZero(), "empty text is the zero Timestamp")

	assert.False(t, mustTimestamp(t, "0001-01-01T00:00:00").IsZero(), "DateTime.MinValue is a value")
}

func TestTimestampBind(t *testing.T) {
	var ts Timestamp
	require.NoError(t, ts.Bind("2024-05-01T10:20:30.5"))
	assert.Equal(t, "2024-05-01T10:20:30.5", ts.String())
	require.NoError(t, ts.Bind(""))
	assert.Equal(t, "2024-05-01T10:20:30.5", ts.String(), "Bind(\"\") is a no-op")
	err := ts.Bind("yesterday")
	assert.ErrorIs(t, err, ErrInvalidTimestamp)
	assert.True(t, errors.Is(err, ErrInvalidTimestamp))
}

func mustTimestamp(t testing.TB, s string) Timestamp {
	t.Helper()
	ts, err := ParseTimestamp(s)
	require.NoError(t, err)
	return ts
}
