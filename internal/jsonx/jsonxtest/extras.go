package jsonxtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/issuerkit/issuerkit-go/internal/jsonx"
)

// appendExtras appends the extras to obj, a JSON object as encoding/json writes it (no
// trailing space), before its closing brace: in sorted key order, each once, leaving out
// extras whose keys f knows (the model's own field wins). A nil value is written as null; any
// other value must be valid JSON. With no extras to write, obj is returned unchanged.
func appendExtras(f jsonx.Fields, obj []byte, extras map[string]json.RawMessage) ([]byte, error) {
	if len(extras) == 0 {
		return obj, nil
	}
	if len(obj) < 2 || obj[len(obj)-1] != '}' {
		return nil, errors.New("jsonxtest: not a JSON object")
	}
	keys := make([]string, 0, len(extras))
	for k := range extras {
		if !f.Known([]byte(k)) {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return obj, nil
	}
	slices.Sort(keys)
	out := obj[:len(obj)-1]
	empty := len(bytes.TrimSpace(out[1:])) == 0 // "{}"
	for _, k := range keys {
		v := extras[k]
		if v == nil {
			v = json.RawMessage("null")
		} else if !json.Valid(v) {
			return nil, fmt.Errorf("jsonx: value of extra member %q is not valid JSON", k)
		}
		name, err := json.Marshal(k)
		if err != nil {
			return nil, err
		}
		if !empty {
			out = append(out, ',')
		}
		empty = false
		out = append(out, name...)
		out = append(out, ':')
		out = append(out, v...)
	}
	return append(out, '}'), nil
}
