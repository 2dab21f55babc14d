package core

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"
)

// Date is a calendar date without time or zone, written yyyy-MM-dd (2024-05-01). The zero Date
// is unset: it is what an empty string or null decodes to (services that write "" for a
// missing date do not fail the whole response), it is omitted by `json:",omitzero"`, and it
// encodes as null.
type Date struct {
	y int16
	m uint8
	d uint8
}

// NewDate returns the date year-month-day. It returns an error for a date that does not exist
// (2023-02-29) or a year outside 1..9999.
func NewDate(year int, month time.Month, day int) (Date, error) {
	if year < 1 || year > 9999 {
		return Date{}, dateError(fmt.Sprintf("%d-%02d-%02d", year, int(month), day), "year out of range")
	}
	t := time.Date(year, month, day, 0, 0, 0, 0, time.UTC)
	if t.Year() != year || t.Month() != month || t.Day() != day {
		return Date{}, dateError(fmt.Sprintf("%d-%02d-%02d", year, int(month), day), "no such day")
	}
	return Date{y: int16(year), m: uint8(month), d: uint8(day)}, nil
}

// DateOf returns the calendar date of t in t's location.
func DateOf(t time.Time) Date {
	y, m, d := t.Date()
	return Date{y: int16(y), m: uint8(m), d: uint8(d)}
}

// ParseDate parses yyyy-MM-dd. Empty text is an error: use the zero Date for "unset".
func ParseDate(s string) (Date, error) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return Date{}, dateError(s, "not yyyy-MM-dd")
	}
	y, ok1 := digits(s[0:4])
	m, ok2 := digits(s[5:7])
	d, ok3 := digits(s[8:10])
	if !ok1 || !ok2 || !ok3 {
		return Date{}, dateError(s, "not yyyy-MM-dd")
	}
	if m < 1 || m > 12 {
		return Date{}, dateError(s, "month out of range")
	}
	out, err := NewDate(y, time.Month(m), d)
	if err != nil {
		return Date{}, dateError(s, "no such day")
	}
	return out, nil
}

// MustParseDate is like ParseDate but panics when s is invalid. It is meant for constants in
// tests and examples.
func MustParseDate(s string) Date {
	d, err := ParseDate(s)
	if err != nil {
		panic(err)
	}
	return d
}

func digits(s string) (int, bool) {
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

// IsZero reports whether d is unset.
func (d Date) IsZero() bool { return d == Date{} }

// Year, Month and Day return the parts of d (0 for the zero Date).
func (d Date) Year() int { return int(d.y) }

// Month returns the month of d.
func (d Date) Month() time.Month { return time.Month(d.m) }

// Day returns the day of the month of d.
func (d Date) Day() int { return int(d.d) }

// Time returns midnight of d in loc (the zero time.Time for the zero Date).
func (d Date) Time(loc *time.Location) time.Time {
	if d.IsZero() {
		return time.Time{}
	}
	if loc == nil {
		loc = time.UTC
	}
	return time.Date(int(d.y), time.Month(d.m), int(d.d), 0, 0, 0, 0, loc)
}

// String returns yyyy-MM-dd, or "" for the zero Date.
func (d Date) String() string {
	if d.IsZero() {
		return ""
	}
	return string(d.appendText(make([]byte, 0, 10)))
}

func (d Date) appendText(b []byte) []byte {
	y, m, dd := int(d.y), int(d.m), int(d.d)
	return append(b, byte('0'+y/1000), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10), '-',
		byte('0'+m/10), byte('0'+m%10), '-', byte('0'+dd/10), byte('0'+dd%10))
}

// MarshalText implements encoding.TextMarshaler: yyyy-MM-dd, empty for the zero Date.
func (d Date) MarshalText() ([]byte, error) {
	if d.IsZero() {
		return []byte{}, nil
	}
	return d.appendText(make([]byte, 0, 10)), nil
}

// UnmarshalText implements encoding.TextUnmarshaler. Empty text gives the zero Date.
func (d *Date) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*d = Date{}
		return nil
	}
	v, err := ParseDate(string(text))
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// MarshalJSON implements json.Marshaler: a JSON string, null for the zero Date.
func (d Date) MarshalJSON() ([]byte, error) {
	if d.IsZero() {
		return []byte("null"), nil
	}
	b := make([]byte, 0, 12)
	b = append(b, '"')
	b = d.appendText(b)
	return append(b, '"'), nil
}

// UnmarshalJSON implements json.Unmarshaler: a JSON string; null and "" give the zero Date.
func (d *Date) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		*d = Date{}
		return nil
	}
	if len(data) >= 2 && data[0] == '"' && data[len(data)-1] == '"' && bytes.IndexByte(data, '\\') < 0 {
		return d.UnmarshalText(data[1 : len(data)-1]) // no escapes: no copy
	}
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return dateError(data, "not a JSON string")
	}
	return d.UnmarshalText([]byte(s))
}
