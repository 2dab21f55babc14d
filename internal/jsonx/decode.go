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
	if bytes.IndexAny(v, ".eE") < 0 { // v is a JSON number: an integer without these
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
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return nil, false
	}
	s := v[1 : len(v)-1]
	ascii := true
	for _, c := range s {
		if c < 0x20 || c == '\\' || c == '"' {
			return nil, false
		}
		if c >= utf8.RuneSelf {
			ascii = false
		}
	}
	if !ascii && !utf8.Valid(s) {
		return nil, false
	}
	return s, true
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
