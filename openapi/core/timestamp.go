package core

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"
)

// Timestamp is a date-time without a time zone, as the service writes it:
// 2024-05-01T10:20:30, optionally with one to seven digits of fractional seconds
// (2024-05-01T10:20:30.1234567). It is what the service's clock read, in the service's own
// time zone, which the text does not say.
//
// A Timestamp keeps the text it was decoded from: encoding it again writes the same text, with
// the same number of fractional digits. A trailing Z or ±hh:mm offset is accepted when a
// server sends one, kept, and taken into account by [Timestamp.Time].
//
// The zero Timestamp holds no value (unset): it is what JSON "" decodes to, it encodes as JSON
// null and as empty text, and `json:",omitzero"` omits it. Compare
// Timestamps with [Timestamp.Equal], not ==.
type Timestamp struct {
	wall time.Time // the date and clock reading, in time.UTC
	off  int32     // offset east of UTC in seconds, when zone is zoneOffset
	prec uint8     // number of fractional digits in the text, 0–7
	zone zoneKind
}

type zoneKind uint8

const (
	zoneUnset     zoneKind = iota // the zero Timestamp
	zoneNone                      // no zone in the text
	zoneZ                         // Z
	zoneOffset                    // ±hh:mm
	zoneMinusZero                 // -00:00 (RFC 3339's "offset unknown"), read as UTC
)

// maxTimestampDigits is the most fractional-second digits accepted and written (100ns, the
// resolution of .NET's DateTime).
const maxTimestampDigits = 7

// NewTimestamp returns the Timestamp that reads as t's wall clock in t's own location,
// dropping the location: NewTimestamp of 10:20:30 in Europe/Paris is 2024-05-01T10:20:30.
// To send a moment as the service's local time, convert it first: NewTimestamp(t.In(loc)).
// Sub-second digits are kept to 100ns (seven digits), trailing zeros dropped.
// NewTimestamp of the zero time.Time is the zero Timestamp.
func NewTimestamp(t time.Time) Timestamp {
	if t.IsZero() {
		return Timestamp{}
	}
	ns := t.Nanosecond() / 100 * 100
	year, month, day := t.Date()
	hour, minute, sec := t.Clock()
	wall := time.Date(year, month, day, hour, minute, sec, ns, time.UTC)
	prec := uint8(0)
	if ns != 0 {
		prec = maxTimestampDigits
		for n := ns / 100; n%10 == 0; n /= 10 {
			prec--
		}
	}
	return Timestamp{wall: wall, prec: prec, zone: zoneNone}
}

// ParseTimestamp parses text such as 2024-05-01T10:20:30 or 2024-05-01T10:20:30.1234567,
// optionally followed by Z or a ±hh:mm offset. Any other text, including the empty string,
// is rejected with a *[ParseError] wrapping [ErrInvalidTimestamp].
func ParseTimestamp(s string) (Timestamp, error) {
	return parseTimestamp(s)
}

// Time returns the Timestamp as a time.Time. Without an offset in the text, which is the usual
// case, the wall clock is returned in time.UTC: the date and clock fields are right but the
// instant is only correct if the service runs on UTC; use [Timestamp.In] with the service's
// location to get the instant. With Z the result is in time.UTC, with an offset it is in a
// fixed zone of that offset. The zero Timestamp returns the zero time.Time.
func (t Timestamp) Time() time.Time {
	switch t.zone {
	case zoneUnset:
		return time.Time{}
	case zoneOffset:
		return t.wall.Add(-time.Duration(t.off) * time.Second).In(time.FixedZone("", int(t.off)))
	default:
		return t.wall
	}
}

// In returns the Timestamp's wall clock read in loc: the moment at which a clock in loc
// showed it. If the service sent Z or an offset, the moment is already known and In returns it
// converted to loc. The zero Timestamp returns the zero time.Time. In panics if loc is nil.
func (t Timestamp) In(loc *time.Location) time.Time {
	if loc == nil {
		panic("core: Timestamp.In called with a nil *time.Location")
	}
	switch t.zone {
	case zoneUnset:
		return time.Time{}
	case zoneNone:
		year, month, day := t.wall.Date()
		hour, minute, sec := t.wall.Clock()
		return time.Date(year, month, day, hour, minute, sec, t.wall.Nanosecond(), loc)
	default:
		return t.Time().In(loc)
	}
}

