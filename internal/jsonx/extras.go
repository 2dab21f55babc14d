package jsonx

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
)

// errSyntax is returned for input that is not a JSON object. The models call
// [Fields.Extras] only after encoding/json accepted the same input, so it is not expected.
var errSyntax = errors.New("jsonx: malformed JSON object")

// Extras returns the members of the JSON object data whose keys f does not know, with their
// values as raw JSON copied out of data. It returns nil, without allocating, when every key is
// known, and nil when data is null. When a key appears more than once, the last value wins,
// as in encoding/json. data must be valid JSON.
func (f Fields) Extras(data []byte) (map[string]json.RawMessage, error) {
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		if i < len(data) && data[i] == 'n' {
			return nil, nil // null: encoding/json leaves the value as it was
		}
		return nil, errSyntax
	}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return nil, nil
	}
	var extras map[string]json.RawMessage
	for {
		if i >= len(data) || data[i] != '"' {
			return nil, errSyntax
		}
		end, escaped := stringEnd(data, i)
		if end < 0 {
			return nil, errSyntax
		}
		rawKey := data[i:end]
		i = skipSpace(data, end)
		if i >= len(data) || data[i] != ':' {
			return nil, errSyntax
		}
		vstart := skipSpace(data, i+1)
		vend := valueEnd(data, vstart)
		if vend < 0 {
			return nil, errSyntax
		}
		key := rawKey[1 : len(rawKey)-1]
		if escaped {
			var s string
			if err := json.Unmarshal(rawKey, &s); err != nil {
				return nil, errSyntax
			}
			key = []byte(s)
		}
		if !f.Known(key) {
			if extras == nil {
				extras = make(map[string]json.RawMessage)
			}
			extras[string(key)] = append(json.RawMessage(nil), data[vstart:vend]...)
		}
		i = skipSpace(data, vend)
		if i >= len(data) {
			return nil, errSyntax
		}
		switch data[i] {
		case ',':
			i = skipSpace(data, i+1)
		case '}':
			return extras, nil
		default:
			return nil, errSyntax
		}
	}
}

// AppendExtras appends the extras to obj, a JSON object as encoding/json writes it (no
// trailing space), before its closing brace: in sorted key order, each once, leaving out
// extras whose keys f knows (the model's own field wins). A nil value is written as null; any
// other value must be valid JSON. With no extras to write, obj is returned unchanged.
func (f Fields) AppendExtras(obj []byte, extras map[string]json.RawMessage) ([]byte, error) {
	if len(extras) == 0 {
		return obj, nil
	}
	if len(obj) < 2 || obj[len(obj)-1] != '}' {
		return nil, errSyntax
	}
	keys := make([]string, 0, len(extras))
	for k := range extras {
		if !f.Known([]byte(k)) {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return obj, nil
	}
	slices.Sort(keys)
	out := obj[:len(obj)-1]
	empty := skipSpace(out, 1) == len(out) // "{}"
	for _, k := range keys {
		v := extras[k]
		if v == nil {
			v = json.RawMessage("null")
		} else if !json.Valid(v) {
			return nil, fmt.Errorf("jsonx: value of extra member %q is not valid JSON", k)
		}
		name, err := json.Marshal(k)
		if err != nil {
			return nil, err
		}
		if !empty {
			out = append(out, ',')
		}
		empty = false
		out = append(out, name...)
		out = append(out, ':')
		out = append(out, v...)
	}
	return append(out, '}'), nil
}

func skipSpace(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// stringEnd returns the index just past the JSON string starting at data[i] (a quote) and
// whether it holds an escape, or -1 if the string does not end or is not valid JSON: a raw
// control character (below U+0020) or an escape other than \" \\ \/ \b \f \n \r \t \uXXXX.
// Every string the scanners meet goes through here (member names, values, skipped members),
// so that no invalid string passes as valid JSON. Invalid UTF-8 is accepted, as json.Valid
// accepts it.
func stringEnd(data []byte, i int) (int, bool) {
	escaped := false
	for j := i + 1; j < len(data); j++ {
		switch c := data[j]; {
		case c == '"':
			return j + 1, escaped
		case c < 0x20:
			return -1, escaped
		case c == '\\':
			escaped = true
			j++
			if j >= len(data) {
				return -1, escaped
			}
			switch data[j] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if j+4 >= len(data) || !isHex(data[j+1]) || !isHex(data[j+2]) || !isHex(data[j+3]) || !isHex(data[j+4]) {
					return -1, escaped
				}
				j += 4
			default:
				return -1, escaped
			}
		}
	}
	return -1, escaped
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// valueEnd returns the index just past the JSON value starting at data[i], or -1.
func valueEnd(data []byte, i int) int {
	if i >= len(data) {
		return -1
	}
	switch data[i] {
	case '"':
		end, _ := stringEnd(data, i)
		return end
	case '{', '[':
		depth := 0
		for j := i; j < len(data); j++ {
			switch data[j] {
			case '"':
				end, _ := stringEnd(data, j)
				if end < 0 {
					return -1
				}
				j = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
		return -1
	default: // number, true, false, null
		j := i
		for j < len(data) {
			switch data[j] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				if j == i {
					return -1
				}
				return j
			}
			j++
		}
		if j == i {
			return -1
		}
		return j
	}
}
