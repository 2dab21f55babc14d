package journal

import (
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/internal/redact"
)

// Result is what Do and Lookup return for a key: the write's outcome as the journal recorded
// it, the same for every call with that key once it is settled.
type Result[Res any] struct {
	// Key is the caller's key.
	Key string
	// State is where the entry stands: StateCommitted or StateRefused once settled.
	State State
	// Attempts is how many attempts were marked sending (sent, or possibly sent).
	Attempts int
	// Response is the platform's answer, when it answered (nil when a read-back proved the
	// write committed: the platform's answer was lost, ReadBack says what was read).
	Response *Res
	// ReadBack is the latest read-back's verdict, when one ran.
	ReadBack *cardplatform.SettleResult
	// Refusal says why the write was refused (StateRefused): the platform's error, or the
	// SDK's before anything was sent, or a person's verdict (Journal.Resolve).
	Refusal *Refusal
}

// Refusal is the record of a refused write: what the caller needs to fix the request and to
// ask the platform's support about it, kept with the entry for as long as the Store keeps it.
// Every text is the SDK's error's, masked as the SDK masked the error it returned (the call's
// credentials and sent Secrets, card numbers and SSNs); the members of the problem beyond its
// schema are not kept. Records written before Errors, TraceID and CorrelationID existed
// decode with them empty.
type Refusal struct {
	// Status is the HTTP status the platform answered with; 0 when the write was never sent
	// (the SDK refused its arguments) or a person resolved it as not committed.
	Status int
	// Type, Title and Detail are those of the platform's problem details, when it gave one
	// (masked as the SDK masks every error), or the SDK's error text for Status 0.
	Type, Title, Detail string
	// Errors maps each field the platform refused to its messages, from a validation
	// problem's "errors" member ({"person.email": ["The email field is not a valid e-mail
	// address."]}): a copy of the error's core.Problem.Errors, nil when it named none.
	Errors map[string][]string `json:",omitempty"`
	// TraceID is the server's trace id of the refusal (core.Error.TraceID: the problem's
	// traceId, else the answer's traceparent or X-Request-Id), for a support ticket.
	TraceID string `json:",omitempty"`
	// CorrelationID is the X-CorrelationId of the refused attempt (core.Error.CorrelationID:
	// the one sent, or the server's echo).
	CorrelationID string `json:",omitempty"`
	// Resolved is true when a person decided (Journal.Resolve); Detail holds their note.
	Resolved bool
}

// ErrSettling matches a *SettlingError: the write is recorded and not settled yet.
var ErrSettling = errors.New("journal: write not settled yet")

// ErrReview matches Do's and Lookup's error for a write in StateReview: no read-back could
// prove its outcome, or its attempts ran out; a person decides (Journal.Review,
// Journal.Resolve).
var ErrReview = errors.New("journal: write needs a review")

// ErrKeyReused matches Do's error when the key holds a write of another operation or another
// request, and Lookup's when it holds another operation's than the Write looked up with: a key
// names one write, ever.
var ErrKeyReused = errors.New("journal: key already holds another write")

// SettlingError is Do's and Lookup's error for a write that is recorded and not settled yet:
// pending (its scope is busy, or nothing could be sent yet) or sending (its outcome is unknown
// until a read-back proves it). Call Do again with the same key after DueAt, or let a recovery
// pass (Journal.Recover, Journal.Run) settle it. It matches ErrSettling.
type SettlingError struct {
	// State is StatePending or StateSending.
	State State
	// Reason says why it is not settled: "outcome unknown", "too early", "busy", ...
	Reason string
	// DueAt is when a recovery pass will look at it again (zero: at the next pass).
	DueAt time.Time
	// Err is the cause, when there is one (the send's error, the read-back's).
	Err error
}

// Error says the write is not settled, why, and when it is due, with its cause; sanitized as
// every error of the SDK (card numbers and control characters masked). The method has a value
// receiver, as every rendering method of the SDK's errors.
func (e SettlingError) Error() string {
	s := fmt.Sprintf("journal: write %s, not settled yet: %s", e.State, e.Reason)
	if !e.DueAt.IsZero() {
		s += " (due " + e.DueAt.UTC().Format(time.RFC3339Nano) + ")"
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return redact.Sanitize(nil, s)
}

// Format implements fmt.Formatter: every verb writes the sanitized Error text; %#v writes it
// as Go syntax of the type, never the fields.
func (e SettlingError) Format(f fmt.State, verb rune) { redact.FormatError(f, verb, e) }

// LogValue implements slog.LogValuer: the sanitized Error text.
func (e SettlingError) LogValue() slog.Value { return redact.ErrorLogValue(e) }

// MarshalJSON writes {"error":"<the sanitized Error text>"}, never the fields.
func (e SettlingError) MarshalJSON() ([]byte, error) { return redact.ErrorJSON(e) }

// Is reports whether target is ErrSettling.
func (e *SettlingError) Is(target error) bool { return target == ErrSettling }

// Unwrap returns the cause.
func (e *SettlingError) Unwrap() error { return e.Err }
