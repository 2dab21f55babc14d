package core

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"log/slog"
	"strconv"

	"github.com/issuerkit/issuerkit-go/internal/jsonx"
	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// Extras holds the members of a JSON object that its model does not name: the
// AdditionalProperties of every generated model, each member's value raw and exact as it
// arrived, keyed by its name. Read one with [Extras.Get] (extras.Get("note") is the member's
// JSON), list them with [Extras.Names] or [Extras.All], or set members the spec does not name
// before sending a model with [Extras.Set] (on the model's field: m.AdditionalProperties.Set)
// or [NewExtras]. The zero Extras holds no member.
//
// The SDK sends them as they are (the wire encoding: [MarshalWire] and the request encoder).
// Everywhere else they are printed by allowlist: the SDK does not model them, so it cannot
// know which hold a secret ({"full_pan": …}, {"card":{"cvv":…}}, under any name). Every fmt
// verb (%v, %+v, %#v, %s, %q, %x, …), String, GoString, log/slog (both handlers) and
// MarshalJSON show the members as one JSON object, in sorted key order, with their names and
// structure, booleans and nulls, and every string and number masked (as a Secret is masked:
// "****", "******6789"). The members sit behind pointers in an unexported field, so where fmt
// walks a value by reflection without calling its methods (its %!verb(…) fallback, a model in
// an unexported field) it prints an address, and encoding/json, gob and xml never reach them.
// Read a value on purpose with [Extras.Get], or [Extras.Reveal] for them all.
type Extras struct {
	// p is nil when there is no member. A pointer to a pointer: fmt prints a nested pointer
	// as an address, and where it prints one at depth 0 (the %!verb(…) fallback restarts
	// there) it follows it only to an array, slice, struct or map, never to a pointer.
	p **extras
}

// extras is the members of an Extras, by name.
type extras map[string]json.RawMessage

// extrasCell is the one allocation behind an Extras: the members and the pointer to them
// that Extras.p points to.
type extrasCell struct {
	ptr *extras
	m   extras
}

// NewExtras returns an Extras holding the members of m (m itself, not a copy: do not change m
// afterwards). An empty or nil m is the zero Extras.
func NewExtras(m map[string]json.RawMessage) Extras {
	if len(m) == 0 {
		return Extras{}
	}
	c := &extrasCell{m: m}
	c.ptr = &c.m
	return Extras{p: &c.ptr}
}

// members returns the members' map, nil when there is none.
func (e Extras) members() extras {
	if e.p == nil {
		return nil
	}
	return **e.p
}

// Map returns the members as a map (the Extras' own, not a copy: do not change it; nil when
// there is none), for code that hands them on whole. Like [Extras.Reveal], what it returns
// prints every value in clear: never log it.
func (e Extras) Map() map[string]json.RawMessage { return e.members() }

// Get returns the raw JSON of the member name and whether it is present.
func (e Extras) Get(name string) (json.RawMessage, bool) {
	v, ok := e.members()[name]
	return v, ok
}

// Set adds the member name with value v (raw JSON, sent as it is), replacing one of that name.
// Copies of an Extras share its members, as copies of a map do (the zero Extras has none to
// share: Set gives e its own).
func (e *Extras) Set(name string, v json.RawMessage) {
	if e.p == nil {
		*e = NewExtras(map[string]json.RawMessage{name: v})
		return
	}
	(**e.p)[name] = v
}

// Delete removes the member name, if present.
func (e *Extras) Delete(name string) {
	m := e.members()
	delete(m, name)
	if len(m) == 0 {
		e.p = nil
	}
}

// Len returns the number of members.
func (e Extras) Len() int { return len(e.members()) }

// Names returns the members' names in sorted order (nil when there is none).
func (e Extras) Names() []string {
	if e.Len() == 0 {
		return nil
	}
	return jsonx.SortedKeys(e.members())
}

// All returns an iterator over the members, name and raw value, in sorted name order.
func (e Extras) All() iter.Seq2[string, json.RawMessage] {
	return func(yield func(string, json.RawMessage) bool) {
		m := e.members()
		for _, k := range e.Names() {
			if !yield(k, m[k]) {
				return
			}
		}
	}
}

// Reveal returns the members as one JSON object in sorted key order, every value as it
// arrived: the way to read them on purpose, never to log them. A value that is not valid JSON
// is written as the JSON string "[REDACTED]". An Extras without members is null.
func (e Extras) Reveal() []byte {
	if e.Len() == 0 {
		return []byte("null")
	}
	return e.object()
}

// object returns the members as one JSON object in sorted key order.
func (e Extras) object() []byte {
	m := e.members()
	b := []byte{'{'}
	for i, k := range e.Names() {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonx.AppendKey(b, k)
		if v := m[k]; json.Valid(v) {
			b = append(b, v...)
		} else {
			b = append(b, `"[REDACTED]"`...) // not JSON: nothing to mask it by
		}
	}
	return append(b, '}')
}

// masked returns the members as one JSON object in sorted key order, every value masked
// (redact.MaskValues).
func (e Extras) masked() []byte { return redact.MaskValues(e.object()) }

// String returns the members as one masked JSON object.
func (e Extras) String() string { return string(e.masked()) }

// GoString returns the masked members as Go syntax, for %#v: core.Extras(`{"pin":"***"}`).
func (e Extras) GoString() string { return "core.Extras(" + strconv.Quote(e.String()) + ")" }

// Format implements fmt.Formatter so that every verb, with every flag, formats the masked
// members of [Extras.String] (%x writes them in hexadecimal), never a raw value.
func (e Extras) Format(f fmt.State, verb rune) {
	if verb == 'v' && f.Flag('#') {
		_, _ = io.WriteString(f, e.GoString())
		return
	}
	_, _ = fmt.Fprintf(f, fmt.FormatString(f, verb), e.String())
}

// LogValue implements slog.LogValuer: the masked members, as a JSON object (numbers kept as
// exact text).
func (e Extras) LogValue() slog.Value {
	dec := json.NewDecoder(bytes.NewReader(e.masked()))
	dec.UseNumber()
	var out map[string]any
	if err := dec.Decode(&out); err != nil {
		return slog.StringValue("[REDACTED]")
	}
	return slog.AnyValue(out)
}

// MarshalJSON encodes the masked members ([Extras.String]), so that encoding/json, and
// slog.JSONHandler logging a struct of yours that holds Extras, never write a secret kept
// among them. An Extras without members is null.
func (e Extras) MarshalJSON() ([]byte, error) {
	if e.Len() == 0 {
		return []byte("null"), nil
	}
	return e.masked(), nil
}
