// Package planttest builds, from a spec's response schemas, JSON bodies with an unknown member
// planted in every object at every level, and checks that a decoded value kept each one: the
// test behind "nothing dropped" of the bank clients (issue 27).
package planttest

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// Body is one generated response body.
type Body struct {
	// Operation and Status say which response it is.
	Operation, Status string
	// Schema is the component name of the response schema ("" when inline).
	Schema string
	// JSON is the body, with unknown members planted.
	JSON []byte
	// Planted are the paths of the planted members ("transactions.0.zz_unknown").
	Planted []string
}

// Member is the name of every planted member.
const Member = "zz_unknown"

// Bodies returns one body for every JSON response of every operation of doc whose status
// passes keep, sorted by operation and status.
func Bodies(doc *openapi3.T, keep func(status string) bool) ([]Body, error) {
	var out []Body
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			for status, ref := range op.Responses.Map() {
				if !keep(status) || ref.Value == nil {
					continue
				}
				mt := ref.Value.Content.Get("application/json")
				if mt == nil || mt.Schema == nil {
					continue
				}
				g := &gen{}
				v := g.value(mt.Schema, nil, 0)
				b, err := json.Marshal(v)
				if err != nil {
					return nil, fmt.Errorf("%s %s %s: %w", method, path, status, err)
				}
				out = append(out, Body{Operation: op.OperationID, Status: status, Schema: refName(mt.Schema.Ref), JSON: b, Planted: g.planted})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Operation != out[j].Operation {
			return out[i].Operation < out[j].Operation
		}
		return out[i].Status < out[j].Status
	})
	return out, nil
}

func refName(ref string) string { return ref[strings.LastIndexByte(ref, '/')+1:] }

type gen struct {
	planted []string
}

// value returns a JSON value valid for s, with Member planted in every object.
func (g *gen) value(ref *openapi3.SchemaRef, path []string, depth int) any {
	if ref == nil || ref.Value == nil || depth > 12 {
		return nil
	}
	s := ref.Value
	if len(s.OneOf) > 0 {
		return g.value(s.OneOf[0], path, depth+1)
	}
	if len(s.AnyOf) > 0 {
		return g.value(s.AnyOf[0], path, depth+1)
	}
	if len(s.AllOf) > 0 {
		m := map[string]any{}
		for _, sub := range s.AllOf {
			if o, ok := g.object(sub.Value, path, depth, false).(map[string]any); ok {
				for k, v := range o {
					m[k] = v
				}
			}
		}
		g.plant(m, path)
		return m
	}
	switch {
	case s.Type.Is("object") || len(s.Properties) > 0:
		return g.object(s, path, depth, true)
	case s.Type.Is("array"):
		return []any{g.value(s.Items, append(slices.Clone(path), "0"), depth+1)}
	}
	return scalar(s)
}

func (g *gen) object(s *openapi3.Schema, path []string, depth int, plant bool) any {
	m := map[string]any{}
	if s == nil {
		return m
	}
	names := make([]string, 0, len(s.Properties))
	for n := range s.Properties {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		m[n] = g.value(s.Properties[n], append(slices.Clone(path), n), depth+1)
	}
	if plant {
		g.plant(m, path)
	}
	return m
}

func (g *gen) plant(m map[string]any, path []string) {
	p := strings.Join(append(slices.Clone(path), Member), ".")
	m[Member] = "planted at " + p
	g.planted = append(g.planted, p)
}

// scalar returns a value of s's type and format that the SDK's types accept.
func scalar(s *openapi3.Schema) any {
	if s.Example != nil {
		return s.Example
	}
	if len(s.Enum) > 0 {
		return s.Enum[0]
	}
	switch {
	case s.Type.Is("integer"):
		return 1
	case s.Type.Is("number"):
		return json.Number("12.34")
	case s.Type.Is("boolean"):
		return true
	}
	switch s.Format {
	case "date":
		return "2025-01-09"
	case "local-date-time", "date-time":
		return "2025-01-09T10:20:30"
	case "uuid":
		return "0c8e2f4a-1b2c-4d5e-8f90-a1b2c3d4e5f6"
	case "sensitive":
		return "3123456789"
	}
	return "text"
}

// Missing returns the planted paths of b that v (the body as decoded and encoded again,
// unmarshalled into any) does not hold.
func Missing(b Body, v any) []string {
	var out []string
	for _, p := range b.Planted {
		if !has(v, strings.Split(p, ".")) {
			out = append(out, p)
		}
	}
	return out
}

func has(v any, path []string) bool {
	if len(path) == 0 {
		return true
	}
	switch x := v.(type) {
	case map[string]any:
		next, ok := x[path[0]]
		return ok && has(next, path[1:])
	case []any:
		i, err := strconv.Atoi(path[0])
		return err == nil && i < len(x) && has(x[i], path[1:])
	}
	return false
}
