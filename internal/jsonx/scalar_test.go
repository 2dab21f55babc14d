package jsonx_test

import (
	"fmt"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"reflect"
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/jsonx"
)

// scalarInputs are values of every shape a scalar member may hold, well formed or not.
var scalarInputs = []string{
	`"2024-05-01T10:20:30.1234567"`, `"2024-05-01"`, `"3fa85f64-5717-4562-b3fc-2c963f66afa6"`,
	`"4111111111111111"`, `"a\"b"`, `"\u0041"`, `"\q"`, `"tab	in"`, "\"\xff\xfe\"", `""`, `"x`,
	`"`, `null`, `nul`, `true`, `125.50`, `-0.5e3`, `1e999`, `0123`, `{"a":1}`, `[1,"x"]`, `[`,
	` "2024-05-01T10:20:30"`, "\n\t125", ``,
}

// decodeBoth decodes in (one value, then white space) into a fresh T through DecodeScalar and
// through DecodeValue, and returns both results.
func decodeBoth[T any, P interface {
	*T
	jsonx.ScalarDecoder
}](in string) (a, b T, errA, errB error) {
	for k, dec := range []func(*jsonx.Decoder, P) error{
		func(d *jsonx.Decoder, p P) error { return jsonx.DecodeScalar(d, p) },
		func(d *jsonx.Decoder, p P) error { return jsonx.DecodeValue(d, p) },
	} {
		var out T
		d := jsonx.NewDecoder([]byte(in + " "))
		err := dec(&d, &out)
		if err == nil {
			err = d.End()
		}
		if k == 0 {
			a, errA = out, err
		} else {
			b, errB = out, err
		}
	}
	return a, b, errA, errB
}

// TestDecodeScalarAsDecodeValue: the scalar fast path gives every scalar type what the
// general path gives it, value and error, on every shape of input.
func TestDecodeScalarAsDecodeValue(t *testing.T) {
	check := func(name string, in string, a, b any, errA, errB error) {
		t.Helper()
		if (errA == nil) != (errB == nil) || !reflect.DeepEqual(a, b) {
			t.Errorf("%s %q: DecodeScalar %v (%v), DecodeValue %v (%v)", name, in, a, errA, b, errB)
		}
	}
	for _, in := range scalarInputs {
		a1, b1, e1, f1 := decodeBoth[core.Timestamp](in)
		check("Timestamp", in, a1, b1, e1, f1)
		a2, b2, e2, f2 := decodeBoth[core.Date](in)
		check("Date", in, a2, b2, e2, f2)
		a3, b3, e3, f3 := decodeBoth[core.GUID](in)
		check("GUID", in, a3, b3, e3, f3)
		a4, b4, e4, f4 := decodeBoth[core.Secret](in)
		check("Secret", in, fmt.Sprint(a4.Reveal()), fmt.Sprint(b4.Reveal()), e4, f4)
		a5, b5, e5, f5 := decodeBoth[core.Decimal](in)
		check("Decimal", in, a5.String(), b5.String(), e5, f5)
	}
}
