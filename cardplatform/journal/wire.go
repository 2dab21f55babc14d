package journal

import (
	"bytes"
	"database/sql/driver"
	"fmt"
	"io"
	"log/slog"
	"strconv"
)

// Wire is a request or an answer as an Entry keeps it: the wire encoding, with its secrets in
// clear (a card number, an SSN), sealed only when the Journal has a Sealer. However it is
// printed — fmt with any verb, inside an Entry or a caller's struct, slog, json.Marshal — it
// shows only its length; the bytes are for a Store, which reads them as they are (a Wire is a
// []byte: index it, or convert it with []byte(w)). It is a driver.Valuer and an sql.Scanner,
// so a database/sql or pgx Store stores and reads it as bytes.
type Wire []byte

// String returns "[N bytes, not printed]".
func (w Wire) String() string { return "[" + strconv.Itoa(len(w)) + " bytes, not printed]" }

// Format prints w as String does, for every verb (%s, %v, %+v, %#v, %x, %q, %d).
func (w Wire) Format(f fmt.State, _ rune) { _, _ = io.WriteString(f, w.String()) }

// GoString returns String's text.
func (w Wire) GoString() string { return w.String() }

// LogValue logs String's text.
func (w Wire) LogValue() slog.Value { return slog.StringValue(w.String()) }

// MarshalJSON encodes String's text as a JSON string.
func (w Wire) MarshalJSON() ([]byte, error) { return []byte(strconv.Quote(w.String())), nil }

// Value returns the bytes, for a database driver.
func (w Wire) Value() (driver.Value, error) {
	if w == nil {
		return nil, nil
	}
	return []byte(w), nil
}

// Scan reads bytes (copied: a driver may reuse its buffer), text, or NULL (nil).
func (w *Wire) Scan(src any) error {
	switch s := src.(type) {
	case nil:
		*w = nil
	case []byte:
		*w = bytes.Clone(s)
	case string:
		*w = Wire(s)
	default:
		return fmt.Errorf("journal: cannot read a %T as Wire", src)
	}
	return nil
}
