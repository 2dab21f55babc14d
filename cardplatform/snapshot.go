package cardplatform

import (
	"encoding/json"
	"errors"
	"time"
)

// ErrNoReadBack matches the error of a Snapshot method (SnapshotDisbursement, SnapshotCard)
// for a request the platform offers no read-back for (one that creates its person: no
// operation finds a person): its outcome, if unknown, needs a manual review.
var ErrNoReadBack = errors.New("cardplatform: no read-back exists for this request: manual review")

// DefaultSettle is the Settle of SettleOptions left zero.
const DefaultSettle = time.Minute

// Snapshot is what a write's read-back found before the write was sent. Every operation whose
// spec names a read-back has a pair of methods: Snapshot<Method> (SnapshotDisbursement and
// SnapshotCard for CreateDisbursement and CreateCard) and Settle<Method>, generated from
// the spec's rule and run by one engine. Take the snapshot just before sending, store it with
// the pending write (it encodes to JSON and never holds a secret), and give it to the matching
// Settle method if the outcome is unknown.
type Snapshot struct {
	// Operation is the write's operation id: "createDisbursement", "activateCard", ...
	Operation string `json:"operation"`
	// Read is the read-back operation, and Args its arguments as the request gave them (path,
	// query or search members): program_guid and person_guid for createDisbursement.
	Read string            `json:"read,omitempty"`
	Args map[string]string `json:"args,omitempty"`
	// Match holds the members that pick the one record of a listing the read-back reads
	// (a bulk order's order_guid); Same those a new record must have (a bulk order's quantity,
	// a disbursement account's type); Owner those every record listed must have (the person,
	// wallet or company the read filters on).
	Match map[string]string `json:"match,omitempty"`
	Same  map[string]string `json:"same,omitempty"`
	Owner map[string]string `json:"owner,omitempty"`
	// Seen lists, sorted, what a listing read-back found: account GUIDs, card proxies, order
	// GUIDs.
	Seen []string `json:"seen,omitempty"`
	// Before is the value read back before sending (JSON), absent when there was none or it is
	// a secret; Want is the value the write sets or the amount it moves (JSON), absent for a
	// secret; Already is true when Before already was the value the write sets.
	Before  json.RawMessage `json:"before,omitempty"`
	Want    json.RawMessage `json:"want,omitempty"`
	Already bool            `json:"already,omitempty"`
	// Taken is when the snapshot was taken, just before the write was sent.
	Taken time.Time `json:"taken"`
}

// SettleOptions is what the caller knows that the platform cannot tell. Every Settle
// method answers StillUnknown, never a guess, when another write of the same record is in
// flight (InFlight), when it reads before Settle has passed since the snapshot and sees no
// effect, and whenever the read-back does not prove the outcome (the SettleResult's Reason
// says which).
type SettleOptions struct {
	// InFlight is how many other writes of the same kind to the same record (or person) were
	// sent since the snapshot, or may still be sent, and are not settled (from your journal of
	// pending writes, this one excluded). Any of them makes the answer StillUnknown: a change
	// could be theirs, and its absence proves nothing while they may run.
	InFlight int
	// Known lists the ids (account GUIDs, card proxies, order GUIDs) of items that writes which
	// did answer created since the snapshot: they are not this write's.
	Known []string
	// Settle is how long after Snapshot.Taken the platform may still run the write (a request
	// whose connection broke can still be running on the platform's side). Until it has
	// passed, finding no effect answers StillUnknown (ReasonTooEarly), never NotCommitted. Zero
	// means DefaultSettle. The sandbox (cardplatformtest) runs a request before it answers or
	// drops it, so a program against it may use a small Settle such as a millisecond.
	Settle time.Duration
}
