package jsonxtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/jsonx"
)

// depth is how deep random values nest.
const depth = 4

// CheckEncoders builds n random values of every type in types (each a model with a generated
// encoder) and fails t when the wire encoder (jsonx.AppendWire, jsonx.MarshalWire, and
// jsonx.AppendModelWire behind core.MarshalWire), MarshalJSON or json.Marshal writes
// anything but the reference encoding, or fails when it does not (or the reverse), and when
// the model's UnmarshalJSON does not decode the reference encoding (compact or indented) back
// to a value that encodes to it again.
func CheckEncoders(t *testing.T, types []reflect.Type, n int) {
	t.Helper()
	o, mo := newOracle(types), newOracle(types)
	mo.masked = true
	for _, typ := range types {
		t.Run(typ.Name(), func(t *testing.T) {
			f := &filler{r: rand.New(rand.NewPCG(uint64(len(typ.Name())), 1))}
			for i := range n {
				v := reflect.New(typ).Elem()
				if i > 0 { // the first is the zero value
					f.fillStruct(v, depth)
				}
				if err := compare(o, mo, v); err != nil {
					t.Fatalf("value %d: %v", i, err)
				}
			}
		})
	}
}

// FuzzEncoders is [CheckEncoders] under the fuzzer: it picks the type and the random seed, and
// its string and raw JSON value are planted throughout the value.
func FuzzEncoders(f *testing.F, types []reflect.Type) {
	o, mo := newOracle(types), newOracle(types)
	mo.masked = true
	f.Add(uint(0), uint64(1), `<"\u2028">`, []byte(` {"a" : [1, 2]} `))
	f.Add(uint(1), uint64(2), "\xff\x00", []byte(`"x"`))
	f.Add(uint(2), uint64(3), "", []byte(`{`))
	f.Fuzz(func(t *testing.T, which uint, seed uint64, s string, raw []byte) {
		typ := types[which%uint(len(types))]
		fl := &filler{r: rand.New(rand.NewPCG(seed, 2)), plant: s, raw: raw}
		v := reflect.New(typ).Elem()
		fl.fillStruct(v, depth)
		if err := compare(o, mo, v); err != nil {
			t.Fatal(err)
		}
	})
}

// compare checks every encoding path of the model value v against the oracles: the wire
// encodings (jsonx.AppendWire, jsonx.AppendModelWire, jsonx.MarshalWire) against o, the
// user's (json.Marshal, MarshalJSON)
// against mo, which masks.
func compare(o, mo *oracle, v reflect.Value) error {
	want, wantErr := o.Marshal(v)
	wantMasked, _ := mo.Marshal(v)
	var escaped bytes.Buffer // json.Marshal escapes <, > and & in what MarshalJSON returns
	json.HTMLEscape(&escaped, wantMasked)
	if _, err := jsonx.AppendModelWire(nil, v.Interface()); errors.Is(err, jsonx.ErrNotAModel) {
		return fmt.Errorf("%s has no registered wire encoder", v.Type())
	}
	prefix := []byte("[1,")
	appended, appendErr := jsonx.AppendWire(prefix, v.Interface())
	if appendErr == nil {
		if !bytes.HasPrefix(appended, prefix) {
			return fmt.Errorf("AppendWire lost the prefix: %q", appended)
		}
		appended = appended[len(prefix):]
	}
	byModel, byModelErr := jsonx.AppendModelWire(nil, v.Addr().Interface())
	marshaled, marshalErr := json.Marshal(v.Interface())
	method, methodErr := v.Interface().(json.Marshaler).MarshalJSON()
	pooled, pooledErr := jsonx.MarshalWire(v.Interface())
	for _, got := range []struct {
		name string
		b    []byte
		err  error
		want []byte
	}{{"AppendWire", appended, appendErr, want}, {"AppendModelWire of a pointer", byModel, byModelErr, want}, {"json.Marshal", marshaled, marshalErr, escaped.Bytes()}, {"MarshalJSON", method, methodErr, wantMasked}, {"MarshalWire", pooled, pooledErr, want}} {
		if (got.err != nil) != (wantErr != nil) {
			return fmt.Errorf("%s: %s error %v, encoding/json error %v (value %#v)", v.Type(), got.name, got.err, wantErr, v.Interface())
		}
		if wantErr == nil && !bytes.Equal(oneReplacement(got.b), oneReplacement(got.want)) {
			return fmt.Errorf("%s: %s\n got %s\nwant %s", v.Type(), got.name, got.b, got.want)
		}
	}
	if wantErr != nil {
		return nil
	}
	return roundTrip(o, v.Type(), want)
}

// oneReplacement returns b with every raw U+FFFD written as the escape \ufffd. The reference
// is encoding/json of the running Go release, which writes a byte of invalid UTF-8 as \ufffd
// up to Go 1.26 and as a raw U+FFFD from Go 1.27; the SDK's encoder writes \ufffd on every
// release (its output is its own, pinned by jsonx's TestAppendStringGolden), so the two are
// compared with U+FFFD in one form.
func oneReplacement(b []byte) []byte {
	return bytes.ReplaceAll(b, []byte("\uFFFD"), []byte(`\ufffd`))
}

// roundTrip decodes the reference encoding want of a value of type typ with the model's
// UnmarshalJSON, compact and re-indented (white space around every token), and checks that
// both decode alike (the oracle encodes them to the same bytes) and to what want holds: the
// same members with the same values once read by encoding/json, except the nested models that
// encode to {} (a zero value with an empty, non-nil extras map), which decode to the zero value
// and are then left out, as encoding/json would leave them out.
func roundTrip(o *oracle, typ reflect.Type, want []byte) error {
	var indented bytes.Buffer
	if err := json.Indent(&indented, want, " ", "\t"); err != nil {
		return err
	}
	var first []byte
	for _, in := range [][]byte{want, append(append([]byte("\r\n"), indented.Bytes()...), ' ')} {
		p := reflect.New(typ)
		u, ok := p.Interface().(json.Unmarshaler)
		if !ok {
			return nil // a model without a decoder of its own: encoding/json decodes it
		}
		if err := u.UnmarshalJSON(in); err != nil {
			return fmt.Errorf("%s: UnmarshalJSON of the reference encoding: %v\n%s", typ, err, in)
		}
		back, err := o.Marshal(p.Elem())
		if err != nil {
			return fmt.Errorf("%s: encoding what UnmarshalJSON decoded: %v", typ, err)
		}
		if first == nil {
			first = back
		} else if !bytes.Equal(back, first) {
			return fmt.Errorf("%s: indented input decoded otherwise\n got %s\nwant %s", typ, back, first)
		}
	}
	var got, exp any
	if err := json.Unmarshal(first, &got); err != nil {
		return err
	}
	if err := json.Unmarshal(want, &exp); err != nil {
		return err
	}
	if !reflect.DeepEqual(pruneEmpty(got), pruneEmpty(exp)) {
		return fmt.Errorf("%s: decoded and encoded again\n got %s\nwant %s", typ, first, want)
	}
	return nil
}

// pruneEmpty removes from the decoded JSON value v, at every depth, the object members whose
// value is an empty object once pruned.
func pruneEmpty(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			e = pruneEmpty(e)
			if m, ok := e.(map[string]any); ok && len(m) == 0 {
				delete(x, k)
				continue
			}
			x[k] = e
		}
	case []any:
		for i := range x {
			x[i] = pruneEmpty(x[i])
		}
	}
	return v
}
