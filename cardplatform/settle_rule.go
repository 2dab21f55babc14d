package cardplatform

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/ops"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// This file is the one engine behind the generated Snapshot<Method>/Settle<Method> pairs
// (settle.gen.go): the generator (internal/tools/gen, part ops) writes, from each operation's
// x-issuerkit-readback settle rule in the spec, a settleRule and two methods that call
// snapshotRule and settleWith, which judge here what settle_read.go reads (and refuses
// to trust) with the values of settle_values.go. The rule lives in the spec and the
// generator; nothing here names an operation, and no pair is written by hand.

// settleKind is how a rule tells committed from not committed.
type settleKind int

const (
	// settleState: a field read back holds the value the write sets.
	settleState settleKind = iota + 1
	// settleDelta: a number read back moved by exactly the amount sent. It never proves a
	// write absent (see provesAbsence).
	settleDelta
	// settleChanged: a field read back differs from its value before sending.
	settleChanged
	// settleNew: a listing holds one item more than before sending.
	settleNew
)

// provesAbsence reports whether the rule can answer NotCommitted. A delta rule cannot: a
// number that did not move may hold the write and another movement undoing it, so its
// read-back proves a write committed or leaves it unknown, and a person decides the rest.
func (r *settleRule) provesAbsence() bool { return r.Kind != settleDelta }

// settleMoves is the direction of a delta rule: which way the write moves the number by the
// amount sent. Its zero value is no direction: such a rule proves nothing (refused).
type settleMoves int

const (
	// settleUp: the number rises by the amount (a credit): now minus before is the amount.
	settleUp settleMoves = iota + 1
	// settleDown: the number falls by the amount (a debit): before minus now is the amount.
	settleDown
)

// settleRead is a read-back operation (its descriptor) and its arguments: argument name ->
// source.
type settleRead struct {
	Read *ops.Operation
	Args map[string]string
}

// settleRule is one operation's read-back, generated from the spec (see the generator's
// internal/tools/gen/ops/settle.go for the meaning of each member); Read is the descriptor of
// the read-back operation. A source is "path.<param>", "body.<member>[.<member>]",
// "const.<text>" or "from.<member>". FieldType is the JSON type the spec gives Field ("string",
// "number", "object", ...; "" when it says none): a value of another type proves nothing.
type settleRule struct {
	Op, Method string
	Kind       settleKind
	Read       *ops.Operation
	From       *settleRead
	Args       map[string]string
	Required   []string
	Items, Key string
	Field      string
	FieldType  string
	Sent       string
	Value      string
	Moves      settleMoves // delta: which way the amount moves Field
	Secret     bool
	Match      map[string]string
	Same       map[string]string
	Owner      map[string]string
}

// settleMethodNames names an operation's Write method and its Snapshot and Settle pair;
// TakesRequest is true when Settle takes the request again (its value is a secret).
type settleMethodNames struct {
	Write, Snapshot, Settle string
	TakesRequest            bool
}

// doubt is why an answer read back proves nothing: the reason and its evidence.
type doubt struct {
	reason Reason
	why    string
}

// readState is what one read-back found.
type readState struct {
	value   any      // the field's value (state, delta, changed); nil when absent
	found   bool     // the record (or the list item) exists
	present bool     // and its field holds a value of the spec's type
	raw     []any    // the listing's items, decoded (new: for Same)
	what    string   // "GetCard card_status", for the evidence
	ids     []string // ids of the listing, in order
	doubt   *doubt   // set when the answer cannot be trusted: the verdict is StillUnknown
}

// settleSources holds the values of a rule's request-side sources ("path.card_proxy",
// "body.person.person_guid"), read from the write's typed arguments by the generated
// settleSources<Method> functions: typed Go values, never the request re-read as JSON.
type settleSources map[string]any

