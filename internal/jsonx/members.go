package jsonx

import (
	"encoding/json"
	"fmt"
	"slices"
)

// AppendExtraMembers appends the members of extras whose keys f does not know, in sorted key
// order, each as "key":value followed by a comma: the way the generated appendJSON methods
// write every member before [CloseObject] ends the object. Keys are escaped as
// [AppendString] escapes them and values are written as [AppendRaw] writes them (a nil value
// is null; invalid JSON is an error naming the key). The model's own field wins over an extra
// with the same (case-insensitive) name.
func (f Fields) AppendExtraMembers(b []byte, extras map[string]json.RawMessage) ([]byte, error) {
	if len(extras) == 0 {
		return b, nil
	}
	var buf [16]string
	keys := buf[:0]
	for k := range extras {
		if !f.Known([]byte(k)) {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		b = AppendKey(b, k)
		var err error
		if b, err = AppendRaw(b, extras[k]); err != nil {
			return nil, fmt.Errorf("jsonx: value of extra member %q is not valid JSON: %w", k, err)
		}
		b = append(b, ',')
	}
	return b, nil
}

// CloseObject ends a JSON object whose members were each appended with a trailing comma: the
// last comma becomes the closing brace, or a brace is appended after a lone opening brace.
func CloseObject(b []byte) []byte { return closeWith(b, '}') }

// CloseArray ends a JSON array whose elements were each appended with a trailing comma, as
// [CloseObject] ends an object.
func CloseArray(b []byte) []byte { return closeWith(b, ']') }

func closeWith(b []byte, c byte) []byte {
	if n := len(b); n > 0 && b[n-1] == ',' {
		b[n-1] = c
		return b
	}
	return append(b, c)
}
