package jsonx

import (
	"encoding/json"
	"reflect"
	"sync"
)

// maxPooled is the largest buffer [Marshal] keeps for reuse; larger ones are left to the
// garbage collector so that one huge body does not pin its memory.
const maxPooled = 64 << 10

var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 1024); return &b }}

// Marshal returns the JSON encoding of v, as json.Marshal would, without encoding/json's
// reflection: v appends itself into a pooled scratch buffer and the result is one
// right-sized copy that the caller owns.
func Marshal(v Appender) ([]byte, error) {
	p := bufPool.Get().(*[]byte)
	b, err := v.AppendJSON((*p)[:0])
	if err != nil {
		bufPool.Put(p)
		return nil, err
	}
	out := make([]byte, len(b))
	copy(out, b)
	if cap(b) <= maxPooled {
		*p = b[:0]
		bufPool.Put(p)
	}
	return out, nil
}

// MarshalWire returns the wire encoding of v: a model (an [Appender]), a pointer to one, or a
// slice or array of them, through AppendJSON, which writes Secrets in full; anything else
// through json.Marshal. It is what the SDK, its sandboxes and fakes send: json.Marshal of a
// model masks its Secrets, for the user's logs.
func MarshalWire(v any) ([]byte, error) {
	if a, ok := v.(Appender); ok {
		return Marshal(a)
	}
	rv := reflect.ValueOf(v)
	switch {
	case !rv.IsValid():
		return []byte("null"), nil
	case rv.Kind() == reflect.Pointer && rv.IsNil():
		return []byte("null"), nil
	case (rv.Kind() == reflect.Slice || rv.Kind() == reflect.Array) && rv.Type().Elem().Implements(appenderType):
		if rv.Kind() == reflect.Slice && rv.IsNil() {
			return []byte("null"), nil
		}
		b := []byte{'['}
		for i := range rv.Len() {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = rv.Index(i).Interface().(Appender).AppendJSON(b); err != nil {
				return nil, err
			}
		}
		return append(b, ']'), nil
	}
	return json.Marshal(v)
}

var appenderType = reflect.TypeFor[Appender]()
