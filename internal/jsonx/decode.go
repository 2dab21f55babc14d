package jsonx

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"unicode/utf8"
	"unsafe"
)

// decodeRaw decodes the JSON value v into *dst as encoding/json would, for [DecodeValue]: a
// type that implements json.Unmarshaler gets v handed to its own UnmarshalJSON; a string-based
// type (an enum) takes a string without escapes in place; anything else goes through
// json.Unmarshal, so the result and errors are those of encoding/json. dst must be a non-nil
// pointer.
func decodeRaw(dst any, v []byte) error {
	switch d := dst.(type) {
	case json.Unmarshaler:
		// The SDK's models and scalars (Appenders) check what they are given; any other
		// Unmarshaler (a union kept as raw JSON, a json.RawMessage) may keep v as it is, and
		// the object scanner only finds where a value ends: v must be valid JSON first.
		if _, checked := dst.(Appender); !checked && !json.Valid(v) {
			return errSyntax
		}
		return d.UnmarshalJSON(v)
	case *string:
		if string(v) == "null" {
			return nil // as encoding/json: null leaves a string unchanged
		}
	}
	if s, ok := plainString(v); ok {
		if rv := reflect.ValueOf(dst); rv.Kind() == reflect.Pointer && !rv.IsNil() && rv.Elem().Kind() == reflect.String {
			rv.Elem().SetString(string(s))
			return nil
		}
	}
	return json.Unmarshal(v, dst)
}

// decodeFloat decodes v, a JSON number, into *dst as encoding/json would.
func decodeFloat[T ~float64](dst *T, v []byte) error {
	f, err := strconv.ParseFloat(numberText(v), 64)
	if err != nil {
		return numberError[T](v)
	}
	*dst = T(f)
	return nil
}

// decodeInt decodes v, a JSON number, into *dst as encoding/json would: an integer in range,
// else the error encoding/json gives.
func decodeInt[T ~int | ~int32 | ~int64](dst *T, v []byte) error {
	if !bytes.ContainsAny(v, ".eE") { // v is a JSON number: an integer without these
		if n, err := strconv.ParseInt(numberText(v), 10, int(unsafe.Sizeof(*dst))*8); err == nil {
			*dst = T(n)
			return nil
		}
	}
	return numberError[T](v)
}

// plainString returns the content of the JSON string v when it needs no unescaping: no
// backslash, no control character, valid UTF-8.
func plainString(v []byte) ([]byte, bool) {
	if end, ascii := plainEnd(v, 0); end == len(v) && (ascii || utf8.Valid(v[1:end-1])) {
		return v[1 : end-1], true
	}
	return nil, false
}

// plainEnd returns the index just past the JSON string that starts at data[i] and whether it
// is all ASCII, or -1 when there is no string there, or one that holds an escape or a control
// character before its end, or one that does not end.
func plainEnd(data []byte, i int) (end int, ascii bool) {
	if i >= len(data) || data[i] != '"' {
		return -1, false
	}
	ascii = true
	for j := i + 1; j < len(data); j++ {
		switch c := data[j]; {
		case c == '"':
			return j + 1, ascii
		case c < 0x20 || c == '\\':
			return -1, false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return -1, false
}

// isNumber reports whether v is a JSON number.
func isNumber(v []byte) bool {
	i := 0
	if i < len(v) && v[i] == '-' {
		i++
	}
	if i >= len(v) || v[i] < '0' || v[i] > '9' {
		return false
	}
	if v[i] == '0' {
		i++
	} else {
		for i < len(v) && v[i] >= '0' && v[i] <= '9' {
			i++
		}
	}
	if i < len(v) && v[i] == '.' {
		i++
		if i >= len(v) || v[i] < '0' || v[i] > '9' {
			return false
		}
		for i < len(v) && v[i] >= '0' && v[i] <= '9' {
			i++
		}
	}
	if i < len(v) && (v[i] == 'e' || v[i] == 'E') {
		i++
		if i < len(v) && (v[i] == '+' || v[i] == '-') {
			i++
		}
		if i >= len(v) || v[i] < '0' || v[i] > '9' {
			return false
		}
		for i < len(v) && v[i] >= '0' && v[i] <= '9' {
			i++
		}
	}
	return i == len(v)
}