// IsZero reports whether t is the zero Timestamp, which holds no value (for example after
// decoding JSON null). A decoded 0001-01-01T00:00:00 is not zero. IsZero lets the
// `json:",omitzero"` option omit an unset Timestamp.
func (t Timestamp) IsZero() bool { return t.zone == zoneUnset }

// Equal reports whether t and u are the same date-time, however many fractional digits each
// was written with (…:30.1 equals …:30.100). Two zone-less Timestamps are equal when their
// wall clocks are; two with a zone when they are the same instant (Z equals +00:00); a
// zone-less Timestamp never equals one with a zone. Zero Timestamps equal only each other.
func (t Timestamp) Equal(u Timestamp) bool {
	if t.zone == zoneUnset || u.zone == zoneUnset {
		return t.zone == u.zone
	}
	if (t.zone == zoneNone) != (u.zone == zoneNone) {
		return false
	}
	return t.instant().Equal(u.instant())
}

// instant is the wall clock shifted by the offset, in UTC.
func (t Timestamp) instant() time.Time {
	return t.wall.Add(-time.Duration(t.off) * time.Second)
}

// String returns the Timestamp's text, such as 2024-05-01T10:20:30.5, or "" for the zero
// Timestamp.
func (t Timestamp) String() string {
	if t.zone == zoneUnset {
		return ""
	}
	var buf [40]byte
	return string(t.appendText(buf[:0]))
}

// MarshalJSON encodes the Timestamp as a JSON string holding its text, or null for the zero
// Timestamp. It fails for a Timestamp made by [NewTimestamp] from a year outside 0000–9999.
func (t Timestamp) MarshalJSON() ([]byte, error) {
	if t.zone == zoneUnset {
		return []byte("null"), nil
	}
	if err := t.checkYear(); err != nil {
		return nil, err
	}
	b := make([]byte, 0, 40)
	b = append(b, '"')
	b = t.appendText(b)
	return append(b, '"'), nil
}

// UnmarshalJSON decodes a JSON string holding a Timestamp's text. The empty string "" sets the
// zero (unset) Timestamp: services that write "" for a missing date-time do not fail the whole
// response. JSON null leaves t unchanged, as encoding/json does for other types. Anything else
// is rejected with a *[ParseError] wrapping [ErrInvalidTimestamp].
func (t *Timestamp) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	if len(data) < 2 || data[0] != '"' || data[len(data)-1] != '"' {
		return timestampError(data, "not a JSON string")
	}
	text := data[1 : len(data)-1]
	if bytes.IndexByte(text, '\\') >= 0 {
		var s string
		if err := json.Unmarshal(data, &s); err != nil {
			return timestampError(data, "not a JSON string")
		}
		text = []byte(s)
	}
	if len(text) == 0 {
		*t = Timestamp{}
		return nil
	}
	v, err := parseTimestamp(text)
	if err != nil {
		return err
	}
	*t = v
	return nil
}

// MarshalText returns the Timestamp's text, or no bytes for the zero Timestamp. It is what
// query, path and header parameters carry. It fails like [Timestamp.MarshalJSON].
func (t Timestamp) MarshalText() ([]byte, error) {
	if t.zone == zoneUnset {
		return []byte{}, nil
	}
	if err := t.checkYear(); err != nil {
		return nil, err
	}
	return t.appendText(make([]byte, 0, 40)), nil
}

// UnmarshalText parses text as [ParseTimestamp] does, except that empty text sets the zero
// Timestamp.
func (t *Timestamp) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*t = Timestamp{}
		return nil
	}
	v, err := parseTimestamp(text)
	if err != nil {
		return err
	}
	*t = v
	return nil
}

// Bind parses a parameter value as [ParseTimestamp] does; it implements the Binder interface
// of github.com/oapi-codegen/runtime. An empty value leaves t unchanged.
func (t *Timestamp) Bind(src string) error {
	if src == "" {
		return nil
	}
	return t.UnmarshalText([]byte(src))
}

func (t Timestamp) checkYear() error {
	if y := t.wall.Year(); y < 0 || y > 9999 {
		return fmt.Errorf("%w: year %d cannot be written as %s", ErrInvalidTimestamp, y, TimestampFormat)
	}
	return nil
}

