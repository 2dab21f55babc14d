package core

import (
	"encoding/json"
	"testing"
)

// Run with:
//
//	go test -run='^$' -bench=. -benchmem ./internal/scalar/

func BenchmarkTimestampUnmarshalJSON(b *testing.B) {
	for _, in := range []string{`"2024-05-01T10:20:30"`, `"2024-05-01T10:20:30.1234567"`, `"2024-05-01T10:20:30.5+02:00"`} {
		data := []byte(in)
		b.Run(in[1:len(in)-1], func(b *testing.B) {
			b.ReportAllocs()
			var ts Timestamp
			for b.Loop() {
				if err := ts.UnmarshalJSON(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkTimestampMarshalJSON(b *testing.B) {
	ts := mustTimestamp(b, "2024-05-01T10:20:30.1234567")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ts.MarshalJSON(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecimalUnmarshalJSON(b *testing.B) {
	for _, in := range []string{`12.50`, `-1234567.8901`, `"75,020.52"`, `1.5e3`, `12345678901234567890.123456789`} {
		data := []byte(in)
		b.Run(in, func(b *testing.B) {
			b.ReportAllocs()
			var d Decimal
			for b.Loop() {
				if err := d.UnmarshalJSON(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkDecimalMarshalJSON(b *testing.B) {
	d := MustParseDecimal("75020.52")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := d.MarshalJSON(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStructDecode decodes a typical body through encoding/json, for scale: most of the
// cost is encoding/json's own.
func BenchmarkStructDecode(b *testing.B) {
	type txn struct {
		Amount Decimal   `json:"amount"`
		Fee    *Decimal  `json:"fee,omitempty"`
		At     Timestamp `json:"at"`
		PAN    Secret    `json:"pan"`
	}
	data := []byte(`{"amount":1234.50,"fee":"1,020.52","at":"2024-05-01T10:20:30.1234567","pan":"4111111111111111"}`)
	b.ReportAllocs()
	for b.Loop() {
		var v txn
		if err := json.Unmarshal(data, &v); err != nil {
			b.Fatal(err)
		}
	}
}