func (c *Client) snapshotRule(ctx context.Context, r *settleRule, in settleSources) (Snapshot, error) {
	if err := r.check(); err != nil {
		return Snapshot{}, err
	}
	var from any
	if r.From != nil {
		args, err := resolveArgs(r, r.From.Args, nil, in, nil)
		if err != nil {
			return Snapshot{}, err
		}
		if from, err = c.readBack(ctx, r.From.Read, args); err != nil {
			return Snapshot{}, fmt.Errorf("cardplatform: snapshot of %s: %w", r.Op, err)
		}
	}
	args, err := resolveArgs(r, r.Args, r.Required, in, from)
	if err != nil {
		return Snapshot{}, err
	}
	s := Snapshot{Operation: r.Op, Read: r.Read.ID, Args: args}
	if s.Match, err = resolveMap(r.Match, in, from); err != nil {
		return Snapshot{}, err
	}
	if len(r.Match) > 0 && len(s.Match) == 0 {
		return Snapshot{}, fmt.Errorf("%w: %s: the request names no record to read back (%s)", core.ErrInvalidArgument, r.Method, strings.Join(sortedKeys(r.Match), ", "))
	}
	if s.Same, err = resolveMap(r.Same, in, from); err != nil {
		return Snapshot{}, err
	}
	if s.Owner, err = resolveMap(r.Owner, in, from); err != nil {
		return Snapshot{}, err
	}
	want, err := r.want(in)
	if err != nil {
		return Snapshot{}, err
	}
	st, err := c.readRule(ctx, r, s)
	if err != nil {
		return Snapshot{}, fmt.Errorf("cardplatform: snapshot of %s: %w", r.Op, err)
	}
	if st.doubt != nil {
		return Snapshot{}, fmt.Errorf("cardplatform: snapshot of %s: %s: %s (%s); a snapshot of part of the listing, or of an answer it cannot trust, cannot settle anything", r.Op, st.what, st.doubt.why, st.doubt.reason)
	}
	switch r.Kind {
	case settleNew:
		s.Seen = append([]string(nil), st.ids...)
		slices.Sort(s.Seen)
	case settleState:
		if !st.found {
			return Snapshot{}, fmt.Errorf("%w: %s: %s finds no record to read back: the write has nothing to act on", core.ErrInvalidArgument, r.Method, st.what)
		}
		if !st.present && r.Secret {
			// The snapshot keeps no trace of a secret's absence (Before is never stored), so
			// finding the value afterwards could not be told from its being there before.
			return Snapshot{}, fmt.Errorf("cardplatform: snapshot of %s: %s: the answer holds no such member, so whether it already held the value sent cannot be seen", r.Op, st.what)
		}
	case settleDelta:
		if !st.present {
			return Snapshot{}, fmt.Errorf("%w: %s: %s finds no value to read back: the write has nothing to act on", core.ErrInvalidArgument, r.Method, st.what)
		}
	case settleChanged:
		if st.found && !st.present {
			return Snapshot{}, fmt.Errorf("cardplatform: snapshot of %s: %s: the answer holds no such member, so no change could be seen", r.Op, st.what)
		}
	}
	if st.present {
		s.Already = r.Kind == settleState && holds(st.value, want)
		if !r.Secret {
			// not a model: a value decoded from the read-back
			s.Before, _ = json.Marshal(st.value)
		}
	}
	if !r.Secret && want != nil {
		// not a model: a value the rule derived from the wire form
		s.Want, _ = json.Marshal(want)
	}
	s.Taken = time.Now()
	return s, nil
}

