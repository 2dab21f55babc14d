package redact

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"strconv"
)

// Masker masks secrets in a text, as *Redactor's Text does. The SDK's error types hold the
// call's redactor as one (nil: Default).
type Masker interface {
	Text(s string) string
}

// Sanitize returns s through m's Text (nil m: Default): the one sanitizer every text of every
// SDK error passes through (the call's credentials and sent Secrets, card numbers and SSNs,
// control and bidi characters escaped). Every exported error type's Error returns Sanitize of
// its text; TestEveryErrorTypeIsSanitized enumerates them.
func Sanitize(m Masker, s string) string {
	if m == nil {
		return std.Text(s)
	}
	return m.Text(s)
}

// FormatError is the Format method of every SDK error type: %v, %+v and %s write Error (which
// is sanitized) sanitized again by Default, %q quotes it, and %#v writes it as Go syntax of
// the type, (*pkg.T)("text"), never the fields: fmt would print them raw.
func FormatError(f fmt.State, verb rune, err error) {
	s := Sanitize(nil, err.Error())
	switch {
	case verb == 'v' && f.Flag('#'):
		_, _ = fmt.Fprintf(f, "(%T)(%s)", err, strconv.Quote(s))
	case verb == 'q':
		_, _ = io.WriteString(f, strconv.Quote(s))
	default:
		_, _ = io.WriteString(f, s)
	}
}

// ErrorLogValue is the LogValue of the SDK error types that have no group of their own: the
// sanitized Error text.
func ErrorLogValue(err error) slog.Value { return slog.StringValue(Sanitize(nil, err.Error())) }

// ErrorJSON is the MarshalJSON of every SDK error type: {"error":"<the sanitized Error text>"},
// what json.Marshal and slog.JSONHandler write for an error, never its fields.
func ErrorJSON(err error) ([]byte, error) {
	return json.Marshal(struct {
		Error string `json:"error"`
	}{Sanitize(nil, err.Error())})
}

// FormatJSON is the Format method of every generated model: every verb, with every flag,
// formats the JSON marshal returns (the model's MarshalJSON: Secrets and unknown members
// masked, card numbers and SSNs masked in every text), as a string (%x writes it in
// hexadecimal, %d is fmt's %!d(string=…)); %#v writes it as Go syntax, goType("…"). A
// marshal error prints as [REDACTED].
func FormatJSON(f fmt.State, verb rune, goType string, marshal func() ([]byte, error)) {
	b, err := marshal()
	s := string(b)
	if err != nil {
		s = "[REDACTED]"
	}
	if verb == 'v' && f.Flag('#') {
		_, _ = io.WriteString(f, goType+"("+strconv.Quote(s)+")")
		return
	}
	_, _ = fmt.Fprintf(f, fmt.FormatString(f, verb), s)
}
