package ops

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// knownFields reports the first member of v (a decoded YAML or JSON object) that t, a struct
// type, has no field for, naming where it is and every member t accepts, so that a typo or a
// member the generator does not know yet ("debit") says what to write instead. Objects held
// by a struct-typed field (or a pointer to one) are checked likewise. Members are matched by
// their json tag name.
func knownFields(v any, t reflect.Type, path string) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	m, ok := v.(map[string]any)
	if !ok || t.Kind() != reflect.Struct {
		return nil
	}
	fields := map[string]reflect.Type{}
	var names []string
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		fields[name] = f.Type
		names = append(names, name)
	}
	slices.Sort(names)
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		ft, ok := fields[k]
		if !ok {
			return fmt.Errorf("%s: unknown field %q; the fields are %s", path, k, strings.Join(names, ", "))
		}
		if err := knownFields(m[k], ft, path+"."+k); err != nil {
			return err
		}
	}
	return nil
}

// readbackFields are the members of an x-issuerkit-readback.
type readbackFields struct {
	With   any `json:"with"`
	How    any `json:"how"`
	None   any `json:"none"`
	Settle any `json:"settle"`
}
