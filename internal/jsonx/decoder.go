package jsonx

import (
	"encoding/json"
	"reflect"
	"sync"
	"unicode/utf8"
	"unsafe"
)

// Decoder reads JSON values from a byte slice in one pass: each decoding step consumes the
// bytes of the value it decodes, so a nested object is scanned once, by its own decoder, not
// once more by every enclosing level to find where it ends. The generated models decode with
// it (their unexported decodeJSON methods, which [Unmarshal] and [DecodeModels] are handed).
// The zero Decoder is not usable; start
// with [NewDecoder].
type Decoder struct {
	data  []byte
	i     int
	depth int    // objects open around the next value
	key   []byte // the name [Decoder.Member] returned last: the member whose value is next
	limit *Limit // nil: no array is bounded
}

// ValueDecoder is a type that decodes its JSON value from a [Decoder], consuming it. The
// generated models do not implement it (their decoders are unexported, so that go doc shows
// none): the generated code hands them to [Unmarshal] and [DecodeModels]. [DecodeValue] uses
// it for any other type that does.
type ValueDecoder interface {
	DecodeJSON(d *Decoder) error
}

// NewDecoder returns a decoder at the start of data.
func NewDecoder(data []byte) Decoder { return Decoder{data: data} }

// decoders recycles the Decoders of [Unmarshal]: a Decoder handed to a decode function
// escapes to the heap, and a call decoding a small record would pay one allocation for it.
var decoders = sync.Pool{New: func() any { return new(Decoder) }}

// Unmarshal decodes data, which must hold one JSON value and nothing but white space after
// it, into *v with decode (a generated model's decodeJSON method): what the generated models'
// UnmarshalJSON do. It allocates no Decoder of its own.
func Unmarshal[T any](data []byte, v *T, decode func(*T, *Decoder) error) error {
	d := decoders.Get().(*Decoder)
	*d = Decoder{data: data}
	err := decode(v, d)
	if err == nil {
		err = d.End()
	}
	*d = Decoder{} // the pool keeps no input alive
	decoders.Put(d)
	return err
}

// End reports an error unless only white space is left after the decoded value.
func (d *Decoder) End() error {
	if skipSpace(d.data, d.i) != len(d.data) {
		return errSyntax
	}
	return nil
}

// Null consumes a JSON null and reports true when the next value is null; otherwise it
// consumes nothing and reports false.
func (d *Decoder) Null() bool {
	i := skipSpace(d.data, d.i)
	if len(d.data)-i >= 4 && string(d.data[i:i+4]) == "null" && (i+4 == len(d.data) || !isLetter(d.data[i+4])) {
		d.i = i + 4
		return true
	}
	d.i = i
	return false
}

// ObjectStart consumes the opening brace of an object and reports false, or consumes null
// and reports true. Anything else is a syntax error.
func (d *Decoder) ObjectStart() (null bool, err error) {
	if d.Null() {
		return true, nil
	}
	if d.i >= len(d.data) || d.data[d.i] != '{' {
		return false, errSyntax
	}
	d.i++
	d.depth++
	return false, nil
}

// Member consumes the next member's name and colon and returns the name (unescaped; it
// allocates only when the name holds an escape) with more set, or consumes the object's
// closing brace and returns more false. Call it after [Decoder.ObjectStart] and after
// decoding each member's value.
func (d *Decoder) Member() (key []byte, more bool, err error) {
	data := d.data
	i := skipSpace(data, d.i)
	if i >= len(data) {
		return nil, false, errSyntax
	}
	// Just after the opening brace (the last byte consumed) comes a name or the closing brace;
	// after a value, a comma and a name, or the closing brace.
	if data[i] == '}' {
		d.i = i + 1
		d.depth--
		return nil, false, nil
	}
	if data[d.i-1] != '{' {
		if data[i] != ',' {
			return nil, false, errSyntax
		}
		i = skipSpace(data, i+1)
	}
	if i >= len(data) || data[i] != '"' {
		return nil, false, errSyntax
	}
	end, escaped := stringEnd(data, i)
	if end < 0 {
		return nil, false, errSyntax
	}
	key = data[i+1 : end-1]
	if escaped {
		var s string
		if json.Unmarshal(data[i:end], &s) != nil {
			return nil, false, errSyntax
		}
		key = []byte(s)
	}
	i = skipSpace(data, end)
	if i >= len(data) || data[i] != ':' {
		return nil, false, errSyntax
	}
	d.i = i + 1
	d.key = key
	return key, true, nil
}

