package core

import (
	"github.com/issuerkit/issuerkit-go/internal/jsonx"
)

// The AppendJSON methods append exactly what MarshalJSON returns, without allocating: the
// generated models encode their fields through them.

// AppendJSON appends t as [Timestamp.MarshalJSON] writes it: a JSON string, or null for the
// zero Timestamp. It fails like MarshalJSON.
func (t Timestamp) AppendJSON(b []byte) ([]byte, error) {
	if t.zone == zoneUnset {
		return append(b, "null"...), nil
	}
	if err := t.checkYear(); err != nil {
		return nil, err
	}
	b = append(b, '"')
	b = t.appendText(b)
	return append(b, '"'), nil
}

// AppendJSON appends d as [Decimal.MarshalJSON] writes it: a JSON number with its scale kept,
// or null when d is unset.
func (d Decimal) AppendJSON(b []byte) ([]byte, error) {
	if !d.set {
		return append(b, "null"...), nil
	}
	return d.appendText(b), nil
}

// AppendJSON appends the secret value, in full, as a JSON string: this is how the SDK's own
// wire encoder (the generated models' AppendJSON) sends it to the API. Unlike
// [Secret.MarshalJSON], which masks, it is not called by encoding/json.
func (s Secret) AppendJSON(b []byte) ([]byte, error) {
	return jsonx.AppendString(b, s.Reveal()), nil
}

// AppendJSON appends g as [GUID.MarshalJSON] writes it: the canonical lower-case form as a
// JSON string, or null for the zero GUID.
func (g GUID) AppendJSON(b []byte) ([]byte, error) {
	if g.IsZero() {
		return append(b, "null"...), nil
	}
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i, c := range g {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			b = append(b, '-')
		}
		b = append(b, hex[c>>4], hex[c&0xF])
	}
	return append(b, '"'), nil
}

// AppendJSON appends d as [Date.MarshalJSON] writes it: yyyy-MM-dd as a JSON string, or null
// for the zero Date.
func (d Date) AppendJSON(b []byte) ([]byte, error) {
	if d.IsZero() {
		return append(b, "null"...), nil
	}
	b = append(b, '"')
	b = d.appendText(b)
	return append(b, '"'), nil
}