// appendText appends the Timestamp's text to b.
func (t Timestamp) appendText(b []byte) []byte {
	year, month, day := t.wall.Date()
	hour, minute, sec := t.wall.Clock()
	if year >= 0 && year <= 9999 {
		b = appendDigits(b, year, 4)
	} else {
		b = fmt.Appendf(b, "%04d", year)
	}
	b = append(b, '-')
	b = appendDigits(b, int(month), 2)
	b = append(b, '-')
	b = appendDigits(b, day, 2)
	b = append(b, 'T')
	b = appendDigits(b, hour, 2)
	b = append(b, ':')
	b = appendDigits(b, minute, 2)
	b = append(b, ':')
	b = appendDigits(b, sec, 2)
	if t.prec > 0 {
		b = append(b, '.')
		frac := t.wall.Nanosecond()
		for range 9 - int(t.prec) {
			frac /= 10
		}
		b = appendDigits(b, frac, int(t.prec))
	}
	switch t.zone {
	case zoneZ:
		b = append(b, 'Z')
	case zoneMinusZero:
		b = append(b, "-00:00"...)
	case zoneOffset:
		off := int(t.off) / 60
		sign := byte('+')
		if off < 0 {
			sign, off = '-', -off
		}
		b = append(b, sign)
		b = appendDigits(b, off/60, 2)
		b = append(b, ':')
		b = appendDigits(b, off%60, 2)
	}
	return b
}

// appendDigits appends the n low decimal digits of v (v >= 0), zero-padded.
func appendDigits(b []byte, v, n int) []byte {
	var d [9]byte
	for i := n - 1; i >= 0; i-- {
		d[i] = byte('0' + v%10)
		v /= 10
	}
	return append(b, d[:n]...)
}

// parseTimestamp parses the text of a Timestamp without allocating unless it fails.
func parseTimestamp[T string | []byte](s T) (Timestamp, error) {
	const base = len("2006-01-02T15:04:05")
	if len(s) < base {
		return Timestamp{}, timestampError(s, "too short")
	}
	if s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' || s[16] != ':' {
		return Timestamp{}, timestampError(s, "not a date and time separated by T")
	}
	year, ok1 := atoiFixed(s[0:4])
	month, ok2 := atoiFixed(s[5:7])
	day, ok3 := atoiFixed(s[8:10])
	hour, ok4 := atoiFixed(s[11:13])
	minute, ok5 := atoiFixed(s[14:16])
	sec, ok6 := atoiFixed(s[17:19])
	if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 || !ok6 {
		return Timestamp{}, timestampError(s, "a date or time field is not all digits")
	}
	switch {
	case month < 1 || month > 12:
		return Timestamp{}, timestampError(s, "month out of range")
	case day < 1 || day > daysIn(time.Month(month), year):
		return Timestamp{}, timestampError(s, "day out of range")
	case hour > 23:
		return Timestamp{}, timestampError(s, "hour out of range")
	case minute > 59:
		return Timestamp{}, timestampError(s, "minute out of range")
	case sec > 59:
		return Timestamp{}, timestampError(s, "second out of range")
	}

	i, ns, prec := base, 0, 0
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			if prec == maxTimestampDigits {
				return Timestamp{}, timestampError(s, "more than 7 fractional digits")
			}
			ns = ns*10 + int(s[i]-'0')
			prec++
			i++
		}
		if prec == 0 {
			return Timestamp{}, timestampError(s, "no digits after the decimal point")
		}
		for range 9 - prec {
			ns *= 10
		}
	}

	ts := Timestamp{prec: uint8(prec), zone: zoneNone}
	switch rest := s[i:]; {
	case len(rest) == 0:
	case len(rest) == 1 && rest[0] == 'Z':
		ts.zone = zoneZ
	case len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':':
		oh, okh := atoiFixed(rest[1:3])
		om, okm := atoiFixed(rest[4:6])
		if !okh || !okm || oh > 23 || om > 59 {
			return Timestamp{}, timestampError(s, "offset out of range")
		}
		off := oh*3600 + om*60
		switch {
		case rest[0] == '-' && off == 0:
			ts.zone = zoneMinusZero
		case rest[0] == '-':
			ts.zone, ts.off = zoneOffset, int32(-off)
		default:
			ts.zone, ts.off = zoneOffset, int32(off)
		}
	default:
		return Timestamp{}, timestampError(s, "unexpected text after the time")
	}
	ts.wall = time.Date(year, time.Month(month), day, hour, minute, sec, ns, time.UTC)
	return ts, nil
}

// atoiFixed parses s, which must be all ASCII digits.
func atoiFixed[T string | []byte](s T) (int, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

func daysIn(m time.Month, year int) int {
	switch m {
	case time.February:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case time.April, time.June, time.September, time.November:
		return 30
	default:
		return 31
	}
}
