package core

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/google/uuid"
)

// GUID is a globally unique identifier (a UUID), as the APIs write them:
// 3fa85f64-5717-4562-b3fc-2c963f66afa6. The zero GUID is unset: it is what an empty string or
// null decodes to (services that write "" for a missing identifier do not fail the whole
// response), it is omitted by `json:",omitzero"`, and it encodes as null. Any other value
// encodes in the canonical lower-case form.
type GUID uuid.UUID

// ParseGUID parses s in any form uuid.Parse accepts (canonical, braces, urn:uuid:). An empty s
// is an error: use the zero GUID for "unset".
func ParseGUID(s string) (GUID, error) {
	u, err := uuid.Parse(s)
	if err != nil {
		return GUID{}, guidError(s, guidReason(err))
	}
	return GUID(u), nil
}

// MustParseGUID is like ParseGUID but panics when s is invalid. It is meant for constants in
// tests and examples.
func MustParseGUID(s string) GUID {
	g, err := ParseGUID(s)
	if err != nil {
		panic(err)
	}
	return g
}

// NewGUID returns a random (version 4) GUID.
func NewGUID() GUID { return GUID(uuid.New()) }

// IsZero reports whether g is unset.
func (g GUID) IsZero() bool { return g == GUID{} }

// String returns the canonical form, or "" for the zero GUID.
func (g GUID) String() string {
	if g.IsZero() {
		return ""
	}
	return uuid.UUID(g).String()
}

// UUID returns g as a uuid.UUID.
func (g GUID) UUID() uuid.UUID { return uuid.UUID(g) }

// MarshalText implements encoding.TextMarshaler: the canonical form, empty for the zero GUID.
func (g GUID) MarshalText() ([]byte, error) {
	if g.IsZero() {
		return []byte{}, nil
	}
	return uuid.UUID(g).MarshalText()
}

// UnmarshalText implements encoding.TextUnmarshaler. Empty text gives the zero GUID.
func (g *GUID) UnmarshalText(text []byte) error {
	if len(bytes.TrimSpace(text)) == 0 {
		*g = GUID{}
		return nil
	}
	var u uuid.UUID
	if err := u.UnmarshalText(text); err != nil {
		return guidError(text, guidReason(err))
	}
	*g = GUID(u)
	return nil
}

// MarshalJSON implements json.Marshaler: a JSON string, null for the zero GUID.
func (g GUID) MarshalJSON() ([]byte, error) {
	if g.IsZero() {
		return []byte("null"), nil
	}
	b := make([]byte, 0, 38)
	b = append(b, '"')
	b = append(b, uuid.UUID(g).String()...)
	return append(b, '"'), nil
}

// UnmarshalJSON implements json.Unmarshaler: a JSON string; null and "" give the zero GUID.
func (g *GUID) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		*g = GUID{}
		return nil
	}
	if len(data) >= 2 && data[0] == '"' && data[len(data)-1] == '"' && bytes.IndexByte(data, '\\') < 0 {
		return g.UnmarshalText(data[1 : len(data)-1]) // no escapes: no copy
	}
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return guidError(data, "not a JSON string")
	}
	return g.UnmarshalText([]byte(s))
}

// guidReason is the reason of a uuid parse error without the text it may quote (uuid's
// "invalid urn prefix" quotes the first nine bytes).
func guidReason(err error) string {
	msg := err.Error()
	if i := strings.IndexByte(msg, ':'); i >= 0 && strings.Contains(msg[i:], `"`) {
		return msg[:i]
	}
	return msg
}
