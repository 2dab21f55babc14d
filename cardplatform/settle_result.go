package cardplatform

import "time"

// Outcome is what a read-back tells of a write whose answer was lost. The zero value is
// StillUnknown.
type Outcome int

const (
	// StillUnknown: the read-back cannot tell; do not send the write again. The
	// SettleResult's Reason says whether to read back later (Reason.Wait) or to review by
	// hand. A Settle method answers it whenever the evidence does not prove one of the other two.
	StillUnknown Outcome = iota
	// Committed: the platform ran the write; do not send it again.
	Committed
	// NotCommitted: the platform did not run the write, and can no longer run it (the
	// Settle time has passed); it is safe to send it again.
	NotCommitted
)

// String returns "still unknown", "committed" or "not committed".
func (o Outcome) String() string {
	switch o {
	case Committed:
		return "committed"
	case NotCommitted:
		return "not committed"
	}
	return "still unknown"
}

// Reason says why a Settle method answered StillUnknown; it is ReasonNone for Committed and
// NotCommitted. A program acts on Reason.Wait: read back again later, or stop and review.
// New reasons may be added; a program that meets one it does not know should treat it as a
// review (Wait reports false for it).
type Reason int

const (
	// ReasonNone: the outcome is proved (Committed or NotCommitted).
	ReasonNone Reason = iota
	// ReasonTooEarly: nothing shows the write ran, but the Settle time has not passed since the
	// snapshot, so the write may still run. Read back again at SettleResult.SettleAt.
	ReasonTooEarly
	// ReasonInFlight: other writes of the same record are in flight (SettleOptions.InFlight):
	// what changed may be theirs. Read back again once they are settled.
	ReasonInFlight
	// ReasonReadFailed: the read-back call failed (the error is returned beside the
	// SettleResult). Read back again later.
	ReasonReadFailed
	// ReasonAmbiguous: the read-back shows a change that this write may or may not have made:
	// more new items than one write makes, a new item that does not match the request (another
	// type, another quantity), a movement other than the amount, a third value, or the value
	// already held before sending. Review.
	ReasonAmbiguous
	// ReasonIdentityMissing: an item of the listing lacks the member that identifies it (an
	// account's account_guid, a card's card_proxy) or its owner (person_guid ...), or holds it
	// as another JSON type: items cannot be told apart or known as the request's. Review.
	ReasonIdentityMissing
	// ReasonIdentityRepeated: two items of the listing carry the same identity. Review.
	ReasonIdentityRepeated
	// ReasonForeignOwner: an item of the listing belongs to another owner (person, wallet,
	// company) than the request's: the platform did not apply the read's filter. Review.
	ReasonForeignOwner
	// ReasonListingIncomplete: the listing is partial or unreadable: its total is larger (or
	// smaller) than the items returned, it is absent or not a number beside items, or items is
	// not a list. Review (a person with more records than one page holds cannot be settled).
	ReasonListingIncomplete
	// ReasonListingUnstable: items listed at the snapshot are missing now. Review.
	ReasonListingUnstable
	// ReasonMemberMissing: the record read back is gone, or lacks the member the rule reads,
	// or holds it as another JSON type than the spec's. Review.
	ReasonMemberMissing
	// ReasonNoReadBack: no read-back can settle this write with this snapshot (it is of another
	// operation, incomplete, or the request gives nothing to read back); the error is
	// returned beside the SettleResult. Review.
	ReasonNoReadBack
)

var reasonText = [...]string{
	ReasonNone:              "none",
	ReasonTooEarly:          "too early",
	ReasonInFlight:          "other writes in flight",
	ReasonReadFailed:        "read failed",
	ReasonAmbiguous:         "ambiguous",
	ReasonIdentityMissing:   "identity missing",
	ReasonIdentityRepeated:  "identity repeated",
	ReasonForeignOwner:      "foreign owner",
	ReasonListingIncomplete: "listing incomplete",
	ReasonListingUnstable:   "listing unstable",
	ReasonMemberMissing:     "member missing",
	ReasonNoReadBack:        "no read-back",
}

// String returns the reason in words: "too early", "identity missing", ...
func (r Reason) String() string {
	if r >= 0 && int(r) < len(reasonText) {
		return reasonText[r]
	}
	return "unknown reason"
}

// Wait reports whether reading back again later may settle the write (ReasonTooEarly,
// ReasonInFlight, ReasonReadFailed); false means that a person must review it (and for
// ReasonNone, that nothing is left to do).
func (r Reason) Wait() bool {
	return r == ReasonTooEarly || r == ReasonInFlight || r == ReasonReadFailed
}

// SettleResult is the answer of a Settle method, with its evidence.
type SettleResult struct {
	// Outcome is committed, not committed or still unknown.
	Outcome Outcome
	// Reason says why the Outcome is StillUnknown; ReasonNone otherwise.
	Reason Reason
	// New lists what a listing read-back found that the snapshot did not and Known does not
	// explain: account GUIDs, card proxies, order GUIDs.
	New []string
	// Evidence says, in one sentence, what was read and why it gives Outcome.
	Evidence string
	// ReadAt is when the read-back ran.
	ReadAt time.Time
	// SettleAt is when the Settle time after the snapshot ends: before it, finding no effect
	// answers StillUnknown with ReasonTooEarly. Read back again at SettleAt.
	SettleAt time.Time
}
