package cardplatform

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/issuerkit/issuerkit-go/internal/jsonx"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// How the read-back engine reads values: the request's sources, members of decoded JSON, and
// comparisons that keep numbers exact.

// source returns the value a source names: a request-side one (path., body.) as its wire
// form (wireValue), a member of from's answer, or a constant.
func source(src string, in settleSources, from any) (any, bool) {
	kind, rest, _ := strings.Cut(src, ".")
	switch kind {
	case "path", "body":
		v, ok := in[src]
		if !ok {
			return nil, false
		}
		w, err := wireValue(v)
		return w, err == nil && w != nil
	case "from":
		return lookup(from, rest)
	case "const":
		return rest, true
	}
	return nil, false
}

// wireValue is a typed request value as the request sends it, decoded (numbers kept exact):
// nil for a zero value (omitted on the wire, omitzero), a Secret in full (the value sent),
// a model or scalar by the wire encoder.
func wireValue(v any) (any, error) {
	if v == nil {
		return nil, nil
	}
	if z, ok := v.(interface{ IsZero() bool }); ok && z.IsZero() {
		return nil, nil
	}
	if rv := reflect.ValueOf(v); rv.IsZero() {
		return nil, nil
	}
	if s, ok := v.(core.Secret); ok {
		return s.Reveal(), nil
	}
	b, err := jsonx.MarshalWire(v)
	if err != nil {
		return nil, fmt.Errorf("%w: the request does not encode: %v", core.ErrInvalidArgument, err)
	}
	var out any
	if err := decodeNumbers(b, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// resolveArgs resolves a read's arguments; one the read's path needs may not be empty, an
// empty other one is left out (the read is then wider, never narrower), unless required names
// it: then the request has no read-back (ErrNoReadBack).
func resolveArgs(r *settleRule, args map[string]string, required []string, in settleSources, from any) (map[string]string, error) {
	out := map[string]string{}
	for _, k := range sortedKeys(args) {
		src := args[k]
		v, _ := source(src, in, from)
		t := textOf(v)
		switch {
		case t != "":
			out[k] = t
		case slices.Contains(required, k):
			return nil, fmt.Errorf("%w (%w): %s without %s: no operation finds what it acts on", ErrNoReadBack, core.ErrInvalidArgument, r.Op, strings.TrimPrefix(src, "body."))
		case strings.HasPrefix(src, "path.") || strings.HasPrefix(src, "from."):
			return nil, fmt.Errorf("%w: %s: %s is empty: nothing to read back", core.ErrInvalidArgument, r.Method, strings.TrimPrefix(src, "path."))
		}
	}
	return out, nil
}

func resolveMap(m map[string]string, in settleSources, from any) (map[string]string, error) {
	if len(m) == 0 {
		return nil, nil
	}
	out := map[string]string{}
	for k, src := range m {
		v, _ := source(src, in, from)
		if t := textOf(v); t != "" {
			out[k] = t
		}
	}
	return out, nil
}

// lookup walks a dotted member path through decoded JSON.
func lookup(v any, path string) (any, bool) {
	for _, name := range strings.Split(path, ".") {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = m[name]; !ok {
			return nil, false
		}
	}
	return v, true
}

// matches reports whether item's members equal every value of match.
func matches(item any, match map[string]string) bool {
	for k, want := range match {
		got, ok := lookup(item, k)
		if !ok || !strings.EqualFold(textOf(got), want) {
			return false
		}
	}
	return true
}

// holds reports whether have holds want: scalars equal (numbers by value), every member of a
// wanted object held by have's, every element of a wanted list held by one of have's.
func holds(have, want any) bool {
	switch w := want.(type) {
	case nil:
		return false
	case map[string]any:
		h, ok := have.(map[string]any)
		if !ok {
			return false
		}
		for k, wv := range w {
			if wv == nil {
				continue
			}
			if !holds(h[k], wv) {
				return false
			}
		}
		return true
	case []any:
		h, ok := have.([]any)
		if !ok {
			return false
		}
		for _, wv := range w {
			if !slices.ContainsFunc(h, func(hv any) bool { return holds(hv, wv) }) {
				return false
			}
		}
		return true
	case json.Number:
		a, okA := ratOf(have)
		b, _ := ratOf(w)
		return okA && b != nil && a.Cmp(b) == 0
	}
	return sameJSON(have, want)
}

// scalarOf turns a resolved text back into the JSON type of like (a number stays a number).
func scalarOf(like any, text string) any {
	if _, ok := like.(json.Number); ok {
		return json.Number(text)
	}
	return text
}

func sameJSON(a, b any) bool {
	// not a model: a and b are decoded values
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b) // not a model: a decoded value
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}

func ratOf(v any) (*big.Rat, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return nil, false
	}
	return new(big.Rat).SetString(n.String())
}

// textOf is the text of a scalar: a string as it is, a number as written, a GUID or other
// Stringer by String; "" for nil and anything else.
func textOf(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return x.String()
	case bool:
		if x {
			return "true"
		}
		return "false"
	case fmt.Stringer:
		if g, ok := x.(core.GUID); ok && g.IsZero() {
			return ""
		}
		return x.String()
	}
	return ""
}

func isEmpty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case map[string]any:
		return len(x) == 0
	case []any:
		return len(x) == 0
	}
	return false
}

func decodeNumbers(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	return d.Decode(v)
}

func describeMatch(m map[string]string) string {
	var parts []string
	for _, k := range sortedKeys(m) {
		parts = append(parts, k+" "+m[k])
	}
	return strings.Join(parts, ", ")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