// settleWith settles one write from its snapshot. It answers Committed or NotCommitted
// only on what the read-back shows, and StillUnknown with a Reason otherwise; on an error the
// SettleResult is StillUnknown too (ReasonNoReadBack, ReasonReadFailed), never the zero value
// of another outcome.
func (c *Client) settleWith(ctx context.Context, r *settleRule, snap Snapshot, opts SettleOptions, in settleSources) (SettleResult, error) {
	rec := SettleResult{Outcome: StillUnknown}
	refuse := func(err error) (SettleResult, error) {
		rec.Reason, rec.Evidence = ReasonNoReadBack, err.Error()
		return rec, err
	}
	if err := r.check(); err != nil {
		return refuse(err)
	}
	if snap.Operation != r.Op || snap.Read != r.Read.ID || snap.Taken.IsZero() {
		return refuse(fmt.Errorf("%w: settle %s: the snapshot is of %q or incomplete (take it with %s)", core.ErrInvalidArgument, r.Op, snap.Operation, settleMethods[r.Op].Snapshot))
	}
	if opts.InFlight < 0 || opts.Settle < 0 {
		return refuse(fmt.Errorf("%w: settle %s: negative InFlight or Settle", core.ErrInvalidArgument, r.Op))
	}
	if missing := r.unheld(snap); missing != "" {
		return refuse(fmt.Errorf("%w: settle %s: the snapshot has no %s (take it with %s)", core.ErrInvalidArgument, r.Op, missing, settleMethods[r.Op].Snapshot))
	}
	var want any
	if r.Secret {
		var err error
		if want, err = r.want(in); err != nil {
			return refuse(err)
		}
	} else if len(snap.Want) > 0 {
		if err := decodeNumbers(snap.Want, &want); err != nil {
			return refuse(fmt.Errorf("%w: settle %s: the snapshot's want does not decode: %v", core.ErrInvalidArgument, r.Op, err))
		}
	}
	var before any
	if len(snap.Before) > 0 {
		if err := decodeNumbers(snap.Before, &before); err != nil {
			return refuse(fmt.Errorf("%w: settle %s: the snapshot's before does not decode: %v", core.ErrInvalidArgument, r.Op, err))
		}
	}
	settle := opts.Settle
	if settle == 0 {
		settle = DefaultSettle
	}
	readAt := time.Now()
	rec.ReadAt, rec.SettleAt = readAt, snap.Taken.Add(settle)
	st, err := c.readRule(ctx, r, snap)
	if err != nil {
		rec.Reason = ReasonReadFailed
		rec.Evidence = fmt.Sprintf("%s: the read-back failed, still unknown: %v", r.Read.ID, err)
		return rec, fmt.Errorf("cardplatform: settle %s: %w", r.Op, err)
	}
	since := readAt.Sub(snap.Taken).Round(time.Millisecond)
	early := readAt.Before(rec.SettleAt)
	show := func(v any) string {
		if r.Secret {
			return "(secret)"
		}
		// not a model: a decoded value, for the evidence text
		b, _ := json.Marshal(v)
		return string(b)
	}
	head := fmt.Sprintf("%s read %s after the snapshot of %s", st.what, since, snap.Taken.UTC().Format(time.RFC3339))
	still := func(reason Reason, why string) (SettleResult, error) {
		rec.Reason = reason
		rec.Evidence = head + ": " + why + ", still unknown (" + reason.String() + ")"
		return rec, nil
	}
	proved := func(o Outcome, why string) (SettleResult, error) {
		rec.Outcome, rec.Reason = o, ReasonNone
		rec.Evidence = head + ": " + why + ", " + o.String()
		return rec, nil
	}
	tooEarly := fmt.Sprintf("before the settle time of %s the write may still run", settle)
	if st.doubt != nil {
		return still(st.doubt.reason, st.doubt.why)
	}
	if opts.InFlight > 0 {
		return still(ReasonInFlight, fmt.Sprintf("%d other write(s) of this record are in flight: a change may be theirs and its absence proves nothing while they run", opts.InFlight))
	}
	switch r.Kind {
	case settleNew:
		var fresh, odd []string
		listed := map[string]bool{}
		for i, id := range st.ids {
			listed[id] = true
			if slices.Contains(snap.Seen, id) || slices.Contains(opts.Known, id) {
				continue
			}
			fresh = append(fresh, id)
			for _, k := range sortedKeys(snap.Same) {
				v := snap.Same[k]
				if got, ok := lookup(st.raw[i], k); !ok || !holds(got, scalarOf(got, v)) {
					odd = append(odd, fmt.Sprintf("%s %s, not %s", k, show(got), v))
				}
			}
		}
		rec.New = fresh
		var gone []string
		for _, id := range snap.Seen {
			if !listed[id] {
				gone = append(gone, id)
			}
		}
		head += fmt.Sprintf(": %d listed, %d new (%s)", len(st.ids), len(fresh), strings.Join(fresh, ", "))
		switch {
		case len(gone) > 0:
			return still(ReasonListingUnstable, fmt.Sprintf("%d listed then are missing now (%s): the listing is not stable", len(gone), strings.Join(gone, ", ")))
		case len(fresh) > 1:
			return still(ReasonAmbiguous, "more than this write can have made")
		case len(odd) > 0:
			return still(ReasonAmbiguous, "the new one does not match the request, another type or value ("+strings.Join(odd, "; ")+")")
		case len(fresh) == 1:
			return proved(Committed, "this write's")
		case early:
			return still(ReasonTooEarly, "nothing new yet, but "+tooEarly)
		}
		return proved(NotCommitted, "every item identified, the snapshot's and nothing new, past the settle time of "+settle.String())

	case settleDelta:
		b, okB := ratOf(before)
		a, okA := ratOf(st.value)
		w, okW := ratOf(want)
		if !okB || !okA || !okW {
			return still(ReasonMemberMissing, "a balance or the amount is not a number")
		}
		// The movement the write makes: the amount, up (a credit) or down (a debit).
		moved, way, by := new(big.Rat).Sub(a, b), "rose", new(big.Rat).Set(w)
		if r.Moves == settleDown {
			way = "fell"
			by.Neg(by)
		}
		head += fmt.Sprintf(": %s before, %s now, amount %s (%s)", show(before), show(st.value), show(want), r.Moves)
		switch {
		case w.Sign() == 0:
			return still(ReasonAmbiguous, "an amount of zero moves nothing")
		case moved.Cmp(by) == 0:
			return proved(Committed, way+" by exactly the amount")
		case moved.Sign() != 0:
			return still(ReasonAmbiguous, "moved by "+moved.FloatString(6)+", not "+by.FloatString(6)+": another movement")
		case early:
			return still(ReasonTooEarly, "no movement yet, but "+tooEarly)
		}
		// A number that did not move does not prove the write absent: the write and another
		// movement of the same size the other way (a purchase of the amount credited, a
		// reversal) leave it where it was, and sending again would move the money twice.
		return still(ReasonAmbiguous, "no movement past the settle time of "+settle.String()+
			", which does not prove it was not applied: another movement of the same size the other way would undo it")

	case settleChanged:
		head += fmt.Sprintf(": %s before, %s now", show(before), show(st.value))
		same := (len(snap.Before) == 0 && !st.found) || (len(snap.Before) > 0 && st.present && sameJSON(before, st.value))
		switch {
		case st.found && !st.present:
			return still(ReasonMemberMissing, "the answer holds no such member: a change cannot be seen")
		case !same && st.present:
			return proved(Committed, "changed")
		case !same:
			return still(ReasonMemberMissing, "gone since the snapshot")
		case early:
			return still(ReasonTooEarly, "unchanged yet, but "+tooEarly)
		}
		return proved(NotCommitted, "unchanged past the settle time of "+settle.String())
	}

	// settleState
	head += fmt.Sprintf(": %s before, %s now, the write sets %s", show(before), show(st.value), show(want))
	switch {
	case !st.found:
		return still(ReasonMemberMissing, "the record is gone")
	case snap.Already:
		return still(ReasonAmbiguous, "it already held the value before sending: nothing tells whether this write ran")
	case st.present && holds(st.value, want) && len(snap.Before) == 0 && !r.Secret:
		return still(ReasonMemberMissing, "it holds the value sent now, but held no value the snapshot could read: whether it already held it cannot be told")
	case st.present && holds(st.value, want):
		return proved(Committed, "in effect")
	case !st.present:
		return still(ReasonMemberMissing, "the record holds no value there: its absence proves nothing (a member the platform names otherwise reads the same)")
	case !r.Secret && !sameJSON(before, st.value):
		return still(ReasonAmbiguous, "a third value: another writer changed it")
	case early:
		return still(ReasonTooEarly, "unchanged yet, but "+tooEarly)
	}
	return proved(NotCommitted, "not in effect past the settle time of "+settle.String())
}