// Peek returns the first byte of the next value ('{', '[', '"', a digit or '-', 't', 'f' or
// 'n' in valid JSON), or 0 at the end of the input, and consumes the white space before it.
func (d *Decoder) Peek() byte {
	d.i = skipSpace(d.data, d.i)
	if d.i >= len(d.data) {
		return 0
	}
	return d.data[d.i]
}

// ArrayStart consumes the opening bracket of an array; anything else is a syntax error.
func (d *Decoder) ArrayStart() error {
	if d.Peek() != '[' {
		return errSyntax
	}
	d.i++
	return nil
}

// Elem consumes the comma before the next element of an array and reports true, or consumes
// the array's closing bracket and reports false. Call it after [Decoder.ArrayStart] and after
// decoding each element.
func (d *Decoder) Elem() (more bool, err error) {
	first := d.data[d.i-1] == '[' // the last byte consumed: the opening bracket, or a value's
	switch d.Peek() {
	case ']':
		d.i++
		return false, nil
	case ',':
		if !first {
			d.i++
			return true, nil
		}
	case 0:
	default:
		if first {
			return true, nil
		}
	}
	return false, errSyntax
}

// Value consumes the next value and returns it as raw JSON, a slice of the input. Only
// strings are checked on the way; the caller's decoder judges the rest.
func (d *Decoder) Value() ([]byte, error) {
	i := skipSpace(d.data, d.i)
	end := valueEnd(d.data, i)
	if end < 0 {
		return nil, errSyntax
	}
	d.i = end
	return d.data[i:end], nil
}

// Keep consumes the next value and adds it under key to extras (allocating the map on first
// use) with a copy of the value, and returns extras. A value that is not valid JSON is an
// error: a member kept unread is sent again as is by the encoder.
func (d *Decoder) Keep(extras map[string]json.RawMessage, key []byte) (map[string]json.RawMessage, error) {
	v, err := d.Value()
	if err != nil {
		return extras, err
	}
	return Keep(extras, key, v)
}

// Keep adds the member key with value to extras (allocating the map on first use), a copy of
// the value, and returns extras. A value that is not valid JSON is an error: a member kept
// unread is sent again as is by the encoder, and the decoder only finds where a value ends.
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

// DecodeValue decodes the next value into *dst and consumes it: through dst's DecodeJSON when
// it is a [ValueDecoder], a string, bool, float64 or int as [DecodeString], [DecodeBool],
// [DecodeFloat] and [DecodeInt] do, else as encoding/json would (json.Unmarshaler first).
func DecodeValue(d *Decoder, dst any) error {
	if vd, ok := dst.(ValueDecoder); ok {
		return vd.DecodeJSON(d)
	}
	bound, bounded := d.bound()
	if !bounded {
		switch p := dst.(type) {
		case *string:
			return DecodeString(d, p)
		case *bool:
			return DecodeBool(d, p)
		case *float64:
			return DecodeFloat(d, p)
		case *int:
			return DecodeInt(d, p)
		case *int32:
			return DecodeInt(d, p)
		case *int64:
			return DecodeInt(d, p)
		}
	}
	v, err := d.Value()
	if err != nil {
		return err
	}
	if bounded {
		// The bounded array kept as it is (a union holding raw JSON) is counted all the same.
		if err := checkCount(v, bound, d.limit); err != nil {
			return err
		}
	}
	return decodeRaw(dst, v)
}

