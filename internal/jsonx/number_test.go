package jsonx_test

import (
	"strings"
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/alloctest"
	"github.com/issuerkit/issuerkit-go/internal/jsonx"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// hostileNumbers are numbers built to be expensive: huge exponents and very long runs of
// digits, in the places each numeric decoder reads.
var hostileNumbers = []string{
	"1e999", "-1e999", "1e-999", "1e99999999999999999999", "1e40", "1e39",
	strings.Repeat("9", 1<<20), "1." + strings.Repeat("0", 1<<20) + "1",
	"0." + strings.Repeat("0", 1<<20) + "1", "1e" + strings.Repeat("9", 1<<20),
	"1e-" + strings.Repeat("9", 1<<20), strings.Repeat("1", 1<<20) + "e-" + strings.Repeat("9", 1<<10),
}

// TestNumberCostIsLinearInItsText: every numeric decoder of the generated models (ints,
// floats, the SDK's Decimal, encoding/json's fallback) decodes or rejects a hostile number
// allocating at most a few times its text plus a constant: no decimal expansion of an
// exponent, no quadratic conversion. The ints and floats the SDK decodes itself, their
// errors included, so that the cost does not depend on the Go release's encoding/json (Go
// 1.27's cost 6.3 MB for a number of 1 MiB, over this bound). (An integer of a million digits costs 5 copies of its
// text: strconv's and encoding/json's error each keep one.) Before the Decimal cap was lowered, 1e999 expanded to
// 1,000 digits through math/big (2.5 KB for 5 bytes).
func TestNumberCostIsLinearInItsText(t *testing.T) {
	decoders := map[string]func(d *jsonx.Decoder) error{
		"DecodeInt": func(d *jsonx.Decoder) error {
			var v int64
			return jsonx.DecodeInt(d, &v)
		},
		"DecodeFloat": func(d *jsonx.Decoder) error {
			var v float64
			return jsonx.DecodeFloat(d, &v)
		},
		"DecodeScalar(Decimal)": func(d *jsonx.Decoder) error {
			var v core.Decimal
			return jsonx.DecodeScalar(d, &v)
		},
		"DecodeValue(*int)": func(d *jsonx.Decoder) error {
			var v int
			return jsonx.DecodeValue(d, &v)
		},
		"DecodeValue(any)": func(d *jsonx.Decoder) error {
			var v any
			return jsonx.DecodeValue(d, &v)
		},
	}
	for name, dec := range decoders {
		for _, in := range hostileNumbers {
			for _, text := range []string{in, `"` + in + `"`} {
				if name != "DecodeScalar(Decimal)" && text[0] == '"' {
					continue // only the Decimal reads numbers in strings
				}
				data := []byte(text)
				run := func() error {
					d := jsonx.NewDecoder(data)
					return dec(&d)
				}
				allocated := alloctest.Bytes(3, func() { _ = run() })
				if limit := 6*uint64(len(text)) + 1024; allocated > limit {
					t.Errorf("%s(%s…, %d bytes): %d bytes allocated, over %d", name, text[:min(len(text), 8)], len(text), allocated, limit)
				}
			}
		}
	}
}

// TestDecimalBeyondAnyAmountIsAnError: the exponents no amount can hold are a
// core.ErrInvalidDecimal at once, in a number and in a string.
func TestDecimalBeyondAnyAmountIsAnError(t *testing.T) {
	for _, in := range []string{"1e999", "1e40", "-1e40", "1e-41", `"1e999"`, `"1e40"`} {
		var v core.Decimal
		d := jsonx.NewDecoder([]byte(in))
		if err := jsonx.DecodeScalar(&d, &v); err == nil {
			t.Errorf("%s decoded to %s", in, v)
		}
	}
}