// check refuses a rule the engine cannot judge: a delta rule that does not say which way the
// amount moves its number (the generator writes none; a rule built otherwise proves nothing).
func (r *settleRule) check() error {
	if r.Kind == settleDelta && r.Moves != settleUp && r.Moves != settleDown {
		return fmt.Errorf("%w: %s: its delta rule says neither up nor down: no movement can prove it", ErrNoReadBack, r.Method)
	}
	return nil
}

// String is the direction as the spec writes it ("up", "down").
func (m settleMoves) String() string {
	switch m {
	case settleUp:
		return "up"
	case settleDown:
		return "down"
	}
	return "no direction"
}

// unheld names what a snapshot of r must hold and snap does not: a required argument, or a
// member of Same or Owner whose source cannot be empty (a constant, or a required argument's
// source). A snapshot stored by an older version, or made by hand, without them would skip a
// check; it is refused instead. "" when nothing is missing.
func (r *settleRule) unheld(snap Snapshot) string {
	sure := map[string]bool{}
	for _, a := range r.Required {
		if snap.Args[a] == "" {
			return "argument " + a
		}
		sure[r.Args[a]] = true
	}
	for _, m := range []struct {
		name      string
		rule, got map[string]string
	}{{"same", r.Same, snap.Same}, {"owner", r.Owner, snap.Owner}} {
		for _, k := range sortedKeys(m.rule) {
			src := m.rule[k]
			c, isConst := strings.CutPrefix(src, "const.")
			switch {
			case isConst && m.got[k] != c:
				return m.name + " " + k + " " + c
			case sure[src] && m.got[k] == "":
				return m.name + " " + k
			}
		}
	}
	return ""
}

// want is the value the write sets (state), or the amount (delta), from the request; nil for
// the kinds that have none.
func (r *settleRule) want(in settleSources) (any, error) {
	switch {
	case r.Value != "":
		return r.Value, nil
	case r.Sent == "":
		return nil, nil
	}
	v, ok := source(r.Sent, in, nil)
	if !ok || isEmpty(v) {
		return nil, fmt.Errorf("%w: %s: the request sets no %s, so nothing can be read back", core.ErrInvalidArgument, r.Method, strings.TrimPrefix(r.Sent, "body."))
	}
	return v, nil
}
