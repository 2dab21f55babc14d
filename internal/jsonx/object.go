package jsonx

import (
	"encoding/json"
)

// Object iterates over the members of one JSON object without allocating: the generated
// models decode with it. The zero Object is not usable; start with [NewObject].
//
//	obj := jsonx.NewObject(data)
//	for obj.Next() {
//		key, value := obj.Key(), obj.Value()
//		...
//	}
//	if err := obj.Err(); err != nil { ... }
type Object struct {
	data       []byte
	i          int
	key, value []byte
	escaped    bool
	started    bool
	null       bool
	err        error
}

// NewObject returns an iterator over the members of the JSON object data. When data is null
// the iterator yields nothing and [Object.Null] reports true.
func NewObject(data []byte) Object {
	return Object{data: data}
}

// Next advances to the next member and reports whether there is one. It returns false at the
// end of the object and on malformed input (see [Object.Err]).
func (o *Object) Next() bool {
	if o.err != nil {
		return false
	}
	data := o.data
	i := o.i
	if !o.started {
		o.started = true
		i = skipSpace(data, 0)
		if i < len(data) && data[i] == 'n' && string(data[i:skipLiteral(data, i)]) == "null" && skipSpace(data, i+4) == len(data) {
			o.null, o.i = true, len(data)
			return false
		}
		if i >= len(data) || data[i] != '{' {
			return o.fail()
		}
		i = skipSpace(data, i+1)
		if i < len(data) && data[i] == '}' {
			o.i = len(data) // the closing brace; trailing text is checked below
			return o.end(i + 1)
		}
	} else {
		if i >= len(data) {
			return o.fail() // no closing brace: the input was cut short
		}
		switch data[i] {
		case ',':
			i = skipSpace(data, i+1)
		case '}':
			return o.end(i + 1)
		default:
			return o.fail()
		}
	}
	if i >= len(data) || data[i] != '"' {
		return o.fail()
	}
	end, escaped := stringEnd(data, i)
	if end < 0 {
		return o.fail()
	}
	o.key, o.escaped = data[i:end], escaped
	i = skipSpace(data, end)
	if i >= len(data) || data[i] != ':' {
		return o.fail()
	}
	vstart := skipSpace(data, i+1)
	vend := valueEnd(data, vstart)
	if vend < 0 {
		return o.fail()
	}
	o.value = data[vstart:vend]
	o.i = skipSpace(data, vend)
	return true
}

func (o *Object) end(i int) bool {
	if skipSpace(o.data, i) != len(o.data) {
		return o.fail()
	}
	o.i = len(o.data)
	return false
}

func (o *Object) fail() bool {
	o.err = errSyntax
	return false
}

// Key returns the current member's name, unescaped. It allocates only when the name holds an
// escape sequence.
func (o *Object) Key() []byte {
	if !o.escaped {
		return o.key[1 : len(o.key)-1]
	}
	var s string
	if err := json.Unmarshal(o.key, &s); err != nil {
		o.err = errSyntax
		return nil
	}
	return []byte(s)
}

// Value returns the current member's value as raw JSON, a slice of the input.
func (o *Object) Value() []byte { return o.value }

// Null reports whether the input was JSON null.
func (o *Object) Null() bool { return o.null }

// Err returns the error that stopped the iteration, if the input was not a JSON object.
func (o *Object) Err() error { return o.err }

// Keep adds the current member to extras (allocating the map on first use) with a copy of its
// value, and returns extras. A value that is not valid JSON is an error: a member kept unread
// is sent again as is by the encoder, and the object iterator only finds where a value ends.
func Keep(extras map[string]json.RawMessage, key, value []byte) (map[string]json.RawMessage, error) {
	if !json.Valid(value) {
		return extras, errSyntax
	}
	if extras == nil {
		extras = make(map[string]json.RawMessage)
	}
	extras[string(key)] = append(json.RawMessage(nil), value...)
	return extras, nil
}

func skipLiteral(data []byte, i int) int {
	for i < len(data) && data[i] >= 'a' && data[i] <= 'z' {
		i++
	}
	return i
}
