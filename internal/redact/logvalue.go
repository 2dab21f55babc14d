package redact

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
)

// redacted stands for a value that could not be masked safely.
const redacted = "[REDACTED]"

// LogValue is the slog.LogValuer of the SDK's models that hold secrets. Typed secrets
// (core.Secret) mask themselves when encoded (their MarshalJSON), then LogValue masks sensitive JSON keys as well (this catches secrets
// inside raw JSON, such as the union types' payloads), and returns the result as maps and
// slices with numbers kept as exact text. slog.JSONHandler would otherwise encode the model
// with encoding/json, which sends secrets in full.
func LogValue(v any) slog.Value {
	data, ok := maskedJSON(v)
	if !ok {
		return slog.StringValue(redacted)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var out any
	if err := dec.Decode(&out); err != nil {
		return slog.StringValue(redacted)
	}
	return slog.AnyValue(out)
}

// String renders v as masked JSON, for the String and GoString methods of models whose fmt
// output would otherwise show raw JSON bytes.
func String(v any) string {
	data, ok := maskedJSON(v)
	if !ok {
		return redacted
	}
	return string(data)
}

// Format formats v for fmt as the Format methods of models do: every verb, with every flag,
// formats String(v), the masked JSON (%#v writes it as is), so that fmt never shows more
// than slog does.
func Format(f fmt.State, verb rune, v any) {
	s := String(v)
	if verb == 'v' && f.Flag('#') {
		_, _ = io.WriteString(f, s)
		return
	}
	_, _ = fmt.Fprintf(f, fmt.FormatString(f, verb), s)
}

// maskedJSON encodes v with encoding/json, in which every core.Secret masks itself (its
// MarshalJSON, the models' too) and unexported fields are not written, then masks sensitive
// JSON keys (JSON). ok is false when v does not encode.
func maskedJSON(v any) ([]byte, bool) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, false
	}
	return JSON(data), true
}
