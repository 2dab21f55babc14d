package jsonx

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"math"
	"strconv"
	"unicode/utf8"
)

// Appender is implemented by the SDK's scalars (package core): AppendJSON appends the wire
// encoding of the value to b (a Secret in full), without going through encoding/json's
// reflection. The generated models' encoders are unexported: [AppendWire] reaches them.
type Appender interface {
	AppendJSON(b []byte) ([]byte, error)
}

const hexDigits = "0123456789abcdef"

// escapes says how a string writer writes each ASCII byte: 0 as it is, 'u' as \u00XX, any
// other byte as a backslash followed by it.
type escapes [utf8.RuneSelf]byte

// htmlEscapes are json.Marshal's: quote, backslash and control characters (\b, \f, \n, \r, \t
// short), and <, > and & as \u003c, \u003e, \u0026. plainEscapes are only what JSON requires,
// every control character but \n, \r and \t as \u00XX.
var htmlEscapes, plainEscapes = escapeTable(true), escapeTable(false)

func escapeTable(html bool) (t escapes) {
	for c := range 0x20 {
		t[c] = 'u'
	}
	t['"'], t['\\'], t['\n'], t['\r'], t['\t'] = '"', '\\', 'n', 'r', 't'
	if html {
		t['\b'], t['\f'], t['<'], t['>'], t['&'] = 'b', 'f', 'u', 'u', 'u'
	}
	return t
}

// AppendString appends s as a JSON string, escaped exactly as json.Marshal escapes it: quote,
// backslash and control characters; <, > and & as \u003c, \u003e, \u0026; U+2028 and U+2029;
// each byte of invalid UTF-8 as \ufffd.
func AppendString[S ~string](b []byte, s S) []byte { return appendString(b, string(s), &htmlEscapes) }

// AppendPlainString appends s as a JSON string as [AppendString] does, but with only the
// characters JSON requires escaped (quote, backslash and control characters, those other
// than \n, \r and \t as \u00XX), plus U+2028, U+2029 and invalid UTF-8: how package redact
// writes the texts it masks.
func AppendPlainString(b []byte, s string) []byte { return appendString(b, s, &plainEscapes) }

func appendString(b []byte, src string, esc *escapes) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(src); {
		if c := src[i]; c < utf8.RuneSelf {
			if esc[c] == 0 {
				i++
				continue
			}
			b = append(b, src[start:i]...)
			if e := esc[c]; e != 'u' {
				b = append(b, '\\', e)
			} else {
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(src[i:])
		if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
			b = append(b, src[start:i]...)
			if size == 1 {
				b = append(b, `\ufffd`...)
			} else {
				b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			}
			start = i + size
		}
		i += size
	}
	b = append(b, src[start:]...)
	return append(b, '"')
}

// AppendKey appends the member name s, escaped as [AppendString] does, and a colon.
func AppendKey(b []byte, s string) []byte {
	return append(AppendString(b, s), ':')
}

// AppendBool appends true or false.
func AppendBool(b []byte, v bool) []byte {
	return strconv.AppendBool(b, v)
}

// AppendInt appends v in decimal.
func AppendInt[I ~int | ~int8 | ~int16 | ~int32 | ~int64](b []byte, v I) []byte {
	return strconv.AppendInt(b, int64(v), 10)
}

// AppendUint appends v in decimal.
func AppendUint[I ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64](b []byte, v I) []byte {
	return strconv.AppendUint(b, uint64(v), 10)
}

// AppendFloat64 appends v as json.Marshal writes a float64 (ES6 number formatting). NaN and
// infinities are not JSON: the error is json.Marshal's.
func AppendFloat64[F ~float64](b []byte, v F) ([]byte, error) {
	return appendFloat(b, float64(v), 64, v)
}

// AppendFloat32 appends v as json.Marshal writes a float32.
func AppendFloat32[F ~float32](b []byte, v F) ([]byte, error) {
	return appendFloat(b, float64(v), 32, v)
}

func appendFloat(b []byte, f float64, bits int, orig any) ([]byte, error) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		_, err := json.Marshal(orig)
		return nil, err
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 {
		if bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			format = 'e'
		}
	}
	start := len(b)
	b = strconv.AppendFloat(b, f, format, -1, bits)
	if format == 'e' {
		// e-09 becomes e-9, as encoding/json writes it.
		if n := len(b); n-start >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, nil
}

// AppendBytes appends v as json.Marshal writes a []byte: a base64 (standard encoding) string,
// or null when v is nil.
func AppendBytes(b []byte, v []byte) []byte {
	if v == nil {
		return append(b, "null"...)
	}
	b = append(b, '"')
	b = base64.StdEncoding.AppendEncode(b, v)
	return append(b, '"')
}

// AppendRaw appends the JSON value raw as json.Marshal writes a json.RawMessage: null when raw
// is nil, otherwise compacted, with <, >, &, U+2028 and U+2029 in strings escaped. Invalid JSON
// is an error.
func AppendRaw(b []byte, raw []byte) ([]byte, error) {
	if raw == nil {
		return append(b, "null"...), nil
	}
	if isCompactSafe(raw) && json.Valid(raw) {
		return append(b, raw...), nil
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return nil, err
	}
	out := bytes.NewBuffer(b)
	json.HTMLEscape(out, buf.Bytes())
	return out.Bytes(), nil
}

// isCompactSafe reports whether raw holds nothing that compacting or HTML escaping would
// change: no whitespace, no <, >, &, and only ASCII (U+2028 and U+2029 are not ASCII).
func isCompactSafe(raw []byte) bool {
	for _, c := range raw {
		switch {
		case c == ' ', c == '\t', c == '\n', c == '\r', c == '<', c == '>', c == '&', c >= utf8.RuneSelf:
			return false
		}
	}
	return true
}

// AppendMarshal appends json.Marshal(v): the fallback for field types that have no append
// method (unions holding raw JSON, interfaces, hand-written types).
func AppendMarshal(b []byte, v any) ([]byte, error) {
	out, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(b, out...), nil
}
