package jsonx

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"sync/atomic"
)

// maxPooled is the largest buffer [MarshalWire] keeps for reuse; larger ones are left to the
// garbage collector so that one huge body does not pin its memory.
const maxPooled = 64 << 10

var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 1024); return &b }}

// WireEncoder appends the wire encoding of v to b when v is one of its package's models (a
// value or a pointer to one), every Secret in full, and reports whether it was.
type WireEncoder func(b []byte, v any) ([]byte, bool, error)

// wireEncoders are the registered encoders, one per client package (copy on write).
var (
	wireMu       sync.Mutex
	wireEncoders atomic.Pointer[[]WireEncoder]
)

// RegisterWire adds the wire encoder of one client package's models. Each client package's
// generated encode.gen.go calls it once, from its init: the models' encoders are unexported
// (go doc shows no per-model plumbing), and this is how the SDK's request encoder, its
// sandboxes and fakes, and [AppendWire] for users (core.MarshalWire) reach them.
func RegisterWire(e WireEncoder) {
	wireMu.Lock()
	defer wireMu.Unlock()
	var encs []WireEncoder
	if p := wireEncoders.Load(); p != nil {
		encs = append(encs, *p...)
	}
	encs = append(encs, e)
	wireEncoders.Store(&encs)
}

// appendModel appends the wire encoding of v when a registered encoder knows it.
func appendModel(b []byte, v any) ([]byte, bool, error) {
	if p := wireEncoders.Load(); p != nil {
		for _, e := range *p {
			if out, ok, err := e(b, v); ok {
				return out, true, err
			}
		}
	}
	return b, false, nil
}

// AppendWire appends the wire encoding of v to b: a model (a value or a pointer), or a slice
// or array of them, through its generated encoder, which writes Secrets in full; a scalar
// ([Appender]) through its AppendJSON; anything else through json.Marshal.
func AppendWire(b []byte, v any) ([]byte, error) {
	if out, ok, err := appendModel(b, v); ok {
		return out, err
	}
	if a, ok := v.(Appender); ok {
		return a.AppendJSON(b)
	}
	rv := reflect.ValueOf(v)
	switch {
	case !rv.IsValid():
		return append(b, "null"...), nil
	case rv.Kind() == reflect.Pointer && rv.IsNil():
		return append(b, "null"...), nil
	case (rv.Kind() == reflect.Slice || rv.Kind() == reflect.Array) && rv.Len() > 0:
		if out, ok, err := appendModels(b, rv); ok {
			return out, err
		}
	}
	js, err := json.Marshal(v) // not a model: encoding/json writes what the SDK would
	if err != nil {
		return nil, err
	}
	return append(b, js...), nil
}

// appendModels appends the JSON array of the elements of rv (a slice or array) when every
// one is a model a registered encoder knows.
func appendModels(b []byte, rv reflect.Value) ([]byte, bool, error) {
	start := len(b)
	b = append(b, '[')
	for i := range rv.Len() {
		if i > 0 {
			b = append(b, ',')
		}
		out, ok, err := appendModel(b, rv.Index(i).Interface())
		if !ok {
			return b[:start], false, nil
		}
		if err != nil {
			return nil, true, err
		}
		b = out
	}
	return append(b, ']'), true, nil
}

// MarshalWire returns the wire encoding of v ([AppendWire]), written into a pooled scratch
// buffer, as one right-sized copy the caller owns. It is what the SDK, its sandboxes and fakes
// send: json.Marshal of a model masks its Secrets, for the user's logs.
func MarshalWire(v any) ([]byte, error) {
	p := bufPool.Get().(*[]byte)
	b, err := AppendWire((*p)[:0], v)
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

// ErrNotAModel is what [AppendModelWire] returns for a value that is not a generated model,
// a pointer to one, or a slice or array of them.
var ErrNotAModel = errors.New("not a model of the SDK (a value, a pointer, or a slice of them)")

// AppendModelWire is [AppendWire] for a model, a pointer to one, or a slice or array of them,
// and an error wrapping [ErrNotAModel] for anything else: what users store with it must come
// back in full, and json.Marshal, the fallback of AppendWire, masks the models inside a value
// of theirs.
func AppendModelWire(b []byte, v any) ([]byte, error) {
	if out, ok, err := appendModel(b, v); ok {
		return out, err
	}
	rv := reflect.ValueOf(v)
	if rv.IsValid() && (rv.Kind() == reflect.Slice || rv.Kind() == reflect.Array) {
		if rv.Len() == 0 || rv.Kind() == reflect.Slice && rv.IsNil() {
			if _, ok, _ := appendModel(nil, reflect.New(rv.Type().Elem()).Interface()); ok {
				if rv.Kind() == reflect.Slice && rv.IsNil() {
					return append(b, "null"...), nil
				}
				return append(b, "[]"...), nil
			}
		} else if out, ok, err := appendModels(b, rv); ok {
			return out, err
		}
	}
	return nil, fmt.Errorf("%w: %T", ErrNotAModel, v)
}
