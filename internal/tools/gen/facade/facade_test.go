package facade

import (
	"strings"
	"testing"
)

// TestSettings: the facade's settings come from x-issuerkit-go.facade; a missing object, an
// unknown error body family, a non-boolean apiVersion and an unknown key are errors, never a
// facade generated from a guess.
func TestSettings(t *testing.T) {
	p, err := settings(map[string]any{"facade": map[string]any{"errorBody": "problem", "apiVersion": true}})
	if err != nil || p != (params{Body: "problem", Version: "option"}) {
		t.Fatalf("settings = %+v, %v", p, err)
	}
	p, err = settings(map[string]any{"facade": map[string]any{"errorBody": "bank", "apiVersion": "implied"}})
	if err != nil || p != (params{Body: "bank", Version: "implied"}) {
		t.Fatalf("settings = %+v, %v", p, err)
	}
	p, err = settings(map[string]any{"facade": map[string]any{"errorBody": "bank"}})
	if err != nil || p != (params{Body: "bank"}) {
		t.Fatalf("settings = %+v, %v", p, err)
	}
	for name, s := range map[string]map[string]any{
		"missing":       nil,
		"no errorBody":  {"facade": map[string]any{}},
		"unknown body":  {"facade": map[string]any{"errorBody": "soap"}},
		"apiVersion":    {"facade": map[string]any{"errorBody": "bank", "apiVersion": "yes"}},
		"unknown key":   {"facade": map[string]any{"errorBody": "bank", "body": "bank"}},
		"not an object": {"facade": "problem"},
	} {
		if _, err := settings(s); err == nil || !strings.Contains(err.Error(), "x-issuerkit-go.facade") {
			t.Errorf("%s: err = %v", name, err)
		}
	}
}