// ScalarDecoder is a scalar that checks the JSON it is given: the SDK's scalars (Timestamp,
// Date, GUID, Decimal, Secret), which decode from their UnmarshalJSON and encode with their
// AppendJSON.
type ScalarDecoder interface {
	json.Unmarshaler
	Appender
}

// DecodeScalar decodes the next value into dst with its UnmarshalJSON and consumes it, as
// [DecodeValue] does, without its type switch: a string without escapes (what the scalars are
// sent as) is found in one scan, anything else as [Decoder.Value] finds it, and dst judges it.
func DecodeScalar(d *Decoder, dst ScalarDecoder) error {
	i := skipSpace(d.data, d.i)
	if end, _ := plainEnd(d.data, i); end > 0 {
		d.i = end
		return dst.UnmarshalJSON(d.data[i:end])
	}
	d.i = i
	v, err := d.Value()
	if err != nil {
		return err
	}
	return dst.UnmarshalJSON(v)
}

// DecodeString decodes the next value, a JSON string, into *dst (a string or a string-based
// type such as an enum) as encoding/json would, without reflection for a string that needs no
// unescaping; null leaves *dst unchanged.
func DecodeString[S ~string](d *Decoder, dst *S) error {
	data := d.data
	i := skipSpace(data, d.i)
	if end, ascii := plainEnd(data, i); end > 0 && (ascii || utf8.Valid(data[i+1:end-1])) {
		*dst = S(data[i+1 : end-1])
		d.i = end
		return nil
	}
	d.i = i
	v, err := d.Value()
	if err != nil {
		return err
	}
	if string(v) == "null" {
		return nil
	}
	var s string
	if err := json.Unmarshal(v, &s); err != nil {
		return json.Unmarshal(v, dst) // encoding/json's own error for the type
	}
	*dst = S(s)
	return nil
}

// DecodeElems decodes the next value, a JSON array, into *dst as encoding/json would (null
// sets nil, [] an empty slice), each element decoded in place in the slice's backing array
// with [DecodeValue] (no temporary per element). The elements are counted first, in one scan
// that allocates nothing, and the backing array allocated once at that length; an array
// where the decoder's [Limit] points holds at most its Max elements, one more an error before
// any is decoded. (Input that does not scan is decoded as it comes, the array growing from one
// element to four, then by at most four times its length, and fails where it breaks.)
func DecodeElems[T any](d *Decoder, dst *[]T) error {
	return DecodeModels(d, dst, nil)
}

// DecodeModels is [DecodeElems] for a slice of generated models: each element is decoded in
// place by decode (the model's decodeJSON method), on the same Decoder. A nil decode decodes
// each element with [DecodeValue].
func DecodeModels[T any](d *Decoder, dst *[]T, decode func(*T, *Decoder) error) error {
	if d.Null() {
		*dst = nil
		return nil
	}
	if d.Peek() != '[' {
		v, err := d.Value()
		if err != nil {
			return err
		}
		return json.Unmarshal(v, dst) // encoding/json's type error
	}
	bound, bounded := d.bound()
	out := (*dst)[:0]
	d.i++ // the opening bracket
	// The elements are counted first (one scan that finds where each ends), so that an array
	// of more elements than its bound is refused before any is built, and the slice is
	// allocated once, at its length: an item costs its element of the backing array and what
	// it holds, never the copies of a growing array (which doubled what a list of {} cost).
	// Input that does not scan is decoded as it comes, growing the array, and fails there.
	n, counted := countElems(*d)
	if more, err := d.Elem(); err != nil {
		return err
	} else if !more {
		if out == nil {
			out = []T{}
		}
		*dst = out
		return nil
	}
	start := d.i
	if counted {
		if bounded && n > bound {
			return d.limit.exceeded()
		}
		if cap(out) < n {
			out = make([]T, 0, n)
		}
	}
	if !bounded {
		return decodeElements(d, dst, out, start, nil, decode)
	}
	// The bound is this array's: no array inside its elements is bounded.
	lim := d.limit
	d.limit = nil
	err := decodeElements(d, dst, out, start, lim, decode)
	d.limit = lim
	return err
}

