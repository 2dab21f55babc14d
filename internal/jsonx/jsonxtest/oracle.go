package jsonxtest

import (
	"encoding/json"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"reflect"
	"strings"
	"sync"

	"github.com/issuerkit/issuerkit-go/internal/jsonx"
	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// oracle encodes model values with encoding/json alone.
type oracle struct {
	// masked makes the reference of json.Marshal (every Secret masked) instead of the wire
	// encoding (every Secret in full).
	masked bool
	models map[reflect.Type]bool
	mu     sync.Mutex
	plain  map[reflect.Type]*plainType
}

// plainType is the method-less copy of a model type: its encoded fields, with every nested
// model replaced by a node.
type plainType struct {
	typ    reflect.Type
	from   []int // index in the model of each field of typ
	fields jsonx.Fields
	extras int // index of AdditionalProperties in the model, -1 when none
}

func newOracle(types []reflect.Type) *oracle {
	o := &oracle{models: map[reflect.Type]bool{}, plain: map[reflect.Type]*plainType{}}
	for _, t := range types {
		o.models[t] = true
	}
	return o
}

// node stands for a nested model inside a method-less copy. encoding/json calls its
// MarshalJSON (the oracle) and, for omitzero, its IsZero, which is reflect.Value.IsZero of
// the model: what encoding/json applies to a struct without an IsZero method.
type node struct {
	o *oracle
	v reflect.Value
}

// MarshalJSON encodes the model with the oracle.
func (n node) MarshalJSON() ([]byte, error) { return n.o.encode(n.v) }

// IsZero reports whether the model is its zero value.
func (n node) IsZero() bool { return n.v.IsZero() }

var nodeType = reflect.TypeFor[node]()

// wireSecret stands for a core.Secret in a method-less copy: the reference of the wire
// encoding is the revealed string (core.Secret's own MarshalJSON masks, for the user's
// tools; the generated encoders send the value).
type wireSecret struct {
	s      core.Secret
	masked bool
}

// MarshalJSON encodes the revealed value (the masked one for the masked oracle) as
// encoding/json encodes a string.
func (w wireSecret) MarshalJSON() ([]byte, error) {
	if w.masked {
		return json.Marshal(w.s.String())
	}
	return json.Marshal(w.s.Reveal())
}

// IsZero reports whether the Secret is empty, as core.Secret.IsZero does for omitzero.
func (w wireSecret) IsZero() bool { return w.s.IsZero() }

var wireSecretType = reflect.TypeFor[wireSecret]()

// Marshal returns the reference encoding of the model value v: the wire encoding, or for the
// masked oracle what json.Marshal must write (Secrets masked, then the whole masked as the
// SDK masks a body it logs).
func (o *oracle) Marshal(v reflect.Value) ([]byte, error) {
	b, err := json.Marshal(node{o, v})
	if err != nil || !o.masked {
		return b, err
	}
	return redact.JSON(b), nil
}

func (o *oracle) encode(v reflect.Value) ([]byte, error) {
	pt := o.plainOf(v.Type())
	p := reflect.New(pt.typ).Elem()
	for i, j := range pt.from {
		p.Field(i).Set(o.convert(v.Field(j), pt.typ.Field(i).Type))
	}
	b, err := json.Marshal(p.Interface())
	if err != nil || pt.extras < 0 {
		return b, err
	}
	extras := extrasOf(v.Field(pt.extras))
	if o.masked {
		extras = redact.MaskMembers(extras) // unknown members print by allowlist (issue 33)
	}
	return appendExtras(pt.fields, b, extras)
}

func (o *oracle) plainOf(t reflect.Type) *plainType {
	o.mu.Lock()
	defer o.mu.Unlock()
	if pt := o.plain[t]; pt != nil {
		return pt
	}
	pt := &plainType{extras: -1}
	var fields []reflect.StructField
	var names []string
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if f.Name == "AdditionalProperties" && tag == "-" {
			pt.extras = i
			continue
		}
		if !f.IsExported() || tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if name == "" {
			name = f.Name
		}
		names = append(names, name)
		fields = append(fields, reflect.StructField{Name: f.Name, Type: o.mapType(f.Type), Tag: f.Tag})
		pt.from = append(pt.from, i)
	}
	pt.typ = reflect.StructOf(fields)
	pt.fields = jsonx.NewFields(names...)
	o.plain[t] = pt
	return pt
}

// mapType replaces the models inside t by node.
func (o *oracle) mapType(t reflect.Type) reflect.Type {
	if o.models[t] {
		return nodeType
	}
	if t == secretType {
		return wireSecretType
	}
	switch t.Kind() {
	case reflect.Slice:
		if e := o.mapType(t.Elem()); e != t.Elem() {
			return reflect.SliceOf(e)
		}
	case reflect.Map:
		if e := o.mapType(t.Elem()); e != t.Elem() {
			return reflect.MapOf(t.Key(), e)
		}
	case reflect.Pointer:
		if e := o.mapType(t.Elem()); e != t.Elem() {
			return reflect.PointerTo(e)
		}
	}
	return t
}

// convert returns v as a value of to (its type with models replaced by nodes).
func (o *oracle) convert(v reflect.Value, to reflect.Type) reflect.Value {
	if to == v.Type() {
		return v
	}
	if to == nodeType {
		return reflect.ValueOf(node{o, v})
	}
	if to == wireSecretType {
		return reflect.ValueOf(wireSecret{v.Interface().(core.Secret), o.masked})
	}
	switch v.Kind() {
	case reflect.Slice:
		if v.IsNil() {
			return reflect.Zero(to)
		}
		out := reflect.MakeSlice(to, v.Len(), v.Len())
		for i := range v.Len() {
			out.Index(i).Set(o.convert(v.Index(i), to.Elem()))
		}
		return out
	case reflect.Map:
		if v.IsNil() {
			return reflect.Zero(to)
		}
		out := reflect.MakeMapWithSize(to, v.Len())
		for it := v.MapRange(); it.Next(); {
			out.SetMapIndex(it.Key(), o.convert(it.Value(), to.Elem()))
		}
		return out
	case reflect.Pointer:
		if v.IsNil() {
			return reflect.Zero(to)
		}
		out := reflect.New(to.Elem())
		out.Elem().Set(o.convert(v.Elem(), to.Elem()))
		return out
	}
	return v
}
