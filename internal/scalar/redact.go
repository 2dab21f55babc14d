package scalar

import (
	"encoding/json"
	"log/slog"
	"reflect"
	"sync"

	"github.com/issuerkit/issuerkit-go/internal/mask"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// RedactSecrets is a slog.HandlerOptions.ReplaceAttr function that masks the core.Secrets inside
// logged values. A Secret is masked by itself wherever slog prints it (LogValue, fmt,
// MarshalJSON, MarshalText), so this option is no longer needed for that; it also replaces a
// value holding a Secret where no marshaller can reach it (an unexported field) by
// "[REDACTED]". Otherwise it replaces the value with a copy in which every Secret reachable
// through exported struct fields, pointers, slices, arrays, maps and interfaces is masked. The
// original value is not modified.
//
// A value that holds a Secret where the copy cannot mask it (in an unexported field, or nested
// more than 64 levels deep) is replaced as a whole by the string "[REDACTED]".
//
//	logger := slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{ReplaceAttr: scalar.RedactSecrets}))
func RedactSecrets(_ []string, a slog.Attr) slog.Attr {
	if a.Value.Kind() != slog.KindAny {
		return a
	}
	v := reflect.ValueOf(a.Value.Any())
	if !v.IsValid() || !mayHoldSecret(v.Type()) {
		return a
	}
	r, changed, ok := redactValue(v, 0)
	switch {
	case !ok:
		return slog.String(a.Key, "[REDACTED]")
	case changed:
		return slog.Any(a.Key, r.Interface())
	default:
		return a
	}
}

var secretType = reflect.TypeFor[core.Secret]()

// secretOf returns the value of v, a core.Secret, which may come from unexported fields: its
// only field points to the value (nil for the empty Secret).
func secretOf(v reflect.Value) string {
	if p := v.Field(0); !p.IsNil() {
		return p.Elem().String()
	}
	return ""
}

// maxRedactDepth bounds the recursion of redactValue.
const maxRedactDepth = 64

// redactValue returns a copy of v with its Secrets masked, whether anything was masked, and
// false if v holds a Secret that could not be masked.
func redactValue(v reflect.Value, depth int) (_ reflect.Value, changed, ok bool) {
	t := v.Type()
	if t == secretType {
		s := secretOf(v)
		return reflect.ValueOf(core.NewSecret(mask.Mask(s))), s != "", true
	}
	if !mayHoldSecret(t) {
		return v, false, true
	}
	if depth >= maxRedactDepth {
		return v, false, false
	}
	depth++
	switch t.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return v, false, true
		}
		r, changed, ok := redactValue(v.Elem(), depth)
		if !changed || !ok {
			return v, false, ok
		}
		if t.Kind() == reflect.Pointer {
			p := reflect.New(t.Elem())
			p.Elem().Set(r)
			return p, true, true
		}
		i := reflect.New(t).Elem()
		i.Set(r)
		return i, true, true
	case reflect.Struct:
		c := reflect.New(t).Elem()
		c.Set(v)
		for i := range t.NumField() {
			f := c.Field(i)
			if !f.CanSet() { // unexported: cannot be masked in the copy
				if secretInside(v.Field(i), depth) {
					return v, false, false
				}
				continue
			}
			r, ch, ok := redactValue(v.Field(i), depth)
			if !ok {
				return v, false, false
			}
			if ch {
				f.Set(r)
				changed = true
			}
		}
		return c, changed, true
	case reflect.Slice, reflect.Array:
		if t.Kind() == reflect.Slice && v.IsNil() {
			return v, false, true
		}
		var c reflect.Value
		if t.Kind() == reflect.Slice {
			c = reflect.MakeSlice(t, v.Len(), v.Len())
		} else {
			c = reflect.New(t).Elem()
		}
		for i := range v.Len() {
			r, ch, ok := redactValue(v.Index(i), depth)
			if !ok {
				return v, false, false
			}
			c.Index(i).Set(r)
			changed = changed || ch
		}
		return c, changed, true
	case reflect.Map:
		if v.IsNil() {
			return v, false, true
		}
		c := reflect.MakeMapWithSize(t, v.Len())
		for it := v.MapRange(); it.Next(); {
			k, kch, kok := redactValue(it.Key(), depth)
			e, ech, eok := redactValue(it.Value(), depth)
			if !kok || !eok {
				return v, false, false
			}
			c.SetMapIndex(k, e)
			changed = changed || kch || ech
		}
		return c, changed, true
	default:
		return v, false, true
	}
}

var holdsSecretCache sync.Map // reflect.Type -> bool

// mayHoldSecret reports whether a value of type t can hold a Secret: t is Secret, reaches it
// through fields, elements, keys or pointers, or has an interface in it.
func mayHoldSecret(t reflect.Type) bool {
	if v, ok := holdsSecretCache.Load(t); ok {
		return v.(bool)
	}
	r := reachesSecret(t, map[reflect.Type]bool{})
	holdsSecretCache.Store(t, r)
	return r
}

func reachesSecret(t reflect.Type, seen map[reflect.Type]bool) bool {
	if t == secretType {
		return true
	}
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Interface:
		return true
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return reachesSecret(t.Elem(), seen)
	case reflect.Map:
		return reachesSecret(t.Key(), seen) || reachesSecret(t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if reachesSecret(t.Field(i).Type, seen) {
				return true
			}
		}
	}
	return false
}

// secretInside reports whether v holds a non-empty Secret, or is too deep to tell. It only
// reads v, which may come from unexported fields.
func secretInside(v reflect.Value, depth int) bool {
	t := v.Type()
	switch {
	case t == secretType:
		return secretOf(v) != ""
	case !mayHoldSecret(t):
		return false
	case depth >= maxRedactDepth:
		return true
	}
	depth++
	switch t.Kind() {
	case reflect.Pointer, reflect.Interface:
		return !v.IsNil() && secretInside(v.Elem(), depth)
	case reflect.Struct:
		for i := range t.NumField() {
			if secretInside(v.Field(i), depth) {
				return true
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if secretInside(v.Index(i), depth) {
				return true
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if secretInside(it.Key(), depth) || secretInside(it.Value(), depth) {
				return true
			}
		}
	}
	return false
}

// MaskedJSON encodes v with encoding/json after masking every Secret in a copy of it (the
// original is not modified). ok is false when v holds a Secret that cannot be masked (in an
// unexported field) or does not encode; the caller must then not log it.
func MaskedJSON(v any) (_ []byte, ok bool) {
	rv := reflect.ValueOf(v)
	if !rv.IsValid() {
		return []byte("null"), true
	}
	r, _, ok := redactValue(rv, 0)
	if !ok {
		return nil, false
	}
	data, err := json.Marshal(r.Interface())
	return data, err == nil
}
