package cardplatform

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// ErrNoReadBack matches the error of SnapshotDisbursement and SnapshotCard for a request the
// platform offers no read-back for (one that creates its person: no operation finds a person):
// its outcome, if unknown, needs a manual review.
var ErrNoReadBack = errors.New("cardplatform: no read-back exists for this request: manual review")

// DefaultSettle is the Settle of ReconcileOptions left zero.
const DefaultSettle = time.Minute

// Outcome is what a read-back tells of a write whose answer was lost. The zero value is
// StillUnknown.
type Outcome int

const (
	// StillUnknown: the read-back cannot tell; do not send the write again, and read back
	// later or review by hand. Reconcile answers it whenever the evidence allows two
	// readings.
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

// Snapshot is what a write's read-back found before the write was sent. Every operation whose
// spec names a read-back has a pair of methods: Snapshot<Method> (SnapshotDisbursement and
// SnapshotCard for CreateDisbursement and CreateCard) and Reconcile<Method>. Take the snapshot
// just before sending, store it with the pending write (it encodes to JSON and never holds a
// secret), and give it to the matching Reconcile method if the outcome is unknown.
type Snapshot struct {
	// Operation is the write's operation id: "createDisbursement", "activateCard", ...
	Operation string `json:"operation"`
	// ProgramGUID and PersonGUID are the program and the person of a createDisbursement or
	// createCard.
	ProgramGUID GUID `json:"program_guid,omitzero"`
	PersonGUID  GUID `json:"person_guid,omitzero"`
	// Read is the read-back operation of the other writes, and Args its arguments as the
	// request gave them (path, query or search members).
	Read string            `json:"read,omitempty"`
	Args map[string]string `json:"args,omitempty"`
	// Match holds the members that pick the one record of a listing the read-back reads
	// (a bulk order's order_guid); Same those a new record must have (a bulk order's quantity).
	Match map[string]string `json:"match,omitempty"`
	Same  map[string]string `json:"same,omitempty"`
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

// ReconcileOptions is what the caller knows that the platform cannot tell. Every Reconcile
// method answers StillUnknown, never a guess, when another write of the same record is in
// flight (InFlight), when it reads before Settle has passed since the snapshot, or when the
// platform returned a listing only in part.
type ReconcileOptions struct {
	// InFlight is how many other writes of the same kind to the same person were sent since the
	// snapshot, or may still be sent, and are not settled (from your journal of pending writes,
	// this one excluded). Any of them makes the answer StillUnknown: a new account or card
	// could be theirs, and its absence proves nothing while they may run.
	InFlight int
	// Known lists account GUIDs (or card proxies) that writes which did answer created since
	// the snapshot: they are not this write's.
	Known []string
	// Settle is how long after Snapshot.Taken the platform may still run the write (a request
	// whose connection broke can still be running on the platform's side). Until it has
	// passed, finding nothing new answers StillUnknown, never NotCommitted. Zero means
	// DefaultSettle. The sandbox (cardplatformtest) runs a request before it answers or drops
	// it, so a program against it may use a small Settle such as a millisecond.
	Settle time.Duration
}

// Reconciliation is the answer of ReconcileDisbursement or ReconcileCard, with its evidence.
type Reconciliation struct {
	// Outcome is committed, not committed or still unknown.
	Outcome Outcome
	// New lists what the read-back found that the snapshot did not and Known does not explain:
	// account GUIDs or card proxies.
	New []string
	// Evidence says, in one sentence, what was read and why it gives Outcome.
	Evidence string
	// ReadAt is when the read-back ran.
	ReadAt time.Time
}

// found is one item a read-back lists: its id and, for accounts, its type.
type found struct{ id, kind string }

// SnapshotDisbursement takes the snapshot ReconcileDisbursement needs, before req is sent: the
// person's accounts in the program (SearchAccounts with program_guid and person_guid; each
// disbursement creates one). A request that does not name an existing person
// (req.Person.PersonGUID) has no read-back: the error matches ErrNoReadBack and
// ErrInvalidArgument.
func (c *Client) SnapshotDisbursement(ctx context.Context, req DisbursementDTO) (Snapshot, error) {
	return c.snapshot(ctx, "createDisbursement", req.ProgramGUID, req.Person.PersonGUID, c.disbursementAccounts)
}

// SnapshotCard takes the snapshot ReconcileCard needs, before the CreateCard request req is
// sent: the person's cards in the program (SearchCards with person_guid and program_guid). A
// request that does not name an existing person has no read-back: the error matches
// ErrNoReadBack and ErrInvalidArgument.
func (c *Client) SnapshotCard(ctx context.Context, req CreateCardRequest) (Snapshot, error) {
	return c.snapshot(ctx, "createCard", req.ProgramGUID, req.Person.PersonGUID, c.personCards)
}

// ReconcileDisbursement settles a CreateDisbursement whose outcome is unknown, from the
// snapshot taken before it was sent: it searches the person's accounts again and answers
// Committed when exactly one account appeared and it is of type DISBURSEMENT; NotCommitted when
// none appeared, the Settle time has passed and no other disbursement to the person is in
// flight; StillUnknown otherwise (two or more new accounts, one of another type, another
// write in flight, too early, an incomplete or unstable listing). It never guesses: an answer
// it cannot prove is StillUnknown. The platform offers no lookup by correlation id or
// client reference, so this is the only evidence.
func (c *Client) ReconcileDisbursement(ctx context.Context, snap Snapshot, opts ReconcileOptions) (Reconciliation, error) {
	return c.reconcile(ctx, "createDisbursement", snap, opts, c.disbursementAccounts)
}

// ReconcileCard settles a CreateCard (for an existing person) whose outcome is unknown, from
// the snapshot taken before it was sent, by the same rules as ReconcileDisbursement: one new
// card is Committed, none (after Settle, nothing else in flight) is NotCommitted, anything
// else StillUnknown.
func (c *Client) ReconcileCard(ctx context.Context, snap Snapshot, opts ReconcileOptions) (Reconciliation, error) {
	return c.reconcile(ctx, "createCard", snap, opts, c.personCards)
}

// lister lists what a read-back finds for a person in a program; complete is false when the
// platform's answer says it holds more than it returned.
type lister func(ctx context.Context, program, person GUID) (items []found, complete bool, err error)

func (c *Client) snapshot(ctx context.Context, op string, program, person GUID, list lister) (Snapshot, error) {
	if person.IsZero() || program.IsZero() {
		return Snapshot{}, fmt.Errorf("%w (%w): %s without program_guid and person.person_guid: no operation finds a person", ErrNoReadBack, ErrInvalidArgument, op)
	}
	items, complete, err := list(ctx, program, person)
	if err != nil {
		return Snapshot{}, fmt.Errorf("cardplatform: snapshot of %s: %w", op, err)
	}
	if !complete {
		return Snapshot{}, fmt.Errorf("cardplatform: snapshot of %s: the platform returned part of the person's records; a partial snapshot cannot settle anything", op)
	}
	s := Snapshot{Operation: op, ProgramGUID: program, PersonGUID: person, Taken: time.Now()}
	for _, f := range items {
		s.Seen = append(s.Seen, f.id)
	}
	slices.Sort(s.Seen)
	return s, nil
}

func (c *Client) reconcile(ctx context.Context, op string, snap Snapshot, opts ReconcileOptions, list lister) (Reconciliation, error) {
	if snap.Operation != op || snap.PersonGUID.IsZero() || snap.ProgramGUID.IsZero() || snap.Taken.IsZero() {
		return Reconciliation{}, fmt.Errorf("%w: reconcile %s: the snapshot is of %q or incomplete (take it with the matching Snapshot method)", ErrInvalidArgument, op, snap.Operation)
	}
	if opts.InFlight < 0 || opts.Settle < 0 {
		return Reconciliation{}, fmt.Errorf("%w: reconcile %s: negative InFlight or Settle", ErrInvalidArgument, op)
	}
	settle := opts.Settle
	if settle == 0 {
		settle = DefaultSettle
	}
	readAt := time.Now()
	items, complete, err := list(ctx, snap.ProgramGUID, snap.PersonGUID)
	if err != nil {
		return Reconciliation{}, fmt.Errorf("cardplatform: reconcile %s: %w", op, err)
	}
	what := "account"
	if op == "createCard" {
		what = "card"
	}
	r := Reconciliation{ReadAt: readAt}
	var fresh []found
	listed := map[string]bool{}
	for _, f := range items {
		listed[f.id] = true
		if !slices.Contains(snap.Seen, f.id) && !slices.Contains(opts.Known, f.id) {
			fresh = append(fresh, f)
			r.New = append(r.New, f.id)
		}
	}
	var gone []string
	for _, id := range snap.Seen {
		if !listed[id] {
			gone = append(gone, id)
		}
	}
	head := fmt.Sprintf("person %s has %d %s(s) in program %s, %d new since the snapshot of %s", snap.PersonGUID, len(items), what, snap.ProgramGUID, len(fresh), snap.Taken.UTC().Format(time.RFC3339))
	if len(fresh) > 0 {
		head += " (" + describe(fresh) + ")"
	}
	switch {
	case !complete:
		r.Evidence = head + ", but the platform returned part of them: still unknown"
	case len(gone) > 0:
		r.Evidence = head + fmt.Sprintf(", and %d listed then are missing now (%s): the listing is not stable, still unknown", len(gone), strings.Join(gone, ", "))
	case opts.InFlight > 0:
		r.Evidence = head + fmt.Sprintf(", and %d other write(s) to this person are in flight: any new one may be theirs and an absence proves nothing while they run, still unknown", opts.InFlight)
	case len(fresh) > 1:
		r.Evidence = head + ": more than this write can have made, still unknown"
	case len(fresh) == 1 && op == "createDisbursement" && fresh[0].kind != "DISBURSEMENT":
		r.Evidence = head + ": an account of another type than DISBURSEMENT, still unknown"
	case len(fresh) == 1:
		r.Outcome = Committed
		r.Evidence = head + ": this write's, committed"
	case readAt.Sub(snap.Taken) < settle:
		r.Evidence = head + fmt.Sprintf(": read %s after the snapshot, before the settle time of %s, the write may still run, still unknown", readAt.Sub(snap.Taken).Round(time.Millisecond), settle)
	default:
		r.Outcome = NotCommitted
		r.Evidence = head + fmt.Sprintf(": nothing new %s after the snapshot, past the settle time of %s, not committed", readAt.Sub(snap.Taken).Round(time.Millisecond), settle)
	}
	return r, nil
}

// describe lists found items as "id (kind), id".
func describe(fs []found) string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = f.id
		if f.kind != "" {
			parts[i] += " (" + f.kind + ")"
		}
	}
	return strings.Join(parts, ", ")
}

// disbursementAccounts lists the person's accounts in the program, of any type: a
// disbursement's account is told by its type only once found, so that a platform naming the
// type differently yields StillUnknown, never NotCommitted.
func (c *Client) disbursementAccounts(ctx context.Context, program, person GUID) ([]found, bool, error) {
	res, err := c.SearchAccounts(ctx, SearchAccountsProgramRequest{ProgramGUID: program, PersonGUID: person})
	if err != nil {
		return nil, false, err
	}
	out := make([]found, len(res.Items))
	for i, a := range res.Items {
		out[i] = found{id: a.AccountGUID.String(), kind: a.AccountType}
	}
	return out, int(res.Total) <= len(res.Items), nil
}

// personCards lists the person's cards in the program, every page.
func (c *Client) personCards(ctx context.Context, program, person GUID) ([]found, bool, error) {
	var out []found
	for card, err := range c.Cards(ctx, SearchCardsRequest{ProgramGUID: program, PersonGUID: person}) {
		if err != nil {
			return nil, false, err
		}
		out = append(out, found{id: card.CardProxy})
	}
	return out, true, nil
}
