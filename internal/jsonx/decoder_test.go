package jsonx

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// rec is a hand-written model decoded the way the generated ones are: named members through
// typed decoders, the rest kept raw.
type rec struct {
	Name string   `json:"name"`
	N    int32    `json:"n"`
	F    float64  `json:"f"`
	B    bool     `json:"b"`
	Tags []string `json:"tags"`
	Kids []rec    `json:"kids"`
}

var recFields = NewFields("name", "n", "f", "b", "tags", "kids")

func (r *rec) DecodeJSON(d *Decoder) error {
	if null, err := d.ObjectStart(); null || err != nil {
		return err
	}
	for {
		key, more, err := d.Member()
		if err != nil || !more {
			return err
		}
		switch recFields.Index(key) {
		case 0:
			err = DecodeString(d, &r.Name)
		case 1:
			err = DecodeInt(d, &r.N)
		case 2:
			err = DecodeFloat(d, &r.F)
		case 3:
			err = DecodeBool(d, &r.B)
		case 4:
			err = DecodeElems(d, &r.Tags)
		case 5:
			err = DecodeElems(d, &r.Kids)
		default:
			_, err = d.Keep(nil, key) // checked, then dropped
		}
		if err != nil {
			return err
		}
	}
}

func decodeRec(b []byte) (rec, error) {
	var r rec
	d := NewDecoder(b)
	if err := r.DecodeJSON(&d); err != nil {
		return r, err
	}
	return r, d.End()
}

