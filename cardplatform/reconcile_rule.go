package cardplatform

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"net/url"
	"slices"
	"sort"
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
// the read-back operation. A source is "path.<param>", "body.<member>[.<member>]" or
// "from.<member>".
type settleRule struct {
	Op, Method string
	Kind       settleKind
	Read       *ops.Operation
	From       *settleRead
	Args       map[string]string
	Items, Key string
	Field      string
	Sent       string
	Value      string
	Secret     bool
	Match      map[string]string
	Same       map[string]string
}

// settleMethodNames names an operation's Write method and its Snapshot and Reconcile pair;
// TakesRequest is true when Reconcile takes the request again (its value is a secret).
type settleMethodNames struct {
	Write, Snapshot, Reconcile string
	TakesRequest               bool
}

// readState is what one read-back found.
type readState struct {
	value    any      // the field's value (state, delta, changed); nil when absent
	found    bool     // the record (or the list item) exists
	present  bool     // and its field holds a value
	raw      []any    // the listing's items, decoded (new: for Same)
	complete bool     // the platform returned every item it holds
	what     string   // "GetCard card_status", for the evidence
	ids      []string // ids of the listing, in order
}

func (c *Client) snapshotRule(ctx context.Context, r *settleRule, path map[string]any, body any) (Snapshot, error) {
	in, err := ruleInput(path, body)
	if err != nil {
		return Snapshot{}, err
	}
	var from any
	if r.From != nil {
		args, err := resolveArgs(r.Method, r.From.Args, in, nil)
		if err != nil {
			return Snapshot{}, err
		}
		if from, err = c.readBack(ctx, r.From.Read, args); err != nil {
			return Snapshot{}, fmt.Errorf("cardplatform: snapshot of %s: %w", r.Op, err)
		}
	}
	args, err := resolveArgs(r.Method, r.Args, in, from)
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
	want, err := r.want(in)
	if err != nil {
		return Snapshot{}, err
	}
	st, err := c.readRule(ctx, r, s)
	if err != nil {
		return Snapshot{}, fmt.Errorf("cardplatform: snapshot of %s: %w", r.Op, err)
	}
	if !st.complete {
		return Snapshot{}, fmt.Errorf("cardplatform: snapshot of %s: the platform returned part of the listing; a partial snapshot cannot settle anything", r.Op)
	}
	switch r.Kind {
	case settleNew:
		s.Seen = append([]string(nil), st.ids...)
		slices.Sort(s.Seen)
	case settleState:
		if !st.found {
			return Snapshot{}, fmt.Errorf("%w: %s: %s finds no record to read back: the write has nothing to act on", ErrInvalidArgument, r.Method, st.what)
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

func (c *Client) reconcileRule(ctx context.Context, r *settleRule, snap Snapshot, opts ReconcileOptions, body any) (Reconciliation, error) {
	if snap.Operation != r.Op || snap.Read != r.Read.ID || snap.Taken.IsZero() {
		return Reconciliation{}, fmt.Errorf("%w: reconcile %s: the snapshot is of %q or incomplete (take it with Snapshot%s)", ErrInvalidArgument, r.Op, snap.Operation, r.Method)
	}
	if opts.InFlight < 0 || opts.Settle < 0 {
		return Reconciliation{}, fmt.Errorf("%w: reconcile %s: negative InFlight or Settle", ErrInvalidArgument, r.Op)
	}
	var want any
	if r.Secret {
		in, err := ruleInput(nil, body)
		if err != nil {
			return Reconciliation{}, err
		}
		if want, err = r.want(in); err != nil {
			return Reconciliation{}, err
		}
	} else if len(snap.Want) > 0 {
		if err := decodeNumbers(snap.Want, &want); err != nil {
			return Reconciliation{}, fmt.Errorf("%w: reconcile %s: the snapshot's want does not decode: %v", ErrInvalidArgument, r.Op, err)
		}
	}
	var before any
	if len(snap.Before) > 0 {
		if err := decodeNumbers(snap.Before, &before); err != nil {
			return Reconciliation{}, fmt.Errorf("%w: reconcile %s: the snapshot's before does not decode: %v", ErrInvalidArgument, r.Op, err)
		}
	}
	settle := opts.Settle
	if settle == 0 {
		settle = DefaultSettle
	}
	readAt := time.Now()
	st, err := c.readRule(ctx, r, snap)
	if err != nil {
		return Reconciliation{}, fmt.Errorf("cardplatform: reconcile %s: %w", r.Op, err)
	}
	rec := Reconciliation{ReadAt: readAt}
	since := readAt.Sub(snap.Taken).Round(time.Millisecond)
	early := readAt.Sub(snap.Taken) < settle
	show := func(v any) string {
		if r.Secret {
			return "(secret)"
		}
		// not a model: a decoded value, for the evidence text
		b, _ := json.Marshal(v)
		return string(b)
	}
	head := fmt.Sprintf("%s read %s after the snapshot of %s", st.what, since, snap.Taken.UTC().Format(time.RFC3339))
	still := func(why string) (Reconciliation, error) {
		rec.Evidence = head + ": " + why + ", still unknown"
		return rec, nil
	}
	tooEarly := fmt.Sprintf("before the settle time of %s the write may still run", settle)
	if !st.complete {
		return still("the platform returned part of the listing")
	}
	if opts.InFlight > 0 {
		return still(fmt.Sprintf("%d other write(s) of this record are in flight: a change may be theirs and its absence proves nothing while they run", opts.InFlight))
	}
	switch r.Kind {
	case settleNew:
		var fresh []string
		var odd []string
		listed := map[string]bool{}
		for i, id := range st.ids {
			listed[id] = true
			if slices.Contains(snap.Seen, id) || slices.Contains(opts.Known, id) {
				continue
			}
			fresh = append(fresh, id)
			for k, v := range snap.Same {
				if got, ok := lookup(st.raw[i], k); !ok || !holds(got, scalarOf(got, v)) {
					odd = append(odd, id)
					break
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
			return still(fmt.Sprintf("%d listed then are missing now (%s): the listing is not stable", len(gone), strings.Join(gone, ", ")))
		case len(fresh) > 1:
			return still("more than this write can have made")
		case len(odd) > 0:
			return still("the new one does not match the request (" + strings.Join(sortedKeys(snap.Same), ", ") + ")")
		case len(fresh) == 1:
			rec.Outcome = Committed
			rec.Evidence = head + ": this write's, committed"
			return rec, nil
		case early:
			return still("nothing new yet, but " + tooEarly)
		}
		rec.Outcome = NotCommitted
		rec.Evidence = head + ": nothing new past the settle time of " + settle.String() + ", not committed"
		return rec, nil

	case settleDelta:
		b, okB := ratOf(before)
		a, okA := ratOf(st.value)
		w, okW := ratOf(want)
		if !okB || !okA || !okW {
			return still("a balance or the amount is not a number")
		}
		moved := new(big.Rat).Sub(a, b)
		head += fmt.Sprintf(": %s before, %s now, amount %s", show(before), show(st.value), show(want))
		switch {
		case w.Sign() == 0:
			return still("an amount of zero moves nothing")
		case moved.Cmp(w) == 0:
			rec.Outcome = Committed
			rec.Evidence = head + ": moved by exactly the amount, committed"
			return rec, nil
		case moved.Sign() != 0:
			return still("moved by " + moved.FloatString(6) + ", not the amount: another movement")
		case early:
			return still("no movement yet, but " + tooEarly)
		}
		rec.Outcome = NotCommitted
		rec.Evidence = head + ": no movement past the settle time of " + settle.String() + ", not committed"
		return rec, nil

	case settleChanged:
		head += fmt.Sprintf(": %s before, %s now", show(before), show(st.value))
		same := (len(snap.Before) == 0 && !st.found) || (len(snap.Before) > 0 && st.present && sameJSON(before, st.value))
		switch {
		case st.found && !st.present:
			return still("the answer holds no such member: a change cannot be seen")
		case !same && st.present:
			rec.Outcome = Committed
			rec.Evidence = head + ": changed, committed"
			return rec, nil
		case !same:
			return still("gone since the snapshot")
		case early:
			return still("unchanged yet, but " + tooEarly)
		}
		rec.Outcome = NotCommitted
		rec.Evidence = head + ": unchanged past the settle time of " + settle.String() + ", not committed"
		return rec, nil
	}

	// settleState
	head += fmt.Sprintf(": %s before, %s now, the write sets %s", show(before), show(st.value), show(want))
	switch {
	case !st.found:
		return still("the record is gone")
	case snap.Already:
		return still("it already held the value before sending: nothing tells whether this write ran")
	case st.present && holds(st.value, want):
		rec.Outcome = Committed
		rec.Evidence = head + ": in effect, committed"
		return rec, nil
	case !st.present:
		return still("the record holds no value there: its absence proves nothing (a member the platform names otherwise reads the same)")
	case !r.Secret && !sameJSON(before, st.value):
		return still("a third value: another writer changed it")
	case early:
		return still("unchanged yet, but " + tooEarly)
	}
	rec.Outcome = NotCommitted
	rec.Evidence = head + ": not in effect past the settle time of " + settle.String() + ", not committed"
	return rec, nil
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

// readRule runs the rule's read-back with the snapshot's arguments.
func (c *Client) readRule(ctx context.Context, r *settleRule, s Snapshot) (readState, error) {
	st := readState{complete: true, what: r.Read.ID}
	ans, err := c.readBack(ctx, r.Read, s.Args)
	if err != nil {
		if r.Kind == settleChanged && errors.Is(err, ErrNotFound) {
			return st, nil // none yet: found and present stay false
		}
		return st, err
	}
	if r.Items == "" {
		st.what += " " + r.Field
		st.found = true
		st.value, st.present = lookup(ans, r.Field)
		st.present = st.present && st.value != nil
		return st, nil
	}
	// An empty listing comes as {} (the spec's members are optional and the platform omits
	// empty ones), so an absent list is an empty one, as the typed methods decode it.
	list, _ := lookup(ans, r.Items)
	items, ok := list.([]any)
	if list != nil && !ok {
		return st, fmt.Errorf("%s: %s is not a list", r.Read.ID, r.Items)
	}
	if total, hasTotal := lookup(ans, "total"); hasTotal {
		if n, ok := ratOf(total); !ok || n.Cmp(new(big.Rat).SetInt64(int64(len(items)))) > 0 {
			st.complete = false // the platform holds more than it returned
		}
	}
	if r.Kind == settleNew {
		st.what += " " + r.Items
		for _, it := range items {
			id, _ := lookup(it, r.Key)
			if textOf(id) == "" {
				st.complete = false // an item without its id cannot be told from another
			}
			st.ids = append(st.ids, textOf(id))
			st.raw = append(st.raw, it)
		}
		return st, nil
	}
	st.what += " " + r.Field + " of the item with " + describeMatch(s.Match)
	var picked []any
	for _, it := range items {
		if matches(it, s.Match) {
			picked = append(picked, it)
		}
	}
	switch len(picked) {
	case 0:
		return st, nil
	case 1:
		st.found = true
		st.value, st.present = lookup(picked[0], r.Field)
		st.present = st.present && st.value != nil
		return st, nil
	}
	return st, fmt.Errorf("%s lists %d items with %s: the read-back cannot tell which", r.Read.ID, len(picked), describeMatch(s.Match))
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
	}
	return nil, false
}

// resolveArgs resolves a read's arguments; one the read's path needs may not be empty, an
// empty other one is left out (the read is then wider, never narrower).
func resolveArgs(method string, args map[string]string, in map[string]any, from any) (map[string]string, error) {
	out := map[string]string{}
	for k, src := range args {
		v, _ := source(src, in, from)
		t := textOf(v)
		if t == "" {
			if strings.HasPrefix(src, "path.") || strings.HasPrefix(src, "from.") {
				return nil, fmt.Errorf("%w: %s: %s is empty: nothing to read back", ErrInvalidArgument, method, strings.TrimPrefix(src, "path."))
			}
			continue
		}
		out[k] = t
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
