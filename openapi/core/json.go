package core

import (
	"bytes"
	"encoding/json"
	"sort"
	"strconv"
	"strings"
)

// object is a decoded JSON object whose members are read tolerantly: names are matched
// exactly first, then case-insensitively, and scalar members are read as text whatever their
// JSON type.
type object map[string]json.RawMessage

// parseObject decodes raw as a JSON object; ok is false for anything else (null included).
func parseObject(raw []byte) (object, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return nil, false
	}
	var o object
	if err := json.Unmarshal(raw, &o); err != nil || o == nil {
		return nil, false
	}
	return o, true
}

// get returns the member called name, matched exactly or else case-insensitively (the first
// such name in sorted order, so the result does not depend on map order).
func (o object) get(name string) (json.RawMessage, bool) {
	if raw, ok := o[name]; ok {
		return raw, true
	}
	var keys []string
	for k := range o {
		if strings.EqualFold(k, name) {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return nil, false
	}
	sort.Strings(keys)
	return o[keys[0]], true
}

// has reports whether any of the names is a member.
func (o object) has(names ...string) bool {
	for _, n := range names {
		if _, ok := o.get(n); ok {
			return true
		}
	}
	return false
}

// str returns a scalar member as text: a string's value, a number's or a boolean's literal.
// Objects, arrays, null and missing members give "".
func (o object) str(name string) string {
	raw, ok := o.get(name)
	if !ok {
		return ""
	}
	s, _ := scalarText(raw)
	return s
}

// obj returns an object member, or nil.
func (o object) obj(name string) object {
	raw, ok := o.get(name)
	if !ok {
		return nil
	}
	v, _ := parseObject(raw)
	return v
}

// arr returns the elements of an array member, or nil.
func (o object) arr(name string) []json.RawMessage {
	raw, ok := o.get(name)
	if !ok {
		return nil
	}
	return parseArray(raw)
}

func parseArray(raw []byte) []json.RawMessage {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '[' {
		return nil
	}
	var a []json.RawMessage
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil
	}
	return a
}

// scalarText returns the text of a JSON scalar: a string's value or a number's or boolean's
// literal; null gives "", true. Objects and arrays give "", false.
func scalarText(raw []byte) (string, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "", false
	}
	switch c := raw[0]; {
	case c == '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", false
		}
		return s, true
	case c == 'n':
		return "", string(raw) == "null"
	case c == 't' || c == 'f' || c == '-' || (c >= '0' && c <= '9'):
		return string(raw), true
	}
	return "", false
}

// compactText returns raw as compact JSON text, for values kept as text whatever their shape.
func compactText(raw []byte) string {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return string(raw)
	}
	return b.String()
}

// isNull reports whether raw is the JSON null.
func isNull(raw []byte) bool { return string(bytes.TrimSpace(raw)) == "null" }

// parseStatus reads an HTTP status sent as a number ("404", "404.0") or as a string ("404").
func parseStatus(raw []byte) (int, bool) {
	s, ok := scalarText(raw)
	if !ok {
		return 0, false
	}
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, true
	}
	if n, err := strconv.ParseInt(s, 10, 32); err == nil {
		return int(n), true
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil && f == float64(int32(f)) {
		return int(int32(f)), true
	}
	return 0, false
}