// TestDecoderMatchesEncodingJSON decodes valid inputs (spaced and not, nested, escaped, null
// in every place) and broken ones: the decoder agrees with encoding/json on the fields and
// fails exactly on the inputs json.Valid rejects.
func TestDecoderMatchesEncodingJSON(t *testing.T) {
	for _, in := range decoderValid {
		got, err := decodeRec([]byte(in))
		if err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		var want rec
		if err := json.Unmarshal([]byte(in), &want); err != nil {
			t.Fatalf("%s: encoding/json: %v", in, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got %+v\nwant %+v", in, got, want)
		}
	}
	for _, in := range decoderBroken {
		if _, err := decodeRec([]byte(in)); err == nil {
			t.Errorf("%q decoded without error", in)
		}
	}
}

var (
	decoderValid = []string{
		`{}`, ` { } `, `null`, `{"name":"a\u00e9\"b","n":-12,"f":1.5e3,"b":true,"tags":["x","y\n"],"kids":[{"name":"k","kids":[]},null,{}]}`,
		`{"NAME":"case","N":3}`, `{"name":null,"n":null,"tags":null,"kids":null}`, `{"tags":[],"kids":[{"x":[1,{"y":"}"}]}]}`,
		"{\r\n\t\"name\" :\t\"a\" ,\n \"x\" : { \"k\" : [ 1 , 2 ] } , \"b\":false }",
		`{"n\u0061me":"escaped key","z":"\ud83d\ude00"}`, `{"name":"` + strings.Repeat("long ", 100) + `"}`,
		`{"kids":[` + strings.Repeat(`{"n":1},`, 99) + `{"n":2}]}`, "{\"name\":\"\xff\xfe bad utf8\"}",
	}
	decoderBroken = []string{
		``, `{`, `}`, `{,}`, `{"a":1,}`, `{,"a":1}`, `{"a" 1}`, `{"a":1 "b":2}`, `{"a":1}}`, `{"a":}`,
		`{"kids":[{"n":1},]}`, `{"kids":[,]}`, `{"kids":[{"n":1} {"n":2}]}`, `{"tags":["a"`, `{"name":"a` + "\x01" + `"}`,
		`{"x":"\q"}`, `{"x":[1,2}`, `nul`, `nullx`, `{"a":1}x`, `[]`, `{"kids":{}}`, `{"n":"1"}`, `{"n":1.5}`, `{"b":"true"}`,
		`{"name":1}`, `{"tags":[1]}`, `{"a" :1,"b":{"c":[}}`,
	}
	mutationSeed = []byte(`{"name":"a\"b","n":1,"x":{"y":[true,null,"s"]},"kids":[{"tags":["p","q"]},{"n":2}],"tags":[]}`)
)

// TestDecoderRejectsWhatJSONValidRejects mutates a valid input at random: every result that
// json.Valid rejects is an error, and every other result decodes exactly when encoding/json
// decodes it, to the same value.
func TestDecoderRejectsWhatJSONValidRejects(t *testing.T) {
	seed := mutationSeed
	alphabet := []byte("{}[]:,\"\\ \x00\x1fatrue0.-e+u")
	r := rand.New(rand.NewPCG(18, 1))
	for range 20000 {
		b := append([]byte(nil), seed...)
		for range 1 + r.IntN(3) {
			p := r.IntN(len(b))
			switch r.IntN(3) {
			case 0:
				b = append(b[:p], append([]byte{alphabet[r.IntN(len(alphabet))]}, b[p:]...)...)
			case 1:
				b[p] = alphabet[r.IntN(len(alphabet))]
			default:
				b = append(b[:p], b[p+1:]...)
			}
		}
		if err := agreesWithEncodingJSON(b); err != nil {
			t.Fatal(err)
		}
	}
}

// agreesWithEncodingJSON checks the decoder against encoding/json on one input: invalid JSON
// is an error; otherwise the decoder succeeds exactly when json.Unmarshal does, with the same
// result.
func agreesWithEncodingJSON(b []byte) error {
	got, err := decodeRec(b)
	if err == nil && !json.Valid(b) {
		return fmt.Errorf("invalid JSON decoded without error: %q", b)
	}
	var want rec
	jerr := json.Unmarshal(b, &want)
	switch {
	case err == nil && jerr != nil:
		return fmt.Errorf("%q decoded, encoding/json: %v", b, jerr)
	case err != nil && jerr == nil:
		return fmt.Errorf("%q: %v, encoding/json decoded it", b, err)
	case err == nil && !reflect.DeepEqual(got, want):
		return fmt.Errorf("%q:\n got %+v\nwant %+v", b, got, want)
	}
	return nil
}

// FuzzDecoder: on any input the decoder agrees with encoding/json (agreesWithEncodingJSON).
// The seeds are the inputs of TestDecoderMatchesEncodingJSON and the mutation seed.
//
//	go test -run '^$' -fuzz FuzzDecoder -fuzztime 30s ./internal/jsonx/
func FuzzDecoder(f *testing.F) {
	for _, in := range decoderValid {
		f.Add([]byte(in))
	}
	for _, in := range decoderBroken {
		f.Add([]byte(in))
	}
	f.Add(mutationSeed)
	f.Fuzz(func(t *testing.T, b []byte) {
		if err := agreesWithEncodingJSON(b); err != nil {
			t.Fatal(err)
		}
	})
}

// TestDecodeElemsAllocatesOnce: an array's backing array is allocated once, at its length
// (the elements are counted first), whatever its length and what follows it.
func TestDecodeElemsAllocatesOnce(t *testing.T) {
	for _, n := range []int{1, 3, 1000} {
		in := []byte(`[` + strings.Repeat(`"abcdefgh",`, n-1) + `"abcdefgh"]` + strings.Repeat(" ", 4096))
		var out []string
		allocs := testing.AllocsPerRun(10, func() {
			out = nil
			d := NewDecoder(in)
			if err := DecodeElems(&d, &out); err != nil {
				t.Fatal(err)
			}
		})
		if len(out) != n || cap(out) != n {
			t.Fatalf("%d elements, capacity %d, want %d", len(out), cap(out), n)
		}
		// n strings, the backing array and the Decoder (it escapes to the element decoders).
		if allocs > float64(n+2) {
			t.Errorf("%d elements: %v allocations", n, allocs)
		}
	}
}

// TestDecoderRejectsTruncatedInput: a body cut short (a connection that broke mid-answer, a
// proxy's limit) is an error, never an object with the members read so far.
func TestDecoderRejectsTruncatedInput(t *testing.T) {
	for _, in := range []string{
		`{`, `{"a"`, `{"a":`, `{"a":"x"`, `{"a":"x",`, `{"a":"x", `, `{"a":1,"b":true`,
		`{"a":{"b":1}`, `{"a":[1,2]`, `{"a":"x"}}`, `{"a":"x"} x`, `{"kids":[{"n":1}`, `{"kids":[`,
	} {
		if _, err := decodeRec([]byte(in)); err == nil {
			t.Errorf("%q decoded without error", in)
		}
	}
	for _, in := range []string{`{}`, ` { } `, `{"a":"x"}`, `{"a":{"b":[1,{"c":null}]},"d":-1.5e3}` + "\n", `null`} {
		if _, err := decodeRec([]byte(in)); err != nil {
			t.Errorf("%q: %v", in, err)
		}
	}
}
