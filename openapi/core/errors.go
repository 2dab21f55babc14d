package core

import (
	"errors"
	"fmt"
	"log/slog"

	"github.com/issuerkit/issuerkit-go/internal/jsonx"
	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// Sentinel errors, matched with errors.Is. Every error returned for text that is not a valid
// value of the type wraps the matching sentinel.
var (
	// ErrInvalidTimestamp is wrapped by every error returned for text that is not a valid
	// [Timestamp].
	ErrInvalidTimestamp = errors.New("invalid timestamp")
	// ErrInvalidDecimal is wrapped by every error returned for text that is not a valid
	// [Decimal].
	ErrInvalidDecimal = errors.New("invalid decimal")
	// ErrInvalidSecret is wrapped by the error returned when a JSON value other than a
	// string or null is decoded into a [Secret]. The error never holds the value itself.
	ErrInvalidSecret = errors.New("invalid secret")
	// ErrInvalidGUID is wrapped by every error returned for text that is not a valid [GUID].
	ErrInvalidGUID = errors.New("invalid GUID")
	// ErrInvalidDate is wrapped by every error returned for text that is not a valid [Date].
	ErrInvalidDate = errors.New("invalid date")
)

// Layouts named by [ParseError.Expected].
const (
	// TimestampFormat describes the text of a [Timestamp]: a date, a time and from one to
	// seven digits of fractional seconds, optionally followed by Z or a ±hh:mm offset.
	TimestampFormat = "yyyy-MM-ddTHH:mm:ss[.fffffff][Z|±hh:mm]"
	// DecimalFormat describes the text of a [Decimal]: a JSON number, in which the integer
	// part may be grouped by thousands with commas when it comes as a string.
	DecimalFormat = "JSON number such as 12.50, -0.005 or 1.5e3; in a string also 75,020.52"
	// GUIDFormat describes the text of a [GUID].
	GUIDFormat = "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx (hexadecimal)"
	// DateFormat describes the text of a [Date].
	DateFormat = "yyyy-MM-dd"
)

// excerpt returns what an error text may quote of a value that failed to parse: its first
// two characters, quoted, and its length in bytes (`"ey…" (212 bytes)`), or only its length
// when it has eight bytes or fewer (`(4 bytes)`). A server can put anything in a typed
// member, a bearer token or a card number included, so no error text quotes such a value
// whole (PCI DSS: never more of a PAN than its first six and last four digits, and nothing
// of a CVV or PIN). It is [jsonx.Excerpt].
func excerpt(s string) string { return jsonx.Excerpt(s) }

// ParseError reports text that is not a valid [Timestamp], [Decimal], [GUID] or [Date]. It
// wraps the sentinel of the type ([ErrInvalidTimestamp], [ErrInvalidDecimal], ...), so
// errors.Is matches the sentinel and errors.As recovers the details. It never holds the
// rejected text whole: a server may have put a secret in the member (see [Excerpt]).
type ParseError struct {
	// Type names the type being decoded: "Timestamp", "Decimal", "GUID" or "Date".
	Type string
	// Input is what the error shows of the rejected text (the content of a JSON string, or
	// the raw JSON value when it is not a string): [Excerpt] of it.
	Input string
	// Expected is the layout that was expected: [TimestampFormat], [DecimalFormat], ...
	Expected string
	// Reason says what is wrong with the text, such as "month out of range". It never quotes
	// the text.
	Reason string

	sentinel error
}

// Error returns a one-line description that shows only Input, the excerpt of the text.
func (e ParseError) Error() string { return redact.Sanitize(nil, e.errorText()) }

// errorText is the text of Error before redact.Sanitize.
func (e ParseError) errorText() string {
	msg := "invalid " + e.Type + " " + e.Input
	if e.Reason != "" {
		msg += ": " + e.Reason
	}
	return msg + " (want " + e.Expected + ")"
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (e ParseError) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, e) }

// LogValue implements slog.LogValuer: the sanitized Error text.
func (e ParseError) LogValue() slog.Value { return redact.ErrorLogValue(e) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (e ParseError) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(e) }

// Unwrap returns the sentinel error of the type: [ErrInvalidTimestamp] or [ErrInvalidDecimal].
func (e *ParseError) Unwrap() error { return e.sentinel }

func timestampError[T string | []byte](input T, reason string) error {
	return &ParseError{
		Type: "Timestamp", Input: excerpt(string(input)), Expected: TimestampFormat,
		Reason: reason, sentinel: ErrInvalidTimestamp,
	}
}

func guidError[T string | []byte](input T, reason string) error {
	return &ParseError{
		Type: "GUID", Input: excerpt(string(input)), Expected: GUIDFormat,
		Reason: reason, sentinel: ErrInvalidGUID,
	}
}

func dateError[T string | []byte](input T, reason string) error {
	return &ParseError{
		Type: "Date", Input: excerpt(string(input)), Expected: DateFormat,
		Reason: reason, sentinel: ErrInvalidDate,
	}
}

func decimalError[T string | []byte](input T, reason string) error {
	return &ParseError{
		Type: "Decimal", Input: excerpt(string(input)), Expected: DecimalFormat,
		Reason: reason, sentinel: ErrInvalidDecimal,
	}
}
