package jsonxtest

import (
	"encoding/json"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"time"
	"unicode"
)

// strs are the strings planted in string fields, keys and secrets: every class of character
// encoding/json escapes.
var strs = []string{
	"", "a", "ACTIVE", `q"uote`, `back\slash`, "ctl\x00\x01\x1f\x7f", "\t\n\r\b\f", "<script>&amp;</script>",
	"line\u2028para\u2029", "bad\xffutf8\xc3", "\xe2\x80", "é€😀", "null", " ", "{}", "4111111111111111",
}

// raws are the values planted in AdditionalProperties and json.RawMessage fields: spacing to
// compact, HTML and U+2028 to escape, numbers to keep exact.
var raws = []string{
	`1`, `-0.10`, `12345678901234567890.123`, `true`, `null`, `"s"`, `"<&>"`, "\"\u2028\"", `{}`, `[]`,
	` { "a" : [ 1 , "x\"}" , { "b" : null } ] } `, "[\n\t\"é\", \"<\"\n]", `{"k":"\u003c"}`,
}

// filler builds random values by reflection.
type filler struct {
	r     *rand.Rand
	plant string // a fuzzer's string, used often
	raw   []byte // a fuzzer's raw JSON value, used often (when valid)
}

func (f *filler) chance(n int) bool { return f.r.IntN(n) == 0 }

func (f *filler) str() string {
	if f.plant != "" && f.chance(3) {
		return f.plant
	}
	if f.chance(4) {
		var b []byte
		for range f.r.IntN(12) {
			b = append(b, byte(f.r.IntN(256)))
		}
		return string(b)
	}
	return strs[f.r.IntN(len(strs))]
}

func (f *filler) rawValue() json.RawMessage {
	if f.raw != nil && f.chance(3) && json.Valid(f.raw) {
		return json.RawMessage(f.raw)
	}
	if f.chance(10) {
		return nil
	}
	return json.RawMessage(raws[f.r.IntN(len(raws))])
}

var (
	timestampType  = reflect.TypeFor[core.Timestamp]()
	decimalType    = reflect.TypeFor[core.Decimal]()
	secretType     = reflect.TypeFor[core.Secret]()
	guidType       = reflect.TypeFor[core.GUID]()
	dateType       = reflect.TypeFor[core.Date]()
	rawType        = reflect.TypeFor[json.RawMessage]()
	extrasType     = reflect.TypeFor[map[string]json.RawMessage]()
	coreExtrasType = reflect.TypeFor[core.Extras]()
)

var floats = []float64{0, math.Copysign(0, -1), 1, -1.5, 0.1, 123.456, 1e20, 1e21, 1e-6, 1e-7, -2.5e-9, math.MaxFloat64, math.SmallestNonzeroFloat64}

