package cardplatform

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/issuerkit/issuerkit-go/internal/jsonx"
	"github.com/issuerkit/issuerkit-go/internal/ops"
	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
)

// This file is the one engine behind the generated Snapshot<Method>/Reconcile<Method> pairs
// (settle.gen.go): the generator (internal/tools/gen, part ops) writes, from each operation's
// x-issuerkit-readback settle rule in the spec, a settleRule and two methods that call
// snapshotRule and reconcileRule. The rule
// lives in the spec and the generator; nothing here names an operation.

// settleKind is how a rule tells committed from not committed.
type settleKind int

const (
	// settleState: a field read back holds the value the write sets.
	settleState settleKind = iota + 1
	// settleDelta: a number read back moved by exactly the amount sent.
	settleDelta
	// settleChanged: a field read back differs from its value before sending.
	settleChanged
	// settleNew: a listing holds one item more than before sending.
	settleNew
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
	Secret     bool
	Match      map[string]string
	Same       map[string]string
	Owner      map[string]string
}

// settleMethodNames names an operation's Write method and its Snapshot and Reconcile pair;
// TakesRequest is true when Reconcile takes the request again (its value is a secret).
type settleMethodNames struct {
	Write, Snapshot, Reconcile string
	TakesRequest               bool
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

func (c *Client) snapshotRule(ctx context.Context, r *settleRule, path map[string]any, body any) (Snapshot, error) {
	in, err := ruleInput(path, body)
	if err != nil {
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
		return Snapshot{}, fmt.Errorf("%w: %s: the request names no record to read back (%s)", ErrInvalidArgument, r.Method, strings.Join(sortedKeys(r.Match), ", "))
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
			return Snapshot{}, fmt.Errorf("%w: %s: %s finds no record to read back: the write has nothing to act on", ErrInvalidArgument, r.Method, st.what)
		}
		if !st.present && r.Secret {
			// The snapshot keeps no trace of a secret's absence (Before is never stored), so
			// finding the value afterwards could not be told from its being there before.
			return Snapshot{}, fmt.Errorf("cardplatform: snapshot of %s: %s: the answer holds no such member, so whether it already held the value sent cannot be seen", r.Op, st.what)
		}
	case settleDelta:
		if !st.present {
			return Snapshot{}, fmt.Errorf("%w: %s: %s finds no value to read back: the write has nothing to act on", ErrInvalidArgument, r.Method, st.what)
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

// reconcileRule settles one write from its snapshot. It answers Committed or NotCommitted
// only on what the read-back shows, and StillUnknown with a Reason otherwise; on an error the
// Reconciliation is StillUnknown too (ReasonNoReadBack, ReasonReadFailed), never the zero value
// of another outcome.
func (c *Client) reconcileRule(ctx context.Context, r *settleRule, snap Snapshot, opts ReconcileOptions, body any) (Reconciliation, error) {
	rec := Reconciliation{Outcome: StillUnknown}
	refuse := func(err error) (Reconciliation, error) {
		rec.Reason, rec.Evidence = ReasonNoReadBack, err.Error()
		return rec, err
	}
	if snap.Operation != r.Op || snap.Read != r.Read.ID || snap.Taken.IsZero() {
		return refuse(fmt.Errorf("%w: reconcile %s: the snapshot is of %q or incomplete (take it with %s)", ErrInvalidArgument, r.Op, snap.Operation, settleMethods[r.Op].Snapshot))
	}
	if opts.InFlight < 0 || opts.Settle < 0 {
		return refuse(fmt.Errorf("%w: reconcile %s: negative InFlight or Settle", ErrInvalidArgument, r.Op))
	}
	if missing := r.unheld(snap); missing != "" {
		return refuse(fmt.Errorf("%w: reconcile %s: the snapshot has no %s (take it with %s)", ErrInvalidArgument, r.Op, missing, settleMethods[r.Op].Snapshot))
	}
	var want any
	if r.Secret {
		in, err := ruleInput(nil, body)
		if err != nil {
			return refuse(err)
		}
		if want, err = r.want(in); err != nil {
			return refuse(err)
		}
	} else if len(snap.Want) > 0 {
		if err := decodeNumbers(snap.Want, &want); err != nil {
			return refuse(fmt.Errorf("%w: reconcile %s: the snapshot's want does not decode: %v", ErrInvalidArgument, r.Op, err))
		}
	}
	var before any
	if len(snap.Before) > 0 {
		if err := decodeNumbers(snap.Before, &before); err != nil {
			return refuse(fmt.Errorf("%w: reconcile %s: the snapshot's before does not decode: %v", ErrInvalidArgument, r.Op, err))
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
		return rec, fmt.Errorf("cardplatform: reconcile %s: %w", r.Op, err)
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
	still := func(reason Reason, why string) (Reconciliation, error) {
		rec.Reason = reason
		rec.Evidence = head + ": " + why + ", still unknown (" + reason.String() + ")"
		return rec, nil
	}
	proved := func(o Outcome, why string) (Reconciliation, error) {
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
		moved := new(big.Rat).Sub(a, b)
		head += fmt.Sprintf(": %s before, %s now, amount %s", show(before), show(st.value), show(want))
		switch {
		case w.Sign() == 0:
			return still(ReasonAmbiguous, "an amount of zero moves nothing")
		case moved.Cmp(w) == 0:
			return proved(Committed, "moved by exactly the amount")
		case moved.Sign() != 0:
			return still(ReasonAmbiguous, "moved by "+moved.FloatString(6)+", not the amount: another movement")
		case early:
			return still(ReasonTooEarly, "no movement yet, but "+tooEarly)
		}
		return proved(NotCommitted, "no movement past the settle time of "+settle.String())

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
func (r *settleRule) want(in map[string]any) (any, error) {
	switch {
	case r.Value != "":
		return r.Value, nil
	case r.Sent == "":
		return nil, nil
	}
	v, ok := source(r.Sent, in, nil)
	if !ok || isEmpty(v) {
		return nil, fmt.Errorf("%w: %s: the request sets no %s, so nothing can be read back", ErrInvalidArgument, r.Method, strings.TrimPrefix(r.Sent, "body."))
	}
	return v, nil
}

// readRule runs the rule's read-back with the snapshot's arguments. An answer that cannot be
// trusted (doubt) is not an error: the verdict is StillUnknown with its reason. A listing is
// trusted only when it is whole (its total equals the items returned), every item carries its
// identity (and, for a rule with owners, its owners, equal to the request's) as a string, and
// no identity repeats.
func (c *Client) readRule(ctx context.Context, r *settleRule, s Snapshot) (readState, error) {
	st := readState{what: r.Read.ID}
	read := c.readBack
	if r.Items != "" {
		read = c.readListing
	}
	ans, err := read(ctx, r.Read, s.Args)
	if err != nil {
		// None yet: found and present stay false. Only the platform's own 404, with its
		// ProblemDetails body (as the spec gives it), says so; a bare 404 (a gateway's, a
		// path the platform no longer serves) proves nothing and fails the read.
		var pe *ProblemError
		if r.Kind == settleChanged && errors.Is(err, ErrNotFound) && errors.As(err, &pe) && pe != nil {
			return st, nil
		}
		return st, err
	}
	doubtful := func(reason Reason, format string, args ...any) (readState, error) {
		st.doubt = &doubt{reason: reason, why: fmt.Sprintf(format, args...)}
		return st, nil
	}
	if r.Items == "" {
		st.what += " " + r.Field
		if _, ok := ans.(map[string]any); !ok {
			return doubtful(ReasonMemberMissing, "the answer is %s, not an object", jsonKind(ans))
		}
		st.found = true
		st.value, st.present = lookup(ans, r.Field)
		st.present = st.present && st.value != nil
		if st.present && !ofType(st.value, r.FieldType) {
			return doubtful(ReasonMemberMissing, "%s is %s, not %s as the spec says", r.Field, jsonKind(st.value), r.FieldType)
		}
		return st, nil
	}
	if r.Kind == settleNew {
		st.what += " " + r.Items
	} else {
		st.what += " " + r.Field + " of the item with " + describeMatch(s.Match)
	}
	if _, ok := ans.(map[string]any); !ok {
		return doubtful(ReasonListingIncomplete, "the answer is %s, not an object", jsonKind(ans))
	}
	// An empty listing comes as {} (the spec's members are optional and the platform omits
	// empty ones), so an absent list is an empty one, as the typed methods decode it.
	list, _ := lookup(ans, r.Items)
	items, ok := list.([]any)
	if list != nil && !ok {
		return doubtful(ReasonListingIncomplete, "%s is %s, not a list", r.Items, jsonKind(list))
	}
	keys := r.Match // the members that identify an item: the key, or those that match it
	if r.Kind == settleNew {
		keys = map[string]string{r.Key: ""}
	}
	seen := map[string]bool{}
	var picked []any
	for i, it := range items {
		obj, ok := it.(map[string]any)
		if !ok {
			return doubtful(ReasonIdentityMissing, "item %d is %s, not an object", i+1, jsonKind(it))
		}
		for _, k := range sortedKeys(keys) {
			if v, ok := obj[k]; !ok || !isText(v) {
				return doubtful(ReasonIdentityMissing, "item %d has no %s (%s): items cannot be told apart", i+1, k, jsonKind(v))
			}
		}
		if r.Kind == settleNew {
			id := obj[r.Key].(string)
			if seen[strings.ToLower(id)] {
				return doubtful(ReasonIdentityRepeated, "%s %s is listed twice", r.Key, id)
			}
			seen[strings.ToLower(id)] = true
			st.ids = append(st.ids, id)
			st.raw = append(st.raw, it)
		} else if matches(it, s.Match) {
			picked = append(picked, it)
		}
		for _, k := range sortedKeys(s.Owner) {
			v, ok := obj[k]
			if !ok || !isText(v) {
				return doubtful(ReasonIdentityMissing, "item %d has no %s (%s): it is not known to be the request's", i+1, k, jsonKind(v))
			}
			if !strings.EqualFold(v.(string), s.Owner[k]) {
				return doubtful(ReasonForeignOwner, "item %d has %s %s, not the request's %s: the platform did not filter the listing", i+1, k, v, s.Owner[k])
			}
		}
	}
	total, hasTotal := lookup(ans, "total")
	n, isNum := ratOf(total)
	switch {
	case hasTotal && (!isNum || !n.IsInt()):
		return doubtful(ReasonListingIncomplete, "its total is %s, not a whole number", jsonKind(total))
	case hasTotal && n.Cmp(new(big.Rat).SetInt64(int64(len(items)))) != 0:
		return doubtful(ReasonListingIncomplete, "it returned %d items of a total of %s: the listing is partial", len(items), n.RatString())
	case !hasTotal && len(items) > 0:
		return doubtful(ReasonListingIncomplete, "it returned %d items and no total: whether it holds more cannot be seen", len(items))
	}
	if r.Kind == settleNew {
		return st, nil
	}
	switch len(picked) {
	case 0:
		return st, nil
	case 1:
		st.found = true
		st.value, st.present = lookup(picked[0], r.Field)
		st.present = st.present && st.value != nil
		if st.present && !ofType(st.value, r.FieldType) {
			return doubtful(ReasonMemberMissing, "%s is %s, not %s as the spec says", r.Field, jsonKind(st.value), r.FieldType)
		}
		return st, nil
	}
	return doubtful(ReasonIdentityRepeated, "%d items have %s: the read-back cannot tell which", len(picked), describeMatch(s.Match))
}

// isText reports whether v is a JSON string that is not empty.
func isText(v any) bool {
	s, ok := v.(string)
	return ok && s != ""
}

// jsonKind names the JSON type of a decoded value, for the evidence.
func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null or absent"
	case string:
		return "a string"
	case json.Number:
		return "a number"
	case bool:
		return "a boolean"
	case map[string]any:
		return "an object"
	case []any:
		return "a list"
	}
	return fmt.Sprintf("a %T", v)
}

// ofType reports whether the decoded value v is of the JSON type t ("" accepts any).
func ofType(v any, t string) bool {
	switch t {
	case "":
		return true
	case "string":
		_, ok := v.(string)
		return ok
	case "number":
		_, ok := v.(json.Number)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	}
	return false
}

// maxReadBackPages bounds the pages one listing read-back reads; a listing longer than that
// is partial (StillUnknown).
const maxReadBackPages = 40

// readListing reads a listing whole: for an operation that pages by start_index (1-based) in
// the query, the pages after the first until the items read reach the first page's total, as
// one answer with every item. It stops at a page that is not a listing, is empty, or announces
// another total, and returns what it read: the total then differs from the items, and the
// listing is judged partial.
func (c *Client) readListing(ctx context.Context, op *ops.Operation, args map[string]string) (any, error) {
	ans, err := c.readBack(ctx, op, args)
	p := op.Paging
	if err != nil || p == nil || p.Style != "index" || p.In != "query" || p.Start == "" {
		return ans, err
	}
	first, _ := ans.(map[string]any)
	all, isList := first[p.Items].([]any)
	total, isNum := ratOf(first[p.Total])
	if first == nil || !isList || !isNum || !total.IsInt() || !total.Num().IsInt64() {
		return ans, nil
	}
	want := total.Num().Int64()
	for pages := 1; int64(len(all)) < want && pages < maxReadBackPages; pages++ {
		next := maps.Clone(args)
		if next == nil {
			next = map[string]string{}
		}
		next[p.Start] = strconv.Itoa(len(all) + 1)
		page, err := c.readBack(ctx, op, next)
		if err != nil {
			return nil, err
		}
		m, _ := page.(map[string]any)
		items, isList := m[p.Items].([]any)
		t, isNum := ratOf(m[p.Total])
		if m == nil || !isList || len(items) == 0 || !isNum || t.Cmp(total) != 0 {
			break
		}
		all = append(all, items...)
	}
	first[p.Items] = all
	return first, nil
}

// readBack calls the retry-safe operation op with args: those named in its path template
// go into the path (refused as PathArgument refuses them), the others into the query (GET)
// or the JSON body. It returns the decoded answer, numbers kept exact (json.Number).
func (c *Client) readBack(ctx context.Context, op *ops.Operation, args map[string]string) (any, error) {
	if op == nil || !op.RetrySafe {
		return nil, fmt.Errorf("%w: read-back %v is not a retry-safe operation", ErrInvalidArgument, op)
	}
	opID := op.ID
	path := strings.Replace(op.Path, "{version}", c.core.Version, 1)
	rest := url.Values{}
	restBody := map[string]string{}
	for _, k := range sortedKeys(args) {
		v := args[k]
		if p := "{" + k + "}"; strings.Contains(path, p) {
			if err := sdkclient.PathArgument(opID, k, v); err != nil {
				return nil, err
			}
			path = strings.Replace(path, p, url.PathEscape(v), 1)
			continue
		}
		rest.Set(k, v)
		restBody[k] = v
	}
	req := sdkclient.Request{Op: op, Path: path}
	if op.Method == http.MethodGet {
		if len(rest) > 0 {
			req.Path += "?" + rest.Encode()
		}
	} else {
		req.Body = restBody
	}
	raw, err := sdkclient.Call[json.RawMessage](ctx, &c.core, req, []CallOption(nil))
	if err != nil {
		return nil, err
	}
	var v any
	if err := decodeNumbers(*raw, &v); err != nil {
		return nil, fmt.Errorf("cardplatform: %s: the answer does not decode: %w", opID, err)
	}
	return v, nil
}

// ruleInput is what sources read: the path arguments and the request body as JSON, encoded
// as it is sent (the wire encoder: json.Marshal of a model masks its Secrets).
func ruleInput(path map[string]any, body any) (map[string]any, error) {
	in := map[string]any{"path": path}
	if body != nil {
		b, err := jsonx.MarshalWire(body)
		if err != nil {
			return nil, fmt.Errorf("%w: the request does not encode: %v", ErrInvalidArgument, err)
		}
		var v any
		if err := decodeNumbers(b, &v); err != nil {
			return nil, err
		}
		in["body"] = v
	}
	return in, nil
}

// source returns the value a source names.
func source(src string, in map[string]any, from any) (any, bool) {
	kind, rest, _ := strings.Cut(src, ".")
	switch kind {
	case "path":
		p, _ := in["path"].(map[string]any)
		v, ok := p[rest]
		return v, ok
	case "body":
		return lookup(in["body"], rest)
	case "from":
		return lookup(from, rest)
	case "const":
		return rest, true
	}
	return nil, false
}

// resolveArgs resolves a read's arguments; one the read's path needs may not be empty, an
// empty other one is left out (the read is then wider, never narrower), unless required names
// it: then the request has no read-back (ErrNoReadBack).
func resolveArgs(r *settleRule, args map[string]string, required []string, in map[string]any, from any) (map[string]string, error) {
	out := map[string]string{}
	for _, k := range sortedKeys(args) {
		src := args[k]
		v, _ := source(src, in, from)
		t := textOf(v)
		switch {
		case t != "":
			out[k] = t
		case slices.Contains(required, k):
			return nil, fmt.Errorf("%w (%w): %s without %s: no operation finds what it acts on", ErrNoReadBack, ErrInvalidArgument, r.Op, strings.TrimPrefix(src, "body."))
		case strings.HasPrefix(src, "path.") || strings.HasPrefix(src, "from."):
			return nil, fmt.Errorf("%w: %s: %s is empty: nothing to read back", ErrInvalidArgument, r.Method, strings.TrimPrefix(src, "path."))
		}
	}
	return out, nil
}

func resolveMap(m map[string]string, in map[string]any, from any) (map[string]string, error) {
	if len(m) == 0 {
		return nil, nil
	}
	out := map[string]string{}
	for k, src := range m {
		v, _ := source(src, in, from)
		if t := textOf(v); t != "" {
			out[k] = t
		}
	}
	return out, nil
}

// lookup walks a dotted member path through decoded JSON.
func lookup(v any, path string) (any, bool) {
	for _, name := range strings.Split(path, ".") {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = m[name]; !ok {
			return nil, false
		}
	}
	return v, true
}

// matches reports whether item's members equal every value of match.
func matches(item any, match map[string]string) bool {
	for k, want := range match {
		got, ok := lookup(item, k)
		if !ok || !strings.EqualFold(textOf(got), want) {
			return false
		}
	}
	return true
}

// holds reports whether have holds want: scalars equal (numbers by value), every member of a
// wanted object held by have's, every element of a wanted list held by one of have's.
func holds(have, want any) bool {
	switch w := want.(type) {
	case nil:
		return false
	case map[string]any:
		h, ok := have.(map[string]any)
		if !ok {
			return false
		}
		for k, wv := range w {
			if wv == nil {
				continue
			}
			if !holds(h[k], wv) {
				return false
			}
		}
		return true
	case []any:
		h, ok := have.([]any)
		if !ok {
			return false
		}
		for _, wv := range w {
			if !slices.ContainsFunc(h, func(hv any) bool { return holds(hv, wv) }) {
				return false
			}
		}
		return true
	case json.Number:
		a, okA := ratOf(have)
		b, _ := ratOf(w)
		return okA && b != nil && a.Cmp(b) == 0
	}
	return sameJSON(have, want)
}

// scalarOf turns a resolved text back into the JSON type of like (a number stays a number).
func scalarOf(like any, text string) any {
	if _, ok := like.(json.Number); ok {
		return json.Number(text)
	}
	return text
}

func sameJSON(a, b any) bool {
	// not a model: a and b are decoded values
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b) // not a model: a decoded value
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}

func ratOf(v any) (*big.Rat, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return nil, false
	}
	return new(big.Rat).SetString(n.String())
}

// textOf is the text of a scalar: a string as it is, a number as written, a GUID or other
// Stringer by String; "" for nil and anything else.
func textOf(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return x.String()
	case bool:
		if x {
			return "true"
		}
		return "false"
	case fmt.Stringer:
		if g, ok := x.(GUID); ok && g.IsZero() {
			return ""
		}
		return x.String()
	}
	return ""
}

func isEmpty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case map[string]any:
		return len(x) == 0
	case []any:
		return len(x) == 0
	}
	return false
}

func decodeNumbers(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	return d.Decode(v)
}

func describeMatch(m map[string]string) string {
	var parts []string
	for _, k := range sortedKeys(m) {
		parts = append(parts, k+" "+m[k])
	}
	return strings.Join(parts, ", ")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
