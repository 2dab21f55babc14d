package jsonxtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/issuerkit/issuerkit-go/internal/mask"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"log/slog"
	"reflect"
	"strings"
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/jsonx"
)

// plantedSecret is the value CheckSecretsMasked puts in every Secret: a card number, so that
// a leak is also what a PCI scan of the logs would find.
const plantedSecret = "4111111111111111"

// CheckSecretsMasked fails t unless every model in types that can hold a Secret (reached
// through fields, pointers, slices and maps) writes it in full through the wire encoder
// (jsonx.MarshalWire, what the SDK sends and core.MarshalWire returns) and masked everywhere
// else: json.Marshal of the model, of a pointer to it, of a struct of the user's own holding
// it (by value and as an interface), and a record of slog.NewJSONHandler and
// slog.NewTextHandler logging it (each showing the masked value), and every fmt verb of the
// model and of a pointer to it (none showing the value). It fails when no model of types
// holds a Secret: the list is then not the package's.
func CheckSecretsMasked(t *testing.T, types []reflect.Type, wantSecrets bool) {
	t.Helper()
	seen := 0
	for _, typ := range types {
		v := reflect.New(typ).Elem()
		if !plantSecrets(v, 6) {
			continue
		}
		seen++
		t.Run(typ.Name(), func(t *testing.T) {
			wire, err := jsonx.MarshalWire(v.Interface())
			if err != nil {
				t.Fatalf("MarshalWire: %v", err)
			}
			if !bytes.Contains(wire, []byte(plantedSecret)) {
				t.Fatalf("the wire encoding lost the Secret: %s", wire)
			}
			m := v.Interface()
			p := v.Addr().Interface()
			type record struct {
				Card  any
				Model any `json:"model"`
			}
			outs := map[string]func() (string, error){
				"json.Marshal":         func() (string, error) { b, err := json.Marshal(m); return string(b), err },
				"json.Marshal pointer": func() (string, error) { b, err := json.Marshal(p); return string(b), err },
				"json.Marshal nested": func() (string, error) {
					b, err := json.Marshal(record{Card: m, Model: p})
					return string(b), err
				},
				"json.MarshalIndent": func() (string, error) { b, err := json.MarshalIndent([]any{m}, "", " "); return string(b), err },
				"slog.JSONHandler": func() (string, error) {
					var buf bytes.Buffer
					slog.New(slog.NewJSONHandler(&buf, nil)).Info("payout", "rec", record{Card: m}, "m", m)
					return buf.String(), nil
				},
				"slog.TextHandler": func() (string, error) {
					var buf bytes.Buffer
					slog.New(slog.NewTextHandler(&buf, nil)).Info("payout", "rec", record{Card: m}, "m", m)
					return buf.String(), nil
				},
			}
			for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x"} {
				for name, x := range map[string]any{"": m, "pointer ": p} {
					s := fmt.Sprintf(verb, x)
					if strings.Contains(s, plantedSecret) || strings.Contains(s, plantedSecret[:12]) || strings.Contains(s, fmt.Sprintf("%x", plantedSecret)) {
						t.Errorf("fmt %s%s shows the Secret: %s", name, verb, s)
					}
				}
			}
			for name, out := range outs {
				s, err := out()
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if strings.Contains(s, plantedSecret) || strings.Contains(s, plantedSecret[:12]) {
					t.Errorf("%s shows the Secret: %s", name, s)
				}
				if !strings.Contains(s, mask.Mask(plantedSecret)) {
					t.Errorf("%s does not show the masked Secret %s: %s", name, mask.Mask(plantedSecret), s)
				}
			}
		})
	}
	if wantSecrets && seen == 0 {
		t.Fatal("no model holds a Secret")
	}
}

var secretRType = reflect.TypeFor[core.Secret]()

// plantSecrets sets every Secret reachable in v (making one element of each slice and map,
// and each pointer, on the way) to plantedSecret; it reports whether it set any.
func plantSecrets(v reflect.Value, depth int) bool {
	t := v.Type()
	if t == secretRType {
		v.Set(reflect.ValueOf(core.NewSecret(plantedSecret)))
		return true
	}
	if depth == 0 || !v.CanSet() {
		return false
	}
	switch t.Kind() {
	case reflect.Struct:
		any := false
		for i := range t.NumField() {
			if t.Field(i).IsExported() && plantSecrets(v.Field(i), depth-1) {
				any = true
			}
		}
		return any
	case reflect.Pointer:
		p := reflect.New(t.Elem())
		if plantSecrets(p.Elem(), depth-1) {
			v.Set(p)
			return true
		}
	case reflect.Slice:
		s := reflect.MakeSlice(t, 1, 1)
		if plantSecrets(s.Index(0), depth-1) {
			v.Set(s)
			return true
		}
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return false
		}
		e := reflect.New(t.Elem()).Elem()
		if plantSecrets(e, depth-1) {
			m := reflect.MakeMap(t)
			m.SetMapIndex(reflect.ValueOf("k").Convert(t.Key()), e)
			v.Set(m)
			return true
		}
	}
	return false
}