// fill sets v (settable) to a random value of its type; depth limits nesting.
func (f *filler) fill(v reflect.Value, depth int) {
	if f.chance(5) {
		return // zero
	}
	switch v.Type() {
	case timestampType:
		t := time.Date(1+f.r.IntN(9998), time.Month(1+f.r.IntN(12)), 1+f.r.IntN(28), f.r.IntN(24), f.r.IntN(60), f.r.IntN(60), f.r.IntN(3)*f.r.IntN(1e9), time.UTC)
		s := t.Format("2006-01-02T15:04:05.999999999")
		if f.chance(3) {
			s += []string{"Z", "+02:00", "-05:30"}[f.r.IntN(3)]
		}
		ts, err := core.ParseTimestamp(s)
		if err == nil {
			v.Set(reflect.ValueOf(ts))
		}
		return
	case decimalType:
		d := core.NewDecimalFromInt(f.r.Int64()>>f.r.IntN(64), int32(f.r.IntN(8)))
		if f.chance(4) {
			d = core.MustParseDecimal("-123456789012345678901234567890.0012")
		}
		v.Set(reflect.ValueOf(d))
		return
	case secretType:
		v.Set(reflect.ValueOf(core.NewSecret(f.str())))
		return
	case guidType:
		var g core.GUID
		for i := range g {
			g[i] = byte(f.r.IntN(256))
		}
		v.Set(reflect.ValueOf(g))
		return
	case dateType:
		d, err := core.NewDate(1+f.r.IntN(9998), time.Month(1+f.r.IntN(12)), 1+f.r.IntN(28))
		if err == nil {
			v.Set(reflect.ValueOf(d))
		}
		return
	case rawType:
		v.Set(reflect.ValueOf(f.rawValue()))
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(f.str())
	case reflect.Bool:
		v.SetBool(f.chance(2))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n := f.r.Int64() >> f.r.IntN(64)
		if f.chance(2) {
			n = -n
		}
		if !v.OverflowInt(n) {
			v.SetInt(n)
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if n := f.r.Uint64() >> f.r.IntN(64); !v.OverflowUint(n) {
			v.SetUint(n)
		}
	case reflect.Float32, reflect.Float64:
		x := floats[f.r.IntN(len(floats))]
		if f.chance(3) {
			x = f.r.NormFloat64() * math.Pow(10, float64(f.r.IntN(40)-20))
		}
		if !v.OverflowFloat(x) {
			v.SetFloat(x)
		}
	case reflect.Slice:
		if depth <= 0 {
			return
		}
		n := f.r.IntN(4)
		s := reflect.MakeSlice(v.Type(), n, n)
		for i := range n {
			f.fill(s.Index(i), depth-1)
		}
		v.Set(s)
	case reflect.Map:
		if depth <= 0 || v.Type().Key().Kind() != reflect.String {
			return
		}
		m := reflect.MakeMap(v.Type())
		for range f.r.IntN(4) {
			k := reflect.New(v.Type().Key()).Elem()
			k.SetString(f.str())
			e := reflect.New(v.Type().Elem()).Elem()
			f.fill(e, depth-1)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.Pointer:
		if depth <= 0 {
			return
		}
		p := reflect.New(v.Type().Elem())
		f.fill(p.Elem(), depth-1)
		v.Set(p)
	case reflect.Interface:
		if v.NumMethod() == 0 {
			v.Set(reflect.ValueOf([]any{f.str(), 1.5, map[string]any{"k": f.str()}}[f.r.IntN(3)]))
		}
	case reflect.Struct:
		if depth <= 0 {
			return
		}
		f.fillStruct(v, depth-1)
	}
}

// fillStruct fills the exported fields of a struct; AdditionalProperties gets extras whose
// keys are often the names of the struct's own fields, spelt in another case.
func (f *filler) fillStruct(v reflect.Value, depth int) {
	t := v.Type()
	var names []string
	for i := range t.NumField() {
		if name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ","); name != "" && name != "-" {
			names = append(names, name)
		}
	}
	for i := range t.NumField() {
		sf := t.Field(i)
		if !sf.IsExported() {
			continue
		}
		if sf.Name == "AdditionalProperties" && isExtras(sf.Type) {
			f.fillExtras(v.Field(i), names)
			continue
		}
		f.fill(v.Field(i), depth)
	}
}

func (f *filler) fillExtras(v reflect.Value, names []string) {
	if f.chance(2) {
		return
	}
	m := map[string]json.RawMessage{}
	for range 1 + f.r.IntN(4) {
		k := f.str()
		if len(names) > 0 && f.chance(3) {
			k = names[f.r.IntN(len(names))]
			if f.chance(2) {
				k = strings.Map(unicode.ToUpper, k)
			}
		}
		m[k] = f.rawValue()
	}
	if v.Type() == coreExtrasType {
		v.Set(reflect.ValueOf(core.NewExtras(m)))
		return
	}
	v.Set(reflect.ValueOf(m).Convert(v.Type()))
}

// isExtras reports whether t holds a model's unknown members: core.Extras, or
// map[string]json.RawMessage or a named type of it (the sandboxes' server models).
func isExtras(t reflect.Type) bool {
	return t == coreExtrasType || t.Kind() == reflect.Map && t.ConvertibleTo(extrasType)
}

// extrasOf returns the unknown members v (of a type isExtras accepts) holds.
func extrasOf(v reflect.Value) map[string]json.RawMessage {
	if v.Type() == coreExtrasType {
		return v.Interface().(core.Extras).Map()
	}
	return v.Convert(extrasType).Interface().(map[string]json.RawMessage)
}
