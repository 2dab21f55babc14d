package scalar

import "reflect"

// SecretValues returns the non-empty values of the Secrets v holds, reached through fields
// (exported or not), pointers, slices, arrays, maps and interfaces, each once, in the order
// met: the SDK registers those of a request body with the call, which masks them in every
// text the call produces (an error quoting the account number it sent shows ***). v is only
// read; recursion stops at maxRedactDepth.
func SecretValues(v any) []string {
	rv := reflect.ValueOf(v)
	if !rv.IsValid() || !mayHoldSecret(rv.Type()) {
		return nil
	}
	var out []string
	collectSecrets(rv, 0, &out)
	return out
}

func collectSecrets(v reflect.Value, depth int, out *[]string) {
	t := v.Type()
	if t == secretType {
		if s := secretOf(v); s != "" {
			for _, o := range *out {
				if o == s {
					return
				}
			}
			*out = append(*out, s)
		}
		return
	}
	if depth >= maxRedactDepth || !mayHoldSecret(t) {
		return
	}
	depth++
	switch t.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			collectSecrets(v.Elem(), depth, out)
		}
	case reflect.Struct:
		for i := range t.NumField() {
			collectSecrets(v.Field(i), depth, out)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			collectSecrets(v.Index(i), depth, out)
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			collectSecrets(it.Key(), depth, out)
			collectSecrets(it.Value(), depth, out)
		}
	}
}
