package jsonx

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
)

// MemberError wraps err, the failure to encode the member of a model; member is "" for the
// members of AdditionalProperties.
func MemberError(model, member string, err error) error {
	if member == "" {
		return fmt.Errorf("encoding %s: %w", model, err)
	}
	return fmt.Errorf("encoding %s member %q: %w", model, member, err)
}

// SortedKeys returns the keys of m in sorted order, the order encoding/json writes a map in.
func SortedKeys[K cmp.Ordered, V any](m map[K]V) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

type isZeroer interface{ IsZero() bool }

var isZeroerType = reflect.TypeFor[isZeroer]()

// Omitted reports whether encoding/json leaves out a struct field holding *p under the
// omitempty and omitzero options, by the rules of encoding/json (reflection): the generated
// encoders use it for the field types they do not encode themselves.
func Omitted(p any, omitEmpty, omitZero bool) bool {
	v := reflect.ValueOf(p)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return false
	}
	v = v.Elem()
	if omitEmpty && isEmptyValue(v) {
		return true
	}
	return omitZero && isZeroValue(v)
}

// ReflectZero reports whether *p is its type's zero value (reflect.Value.IsZero).
func ReflectZero(p any) bool {
	v := reflect.ValueOf(p)
	return v.Kind() == reflect.Pointer && !v.IsNil() && v.Elem().IsZero()
}

// isEmptyValue is encoding/json's test for omitempty.
func isEmptyValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64,
		reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}

// isZeroValue is encoding/json's test for omitzero: the IsZero method when the type (or its
// pointer) has one, else reflect.Value.IsZero. v is addressable.
func isZeroValue(v reflect.Value) bool {
	t := v.Type()
	switch {
	case t.Kind() == reflect.Pointer && t.Implements(isZeroerType):
		return v.IsNil() || v.Interface().(isZeroer).IsZero()
	case t.Implements(isZeroerType):
		return v.Interface().(isZeroer).IsZero()
	case reflect.PointerTo(t).Implements(isZeroerType) && v.CanAddr():
		return v.Addr().Interface().(isZeroer).IsZero()
	}
	return v.IsZero()
}
