package core

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"strconv"

	"github.com/issuerkit/issuerkit-go/internal/jsonx"
	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// Extras holds the members of a JSON object that its model does not name: the
// AdditionalProperties of every generated model, each member's value raw and exact as it
// arrived, keyed by its name. Index it to read one (extras["note"] is the member's JSON), or
// set members the spec does not name before sending a model.
//
// The SDK sends them as they are (the wire encoding: [MarshalWire] and the request encoder).
// Everywhere else they are printed by allowlist: the SDK does not model them, so it cannot
// know which hold a secret ({"full_pan": …}, {"card":{"cvv":…}}, under any name). Every fmt
// verb (%v, %+v, %#v, %s, %q, %x, …), String, GoString, log/slog (both handlers) and
// MarshalJSON show the members as one JSON object, in sorted key order, with their names and
// structure, booleans and nulls, and every string and number masked (as a Secret is masked:
// "****", "******6789"). Read a value on purpose by indexing the map (extras["note"]), or
// [Extras.Reveal] for them all.
type Extras map[string]json.RawMessage

// Reveal returns the members as one JSON object in sorted key order, every value as it
// arrived: the way to read them on purpose, never to log them. A value that is not valid JSON
// is written as the JSON string "[REDACTED]". A nil Extras is null.
func (e Extras) Reveal() []byte {
	if e == nil {
		return []byte("null")
	}
	return e.object()
}

// object returns the members as one JSON object in sorted key order.
func (e Extras) object() []byte {
	b := []byte{'{'}
	for i, k := range jsonx.SortedKeys(e) {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonx.AppendKey(b, k)
		if v := e[k]; json.Valid(v) {
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
// among them. A nil Extras is null.
func (e Extras) MarshalJSON() ([]byte, error) {
	if e == nil {
		return []byte("null"), nil
	}
	return e.masked(), nil
}
