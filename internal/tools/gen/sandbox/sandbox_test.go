package sandbox

import (
	"strings"
	"testing"
)

// TestSettings: the sandbox's settings come from x-issuerkit-go.sandbox and the error body
// family from x-issuerkit-go.facade.errorBody; a missing object or required key, a value that
// is not a string, an unknown key and an unknown body family are errors, never a file
// generated from a guess.
func TestSettings(t *testing.T) {
	ok := func(body string, sb map[string]any) map[string]any {
		return map[string]any{"facade": map[string]any{"errorBody": body}, "sandbox": sb}
	}
	p, err := settings("cardplatform", ok("problem", map[string]any{"example": "createDisbursement", "secrets": "pin", "fault": "a\nb\n"}))
	want := params{Client: "cardplatform", Header: "Cardplatformtest-Fault", Problem: true, Example: "createDisbursement", Secrets: "pin", Fault: "a\nb"}
	if err != nil || p != want {
		t.Fatalf("settings = %+v, %v; want %+v", p, err, want)
	}
	p, err = settings("paging", ok("bank", map[string]any{"example": "listAchTransactions", "secrets": "accountNumber"}))
	if err != nil || p.Problem || p.Header != "Pagingtest-Fault" {
		t.Fatalf("settings = %+v, %v", p, err)
	}
	good := map[string]any{"example": "x", "secrets": "y"}
	for name, s := range map[string]map[string]any{
		"no sandbox":   {"facade": map[string]any{"errorBody": "bank"}},
		"no facade":    {"sandbox": good},
		"unknown body": ok("soap", good),
		"no example":   ok("bank", map[string]any{"secrets": "y"}),
		"no secrets":   ok("bank", map[string]any{"example": "x"}),
		"not a string": ok("bank", map[string]any{"example": "x", "secrets": "y", "fault": true}),
		"unknown key":  ok("bank", map[string]any{"example": "x", "secrets": "y", "faults": "z"}),
	} {
		if _, err := settings("paging", s); err == nil || !strings.Contains(err.Error(), "x-issuerkit-go.") {
			t.Errorf("%s: err = %v", name, err)
		}
	}
}

// TestComment: every line of a note becomes a comment line, a blank one "//".
func TestComment(t *testing.T) {
	if got, want := comment("a b\n\nc  "), "// a b\n//\n// c"; got != want {
		t.Fatalf("comment = %q, want %q", got, want)
	}
}
