package jsonxtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"

	"github.com/issuerkit/issuerkit-go/internal/jsonx"
)

// CheckDecode checks what every public decode path promises about one success body: err and
// v are what the SDK returned for it (v a pointer to a model, or a slice of models; nil or a
// typed nil on error). It returns the first promise broken, or nil:
//
//   - a body that is not valid JSON (encoding/json's json.Valid) is an error;
//   - a decoded value re-encodes with the SDK's wire encoder (jsonx.AppendWire) to valid JSON, which
//     decodes again (UnmarshalJSON); from then on the encoding is stable: decoding and encoding
//     it again gives the same JSON value. (The first trip may normalise: a record that holds
//     only empty lists is left out, as encoding/json's omitzero leaves it out, and comes back
//     as nothing; invalid UTF-8 becomes U+FFFD.)
//   - the unknown members kept by every record of the value (AdditionalProperties, at any
//     depth) survive that round trip, with the same JSON values (names compared as
//     encoding/json reads them: invalid UTF-8 as U+FFFD).
func CheckDecode(body []byte, err error, v any) error {
	if err != nil {
		return nil
	}
	if !json.Valid(body) {
		return fmt.Errorf("invalid JSON decoded without error: %q", body)
	}
	rv := reflect.ValueOf(v)
	if !rv.IsValid() || rv.Kind() == reflect.Pointer && rv.IsNil() {
		return fmt.Errorf("no error and no value for %q", body)
	}
	if rv.Kind() == reflect.Slice {
		for i := range rv.Len() {
			if err := wireRoundTrip(rv.Index(i).Addr()); err != nil {
				return fmt.Errorf("element %d: %w", i, err)
			}
		}
		return nil
	}
	return wireRoundTrip(rv)
}

// wireRoundTrip checks the wire round trip of p, a pointer to a model.
func wireRoundTrip(p reflect.Value) error {
	b1, err := jsonx.AppendModelWire(nil, p.Elem().Interface())
	if errors.Is(err, jsonx.ErrNotAModel) {
		return nil // not a model with a wire encoder: nothing to re-encode
	}
	if err != nil {
		return fmt.Errorf("re-encoding %s: %w", p.Elem().Type(), err)
	}
	if !json.Valid(b1) {
		return fmt.Errorf("re-encoding %s gave invalid JSON: %q", p.Elem().Type(), b1)
	}
	q := reflect.New(p.Elem().Type())
	u, ok := q.Interface().(json.Unmarshaler)
	if !ok {
		return nil
	}
	if err := u.UnmarshalJSON(b1); err != nil {
		return fmt.Errorf("decoding the re-encoded %s %q: %w", p.Elem().Type(), b1, err)
	}
	b2, err := jsonx.AppendModelWire(nil, q.Elem().Interface())
	if err != nil {
		return fmt.Errorf("re-encoding %s after a round trip: %w", p.Elem().Type(), err)
	}
	r := reflect.New(p.Elem().Type())
	if err := r.Interface().(json.Unmarshaler).UnmarshalJSON(b2); err != nil {
		return fmt.Errorf("decoding the re-encoded %s %q: %w", p.Elem().Type(), b2, err)
	}
	b3, err := jsonx.AppendModelWire(nil, r.Elem().Interface())
	if err != nil || !sameJSON(b2, b3) {
		return fmt.Errorf("%s encoding not stable after a round trip:\n%q\n%q (%v)", p.Elem().Type(), b2, b3, err)
	}
	before, after := map[string]map[string]json.RawMessage{}, map[string]map[string]json.RawMessage{}
	collectExtras(p.Elem(), "", before, 0)
	collectExtras(q.Elem(), "", after, 0)
	for path, m := range before {
		for k, v := range m {
			w, ok := after[path][jsonName(k)]
			if !ok {
				return fmt.Errorf("unknown member %q at %q lost in a round trip of %s", k, path, p.Elem().Type())
			}
			if !sameJSON(v, w) {
				return fmt.Errorf("unknown member %q at %q changed in a round trip: %s, then %s", k, path, v, w)
			}
		}
	}
	return nil
}

// collectExtras records the AdditionalProperties of every struct reachable from v by path.
func collectExtras(v reflect.Value, path string, out map[string]map[string]json.RawMessage, depth int) {
	if depth > 32 {
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			collectExtras(v.Elem(), path, out, depth+1)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if !f.IsExported() {
				continue
			}
			if f.Name == "AdditionalProperties" {
				if isExtras(f.Type) {
					if m := extrasOf(v.Field(i)); len(m) > 0 {
						out[path] = m
					}
				}
				continue
			}
			collectExtras(v.Field(i), path+"."+f.Name, out, depth+1)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			collectExtras(v.Index(i), path+"["+strconv.Itoa(i)+"]", out, depth+1)
		}
	case reflect.Map:
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return compareKeys(a, b) })
		for _, k := range keys {
			collectExtras(v.MapIndex(k), path+"["+fmt.Sprint(k.Interface())+"]", out, depth+1)
		}
	}
}

func compareKeys(a, b reflect.Value) int {
	x, y := fmt.Sprint(a.Interface()), fmt.Sprint(b.Interface())
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// jsonName returns k as encoding/json reads it back once written: invalid UTF-8 replaced.
func jsonName(k string) string {
	b, _ := json.Marshal(k)
	var s string
	_ = json.Unmarshal(b, &s)
	return s
}

// sameJSON reports whether a and b are the same JSON value (numbers compared as written).
func sameJSON(a, b []byte) bool {
	x, errA := decodeAny(a)
	y, errB := decodeAny(b)
	return errA == nil && errB == nil && reflect.DeepEqual(x, y)
}

func decodeAny(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	if d.More() {
		return nil, errors.New("trailing data")
	}
	return v, nil
}