// decodeElements decodes the elements of the array that starts at data[start] (its first
// element, after the opening bracket) into out, then sets *dst: see [DecodeModels]. With lim
// set, an element beyond lim.Max is an error before it is decoded.
func decodeElements[T any](d *Decoder, dst *[]T, out []T, start int, lim *Limit, decode func(*T, *Decoder) error) error {
	var zero T
	for {
		if lim != nil && len(out) >= lim.Max {
			// One element more than the bound: an error before it is decoded.
			return lim.exceeded()
		}
		if n := len(out); n == cap(out) {
			c := growCap(n, d.i-start, len(d.data)-d.i)
			if lim != nil {
				c = min(c, lim.Max)
			}
			grown := make([]T, n, c)
			copy(grown, out)
			out = grown
		}
		out = out[:len(out)+1]
		out[len(out)-1] = zero
		var err error
		if decode != nil {
			err = decode(&out[len(out)-1], d)
		} else {
			err = DecodeValue(d, &out[len(out)-1])
		}
		if err != nil {
			return err
		}
		if more, err := d.Elem(); err != nil || !more {
			if err == nil {
				*dst = out
			}
			return err
		}
	}
}

// growCap returns the capacity of the backing array that replaces a full one of n elements,
// which took used bytes of input, with left bytes of input after them: see [DecodeElems].
func growCap(n, used, left int) int {
	c := 1
	switch {
	case n == 1:
		c = 4
	case n > 1:
		c = 4 * n
		if avg := used / n; avg > 0 {
			c = min(c, n+left/avg+1)
		}
		c = max(c, n+1)
	}
	return c
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// DecodeInt decodes the next value, a JSON integer, into *dst as encoding/json would (null
// leaves it unchanged; anything else is encoding/json's error).
func DecodeInt[T ~int | ~int32 | ~int64](d *Decoder, dst *T) error {
	v, err := d.Value()
	if err != nil {
		return err
	}
	if isNumber(v) {
		return decodeInt(dst, v)
	}
	return json.Unmarshal(v, dst)
}

// DecodeFloat decodes the next value, a JSON number, into *dst as encoding/json would.
func DecodeFloat[T ~float64](d *Decoder, dst *T) error {
	v, err := d.Value()
	if err != nil {
		return err
	}
	if isNumber(v) {
		return decodeFloat(dst, v)
	}
	return json.Unmarshal(v, dst)
}

// numberText returns the JSON number v as a string without copying it: strconv reads it and
// keeps (copies) it only in its error.
func numberText(v []byte) string { return unsafe.String(unsafe.SliceData(v), len(v)) }

// numberError is the error of the JSON number v that does not fit in a T (out of range, or a
// fraction for an integer): the *json.UnmarshalTypeError encoding/json gives, built by the SDK
// so that what a hostile number costs does not depend on the Go release's encoding/json
// (whose engine in Go 1.27 copies it more times). It holds one copy of v.
func numberError[T any](v []byte) error {
	return &json.UnmarshalTypeError{Value: "number " + string(v), Type: reflect.TypeFor[T]()}
}

// DecodeBool decodes the next value, true or false, into *dst as encoding/json would.
func DecodeBool[T ~bool](d *Decoder, dst *T) error {
	v, err := d.Value()
	if err != nil {
		return err
	}
	switch string(v) {
	case "true":
		*dst = true
		return nil
	case "false":
		*dst = false
		return nil
	}
	return json.Unmarshal(v, dst)
}
