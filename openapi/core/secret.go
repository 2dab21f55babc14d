package core

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/issuerkit/issuerkit-go/internal/mask"
	"log/slog"
	"strconv"
	"unicode/utf8"
)

// Secret holds a sensitive string: a card number, CVV, PIN, track data, a national or account
// number, a token. It is masked (all but its last four characters) wherever a user's tools print or marshal it: every
// fmt verb (%v, %+v, %#v, %s, %q, %x, …), String, GoString, log/slog (both handlers, also
// inside a struct of your own), MarshalJSON and MarshalText (so encoding/json, encoding/xml
// and anything built on them). [Secret.Reveal] is the only way to read the value.
//
// The generated models hold Secrets and mask them the same way: json.Marshal, fmt and both
// slog handlers, of a model alone, by pointer or inside a struct of your own. The value itself
// goes to the API through the SDK's own encoder only: the models' wire encoding (the one place
// a Secret is written in full, which [MarshalWire] gives you to store a model), and path,
// query and header parameters carry Reveal. Every Secret a call sends is also known to the call: a server that quotes it
// back, in any error text of the call, shows *** instead. fmt cannot call the methods of
// unexported struct fields, so keep Secrets in exported fields of the structs you print.
//
// To use the value on purpose (to store it, or put it in a document of your own), call
// [Secret.Reveal] on the field: json.Marshal(card.CardNumber.Reveal()).
//
// The value sits behind a pointer to an unexported string type, never in a field of the
// Secret itself: where fmt prints a value by reflection without asking its methods (the
// %!s(...) of a verb that does not fit, an unexported field of a struct of yours), it shows
// that pointer as an address, and a pointer to a string is never followed. Copies of a Secret
// share the value; two Secrets are equal with == only when they are the same one (compare
// Reveal to compare values). The empty Secret is the zero Secret, whatever made it.
//
// The zero Secret is empty. Make one with [NewSecret].
type Secret struct {
	p *secretText
}

// secretText is the value of a non-empty Secret. It is a string type, not a struct, so that
// no reflection of fmt prints it: fmt follows a pointer only to an array, slice, struct or map.
type secretText string

// NewSecret returns a Secret holding s (the zero Secret when s is empty).
func NewSecret(s string) Secret {
	if s == "" {
		return Secret{}
	}
	t := secretText(s)
	return Secret{p: &t}
}

// Reveal returns the secret value. It is the only way to read it: call it only where the value
// is needed, never to log or print it.
func (s Secret) Reveal() string {
	if s.p == nil {
		return ""
	}
	return string(*s.p)
}

// IsZero reports whether the Secret is empty. It lets the `json:",omitzero"` option omit an
// empty Secret.
func (s Secret) IsZero() bool { return s.p == nil || *s.p == "" }

// Last4 returns the last four characters of the value when the mask shows them ([Secret.String]), that is when
// the value is longer than eight characters, and "" otherwise: the last four digits of a card
// number, say, but never a whole PIN.
func (s Secret) Last4() string {
	v := s.Reveal()
	kept := mask.Kept(utf8.RuneCountInString(v))
	if kept == 0 {
		return ""
	}
	m := mask.Mask(v)
	i := len(m)
	for range kept {
		_, size := utf8.DecodeLastRuneInString(m[:i])
		i -= size
	}
	return m[i:]
}

// String returns the masked value, such as ************1111.
func (s Secret) String() string { return mask.Mask(s.Reveal()) }

// GoString returns the masked value as Go syntax, for %#v: core.Secret("************1111").
func (s Secret) GoString() string { return "core.Secret(" + strconv.Quote(mask.Mask(s.Reveal())) + ")" }

// Format implements fmt.Formatter so that every verb, with every flag, formats the masked value
// (%x writes the masked value in hexadecimal) and never the secret.
func (s Secret) Format(f fmt.State, verb rune) {
	if verb == 'v' && f.Flag('#') {
		_, _ = f.Write([]byte(s.GoString()))
		return
	}
	_, _ = fmt.Fprintf(f, fmt.FormatString(f, verb), mask.Mask(s.Reveal()))
}

// LogValue implements slog.LogValuer: log/slog records the masked value.
func (s Secret) LogValue() slog.Value { return slog.StringValue(mask.Mask(s.Reveal())) }

// MarshalJSON encodes the masked value (as [Secret.String]) as a JSON string, so that encoding/json, and
// slog.JSONHandler logging a struct of yours that holds a Secret, never write the secret. The
// SDK sends the value itself through its own encoder ([Secret.AppendJSON]); to put it in a
// JSON document of your own, encode [Secret.Reveal].
func (s Secret) MarshalJSON() ([]byte, error) { return json.Marshal(mask.Mask(s.Reveal())) }

// UnmarshalJSON decodes a JSON string. JSON null leaves s unchanged, as encoding/json does for
// other types. Any other JSON value is rejected with an error wrapping [ErrInvalidSecret] that
// does not include the value.
func (s *Secret) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	if len(data) < 2 || data[0] != '"' || data[len(data)-1] != '"' {
		return fmt.Errorf("%w: want a JSON string, got %s", ErrInvalidSecret, jsonKind(data))
	}
	text := data[1 : len(data)-1]
	if bytes.IndexByte(text, '\\') < 0 {
		*s = NewSecret(string(text))
		return nil
	}
	var v string
	if err := json.Unmarshal(data, &v); err != nil {
		return fmt.Errorf("%w: malformed JSON string", ErrInvalidSecret)
	}
	*s = NewSecret(v)
	return nil
}

// MarshalText returns the masked value (as [Secret.String]), as MarshalJSON does: encoding.TextMarshaler
// is what encoding/xml, map keys and many loggers use. The SDK's parameters carry
// [Secret.Reveal].
func (s Secret) MarshalText() ([]byte, error) { return []byte(mask.Mask(s.Reveal())), nil }

// UnmarshalText sets the Secret to text.
func (s *Secret) UnmarshalText(text []byte) error {
	*s = NewSecret(string(text))
	return nil
}

// Bind sets the Secret to a parameter value; it implements the Binder interface of
// github.com/oapi-codegen/runtime. An empty value leaves s unchanged.
func (s *Secret) Bind(src string) error {
	if src != "" {
		*s = NewSecret(src)
	}
	return nil
}

// jsonKind names the kind of a JSON value from its first byte, without quoting it.
func jsonKind(data []byte) string {
	if len(data) == 0 {
		return "nothing"
	}
	switch c := data[0]; {
	case c == '{':
		return "an object"
	case c == '[':
		return "an array"
	case c == 't' || c == 'f':
		return "a boolean"
	case c == '-' || isDigit(c):
		return "a number"
	default:
		return "invalid JSON"
	}
}
