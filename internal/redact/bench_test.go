package redact

import (
	"encoding/json"
	"testing"
)

// benchProblem is an error body as the card platform sends one: a problem with validation
// messages, a card number in its detail and a member beyond its schema.
var benchProblem = []byte(`{"type":"https://platform.test/problems/validation","title":"One or more validation errors occurred.",
 "status":400,"detail":"card 4111 1111 1111 1111 was refused","traceId":"00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
 "errors":{"pin":["PIN must be 4 digits"],"card_number":["The card_number field is required."]},
 "card":{"cvv":"737","pan":"4111111111111111","expiry":"12/27","holder":{"name":"J\u00f6rg \"JD\" Doe","dob":"1970-01-01"}},
 "amounts":[250.75,12,-3.5e2,true,null]}`)

// BenchmarkJSON: Redactor.JSON of a problem body (what an error keeps of a body).
func BenchmarkJSON(b *testing.B) {
	r := Default().WithSecrets("s3cr3t-token-value")
	b.ReportAllocs()
	for b.Loop() {
		r.JSON(benchProblem)
	}
}

// BenchmarkMaskValues: MaskValues of a model's unknown members (what fmt and slog print).
func BenchmarkMaskValues(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		MaskValues(benchProblem)
	}
}

// BenchmarkMaskUnknownMembers: an error body printed with its schema's members kept.
func BenchmarkMaskUnknownMembers(b *testing.B) {
	known := func(name string) bool { return name == "title" || name == "status" || name == "detail" }
	r := Default()
	b.ReportAllocs()
	for b.Loop() {
		r.MaskUnknownMembers(benchProblem, known)
	}
}

// BenchmarkMaskMembers: the unknown members of a model masked for printing.
func BenchmarkMaskMembers(b *testing.B) {
	extras := map[string]json.RawMessage{"note": json.RawMessage(`"kept"`), "card": json.RawMessage(`{"cvv":"737","n":[1,2]}`)}
	b.ReportAllocs()
	for b.Loop() {
		MaskMembers(extras)
	}
}
