package ops

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/oapi-codegen/oapi-codegen/v2/pkg/codegen"
)

// settleRule is the machine-readable part of an x-issuerkit-readback that names read-backs
// ("settle"): how the SDK itself settles an outcome unknown, so that every such operation gets
// a Snapshot<Method>/Settle<Method> pair (settle.gen.go) run by one engine
// (cardplatform/settle_rule.go); no pair is written by hand. Its forms:
//
//   - kind: state: field of the read's answer (or of the one item of its list items whose
//     members match) equals the value the write sets: sent (a source) or value (a constant).
//     secret: true when that value is a secret (never stored in the snapshot: the Settle
//     method takes the request again).
//   - kind: delta: the number field moves by exactly the amount sent (sent), in the
//     direction moves states: up (it rises by the amount: a credit) or down (it falls by the
//     amount: a debit). moves is required: a rule that does not say which way the balance
//     goes proves nothing.
//   - kind: changed: field differs from its value before sending (a new request id).
//   - kind: new: the read lists one item (key is its id) more than before, and its members
//     named in same equal the sources given. owner names the members of every listed item
//     that must equal the request's (the person, wallet, program the read filters on): an
//     item without them, or with another value, makes the answer StillUnknown.
//
// A source is path.<param> (a path argument of the write), body.<member>[.<member>] (of the
// write's JSON body), const.<text> (that text) or, with from (a read run first, at snapshot
// time), from.<member> of its answer. args maps each argument of the read (path, query or
// search body member) to a source; an empty body source leaves that argument out, unless
// required names it: then the write has no read-back (ErrNoReadBack). names, when given, are
// the Snapshot and Settle methods' names (kept from before they were generated).
//
// scope, when given, is what the journal (cardplatform/journal) sends one write at a time
// for, as a read and its arguments (sources as above; from. runs from's read first): every
// write that can add to or change what this rule's read-back reads must declare the same
// scope for the same record, whatever its own read (CreateCard, ReplaceCard and AssignCard
// all add to a person's cards: scope {read: searchCards, args: {person_guid: ...}}). Without
// it the scope is the rule's read and args.
type settleRule struct {
	Names    []string          `json:"names,omitempty"`
	Kind     string            `json:"kind,omitempty"`
	Read     string            `json:"read,omitempty"`
	From     *settleFrom       `json:"from,omitempty"`
	Args     map[string]string `json:"args,omitempty"`
	Required []string          `json:"required,omitempty"`
	Items    string            `json:"items,omitempty"`
	Key      string            `json:"key,omitempty"`
	Owner    map[string]string `json:"owner,omitempty"`
	Match    map[string]string `json:"match,omitempty"`
	Same     map[string]string `json:"same,omitempty"`
	Field    string            `json:"field,omitempty"`
	Sent     string            `json:"sent,omitempty"`
	Value    string            `json:"value,omitempty"`
	Moves    string            `json:"moves,omitempty"`
	Secret   bool              `json:"secret,omitempty"`
	Scope    *settleScope      `json:"scope,omitempty"`
}

// The directions of a delta rule (moves): the field rises by the amount sent (a credit) or
// falls by it (a debit).
const (
	moveUp     = "up"
	moveDown   = "down"
	movesWords = "up: field rises by the amount, a credit; down: it falls by it, a debit"
)

// settleScope is a rule's scope: a read of the spec and its arguments' sources.
type settleScope struct {
	Read string            `json:"read"`
	Args map[string]string `json:"args"`
}

type settleFrom struct {
	Read string            `json:"read"`
	Args map[string]string `json:"args"`
}

// settleOp is one operation's rule with what the generator needs to write its methods.
type settleOp struct {
	rule     settleRule
	def      codegen.OperationDefinition
	fromDef  *codegen.OperationDefinition // from's read, nil without from
	rawID    string
	method   string // the write's Go method
	pathArgs []param
	bodyType string
	readGo   string // the read's Go method
	fromGo   string // the Go method of from's read, "" without from
	how      string
	// fieldType is the JSON type of field in the read's answer ("string", "number", "object",
	// ...; integer is number), "" when the spec does not say.
	fieldType string
	sources   []settleSource // the request-side sources and their Go expressions
}

// parseSettle decodes and checks the settle member of the x-issuerkit-readback of d (whose
// spec operationId is raw, naming with) against the spec: the read is one of with, every
// source names a path parameter or body member of the write (or a member of from's answer),
// every argument a parameter or body member of the read, and field, items, key, match and same
// members of its answer.
func parseSettle(m map[string]any, d codegen.OperationDefinition, raw string, with []string, defs map[string]codegen.OperationDefinition) (*settleOp, error) {
	v, ok := m["settle"]
	if !ok {
		return nil, fmt.Errorf("names read-backs (with) but no settle rule: give settle (kind and read) so that the SDK runs the read-back")
	}
	if err := knownFields(v, reflect.TypeFor[settleRule](), "settle"); err != nil {
		return nil, err
	}
	b, _ := json.Marshal(v)
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var r settleRule
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("settle: %w", err)
	}
	op := &settleOp{rule: r, def: d, rawID: raw, method: d.OperationId, how: strings.TrimSpace(fmt.Sprint(m["how"]))}
	if r.Names != nil && (len(r.Names) != 2 || !strings.HasPrefix(r.Names[0], "Snapshot") || !strings.HasPrefix(r.Names[1], "Settle")) {
		return nil, fmt.Errorf("settle: names gives the Snapshot and the Settle method, in that order")
	}
	for _, p := range d.PathParams {
		if p.ParamName == "version" {
			continue
		}
		argNames, _ := d.Spec.Extensions["x-issuerkit-args"].(map[string]any)
		arg := lowerFirst(codegen.SchemaNameToTypeName(p.ParamName))
		if n, ok := argNames[p.ParamName].(string); ok {
			arg = n
		}
		op.pathArgs = append(op.pathArgs, param{def: p, name: arg, typ: paramType(p.Spec.Schema), schema: schemaOf(p)})
	}
	for _, b := range d.Bodies {
		if b.ContentType == "application/json" {
			op.bodyType = goType(b.Schema.GoType)
		}
	}
	read, ok := defs[r.Read]
	switch {
	case !ok:
		return nil, fmt.Errorf("settle: read %q is not an operation of the spec", r.Read)
	case !contains(with, r.Read):
		return nil, fmt.Errorf("settle: read %q is not one of with %v", r.Read, with)
	}
	op.readGo = read.OperationId
	var from map[string]*openapi3.Schema
	if r.From != nil {
		fd, ok := defs[r.From.Read]
		op.fromGo = fd.OperationId
		if !ok || !contains(with, r.From.Read) {
			return nil, fmt.Errorf("settle: from.read %q is not one of with %v", r.From.Read, with)
		}
		if err := checkArgs(r.From.Args, fd, d, nil); err != nil {
			return nil, fmt.Errorf("settle: from: %w", err)
		}
		op.fromDef = &fd
		from = props(answerSchema(fd))
	}
	if err := checkArgs(r.Args, read, d, from); err != nil {
		return nil, fmt.Errorf("settle: %w", err)
	}
	if sc := r.Scope; sc != nil {
		sd, ok := defs[sc.Read]
		if !ok {
			return nil, fmt.Errorf("settle: scope: read %q is not an operation of the spec", sc.Read)
		}
		if err := checkArgs(sc.Args, sd, d, from); err != nil {
			return nil, fmt.Errorf("settle: scope: %w", err)
		}
	}
	for _, a := range r.Required {
		if _, ok := r.Args[a]; !ok {
			return nil, fmt.Errorf("settle: required names %q, not one of args", a)
		}
	}
	ans := answerSchema(read)
	item := ans
	if r.Items != "" {
		it := member(ans, r.Items)
		if it == nil || it.Items == nil || it.Items.Value == nil {
			return nil, fmt.Errorf("settle: items %q is not a list of the answer of %s", r.Items, r.Read)
		}
		item = it.Items.Value
		if member(ans, "total") == nil {
			// The engine trusts a listing only when its total equals the items returned.
			return nil, fmt.Errorf("settle: the answer of %s has no total beside %s: whether a listing is whole cannot be seen", r.Read, r.Items)
		}
	}
	need := func(what, name string) error {
		if member(item, name) == nil {
			return fmt.Errorf("settle: %s %q is not a member of the answer of %s", what, name, r.Read)
		}
		return nil
	}
	for k, src := range r.Match {
		if err := firstErr(need("match", k), checkSource(src, d, from)); err != nil {
			return nil, err
		}
	}
	for k, src := range r.Same {
		if err := firstErr(need("same", k), checkSource(src, d, from)); err != nil {
			return nil, err
		}
	}
	// An identity or an owner is compared as text: the spec must make it a string, so that a
	// member of another type in an answer is refused, never compared.
	text := func(what, name string) error {
		if err := need(what, name); err != nil {
			return err
		}
		if t := schemaType(member(item, name)); t != "string" {
			return fmt.Errorf("settle: %s %q is of type %q in the answer of %s, not a string", what, name, t, r.Read)
		}
		return nil
	}
	if len(r.Owner) > 0 && r.Kind != "new" {
		return nil, fmt.Errorf("settle: owner is for kind new")
	}
	for k, src := range r.Owner {
		if err := firstErr(text("owner", k), checkSource(src, d, from)); err != nil {
			return nil, err
		}
	}
	if r.Moves != "" && r.Kind != "delta" {
		return nil, fmt.Errorf("settle: moves is for kind delta")
	}
	if r.Field != "" {
		op.fieldType = schemaType(member(item, r.Field))
	}
	var err error
	if op.sources, err = ruleSources(op, d); err != nil {
		return nil, err
	}
	switch r.Kind {
	case "state":
		if (r.Sent == "") == (r.Value == "") {
			return nil, fmt.Errorf("settle: kind state needs one of sent and value")
		}
		if r.Sent != "" {
			if err := checkSource(r.Sent, d, nil); err != nil {
				return nil, fmt.Errorf("settle: sent: %w", err)
			}
		}
		if r.Items != "" && len(r.Match) == 0 {
			return nil, fmt.Errorf("settle: kind state over a list needs match (which item)")
		}
		return op, need("field", r.Field)
	case "delta":
		if r.Sent == "" || r.Moves == "" || r.Value != "" || r.Secret {
			return nil, fmt.Errorf("settle: kind delta needs sent (the amount) and moves (%s), and no value or secret", movesWords)
		}
		if r.Moves != moveUp && r.Moves != moveDown {
			return nil, fmt.Errorf("settle: moves %q is not %s", r.Moves, movesWords)
		}
		return op, firstErr(need("field", r.Field), checkSource(r.Sent, d, nil))
	case "changed":
		if r.Sent != "" || r.Value != "" || r.Secret {
			return nil, fmt.Errorf("settle: kind changed takes no sent or value")
		}
		return op, need("field", r.Field)
	case "new":
		if r.Items == "" || r.Key == "" || r.Field != "" || r.Sent != "" || r.Value != "" {
			return nil, fmt.Errorf("settle: kind new needs items and key, and no field, sent or value")
		}
		return op, text("key", r.Key)
	}
	return nil, fmt.Errorf("settle: kind %q is not state, delta, changed or new", r.Kind)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// checkArgs checks that every argument names a parameter or body member of the read and every
// source one of the write (or of from's answer).
func checkArgs(args map[string]string, read, write codegen.OperationDefinition, from map[string]*openapi3.Schema) error {
	if len(args) == 0 {
		return fmt.Errorf("no args")
	}
	for k, src := range args {
		found := false
		for _, p := range read.AllParams() {
			found = found || p.ParamName == k
		}
		if !found {
			found = member(bodySchema(read), k) != nil
		}
		if !found {
			return fmt.Errorf("args: %q is not a parameter or body member of %s", k, read.OperationId)
		}
		if err := checkSource(src, write, from); err != nil {
			return fmt.Errorf("args: %s: %w", k, err)
		}
	}
	return nil
}

// checkSource checks a source: path.<param>, body.<member>... or from.<member>.
func checkSource(src string, write codegen.OperationDefinition, from map[string]*openapi3.Schema) error {
	kind, name, _ := strings.Cut(src, ".")
	switch kind {
	case "path":
		for _, p := range write.PathParams {
			if p.ParamName == name {
				return nil
			}
		}
	case "body":
		if member(bodySchema(write), name) != nil {
			return nil
		}
	case "from":
		if from[name] != nil {
			return nil
		}
	case "const":
		if name != "" {
			return nil
		}
	}
	return fmt.Errorf("source %q names no path parameter, body member, from member or constant", src)
}

// schemaType is the JSON type of s ("integer" is "number"), "" when s has none.
func schemaType(s *openapi3.Schema) string {
	if s == nil || s.Type == nil || len(*s.Type) != 1 {
		return ""
	}
	if t := (*s.Type)[0]; t != "integer" {
		return t
	}
	return "number"
}

// member returns the schema of the dotted member path of s, nil when it has none.
func member(s *openapi3.Schema, path string) *openapi3.Schema {
	for _, name := range strings.Split(path, ".") {
		if s == nil {
			return nil
		}
		s = props(s)[name]
	}
	return s
}

// props returns the members of an object schema, those of its allOf parts included.
func props(s *openapi3.Schema) map[string]*openapi3.Schema {
	out := map[string]*openapi3.Schema{}
	if s == nil {
		return out
	}
	for name, ref := range s.Properties {
		if ref != nil && ref.Value != nil {
			out[name] = ref.Value
		}
	}
	for _, part := range s.AllOf {
		if part != nil {
			for name, v := range props(part.Value) {
				out[name] = v
			}
		}
	}
	return out
}

func bodySchema(d codegen.OperationDefinition) *openapi3.Schema {
	if d.Spec.RequestBody == nil || d.Spec.RequestBody.Value == nil {
		return nil
	}
	if mt := d.Spec.RequestBody.Value.Content.Get("application/json"); mt != nil && mt.Schema != nil {
		return mt.Schema.Value
	}
	return nil
}

// answerSchema is the schema of the read's 200 JSON answer.
func answerSchema(d codegen.OperationDefinition) *openapi3.Schema {
	r := d.Spec.Responses.Status(200)
	if r == nil || r.Value == nil {
		return nil
	}
	if mt := r.Value.Content.Get("application/json"); mt != nil && mt.Schema != nil {
		return mt.Schema.Value
	}
	return nil
}

// settleFileData is the data of ops_settle.tmpl (settle.gen.go) and ops_settle_sandbox.tmpl
// (<pkg>test/settle.gen.go): the operations whose x-issuerkit-readback has a settle rule.
type settleFileData struct {
	Ops []settleGen // by Go method name
}

// settleGen is one operation's settle rule with what the templates write of it.
type settleGen struct {
	Method, RawID    string // the write's Go method and operationId
	Snapshot, Settle string // the names of its Snapshot and Settle methods
	ReadGo, FromGo   string // the Go names of the read and of from's read (op<Name> descriptors)
	Rule             settleRule
	Kind             string // the rule's kind as the settle<Kind> constant's suffix
	FieldType        string // the JSON type of the rule's field ("" when none or unknown)
	Moves            string // a delta rule's direction as the settle<Moves> constant's suffix ("Up", "Down"); "" for the other kinds
	Params           string // the write's path arguments and body, as parameters
	Args             string // the same, as arguments
	Sources          []settleSource
	SnapshotDoc      string // doc comments, as // lines
	SettleDoc        string
	SandboxReads     []string // the operations Snapshot<Method> calls (the sandbox's map)
}

// newSettleFile computes the data of the settle files.
func newSettleFile(ops []*settleOp) *settleFileData {
	sort.Slice(ops, func(i, j int) bool { return ops[i].method < ops[j].method })
	f := &settleFileData{}
	for _, o := range ops {
		g := settleGen{Method: o.method, RawID: o.rawID, Snapshot: "Snapshot" + o.method, Settle: "Settle" + o.method, Rule: o.rule, Sources: o.sources}
		if len(o.rule.Names) == 2 {
			g.Snapshot, g.Settle = o.rule.Names[0], o.rule.Names[1]
		}
		r := o.rule
		g.Kind, g.FieldType = upper(r.Kind), o.fieldType
		if r.Moves != "" {
			g.Moves = upper(r.Moves)
		}
		g.ReadGo, g.FromGo = o.readGo, o.fromGo
		var params, args []string
		for _, a := range o.pathArgs {
			params, args = append(params, a.name+" "+a.typ), append(args, a.name)
		}
		if o.bodyType != "" {
			params, args = append(params, "body "+o.bodyType), append(args, "body")
		}
		g.Params, g.Args = strings.Join(params, ", "), strings.Join(args, ", ")
		// The read-back's meaning is in the write's own doc (o.how), and what makes any rule
		// answer StillUnknown (InFlight, Settle, a partial listing) in SettleOptions' doc.
		snapDoc := fmt.Sprintf("%s reads %s, just before %s is sent with the same arguments; store it with the pending write for %s.",
			g.Snapshot, readWhat(o), o.method, g.Settle)
		if len(r.Required) > 0 {
			snapDoc += fmt.Sprintf(" A request that gives no %s has no read-back: the error matches ErrNoReadBack and ErrInvalidArgument.", strings.Join(requiredSources(r), " or "))
		}
		g.SnapshotDoc = wrapComment(snapDoc, "")
		g.SettleDoc = wrapComment(fmt.Sprintf("%s settles %s's unknown outcome from %s's snapshot, reading back with %s. %s",
			g.Settle, o.method, g.Snapshot, o.readGo, kindRule(r)), "")
		g.SandboxReads = []string{r.Read}
		if r.From != nil && r.From.Read != r.Read {
			g.SandboxReads = append([]string{r.From.Read}, g.SandboxReads...)
		}
		f.Ops = append(f.Ops, g)
	}
	return f
}

// requiredSources names the request members the rule's required arguments come from.
func requiredSources(r settleRule) []string {
	var out []string
	for _, a := range r.Required {
		_, name, _ := strings.Cut(r.Args[a], ".")
		out = append(out, name)
	}
	return out
}

func upper(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// readWhat says in words what the snapshot reads.
func readWhat(o *settleOp) string {
	r := o.rule
	switch r.Kind {
	case "new":
		return "the list of " + r.Items + " (by " + r.Key + ") that " + o.readGo + " returns"
	case "delta":
		return r.Field + " as " + o.readGo + " reads it"
	}
	if r.Secret {
		return "whether " + r.Field + " as " + o.readGo + " reads it is already the value sent (the value itself is not kept)"
	}
	return r.Field + " as " + o.readGo + " reads it"
}

// kindRule is the paragraph of a Settle method that says when it answers what.
func kindRule(r settleRule) string {
	const tail = " See SettleOptions for what else answers StillUnknown."
	switch r.Kind {
	case "state":
		s := "It answers Committed when " + r.Field + " now holds the value the write sets and did not before; NotCommitted when it still holds the value read before sending; StillUnknown when it already held the value before sending, held none the snapshot could read, or holds a third one (another writer)."
		if r.Secret {
			s = "The value sent is a secret, never kept in the snapshot: give the arguments of the write again. It answers Committed when " + r.Field + " now holds the value sent and did not before; NotCommitted when it holds another value; StillUnknown when it already held the value sent before sending. A snapshot of a record without the member is refused."
		}
		return s + tail
	case "delta":
		way := "rose by exactly the amount sent since the snapshot (a credit: now minus before equals the amount)"
		if r.Moves == moveDown {
			way = "fell by exactly the amount sent since the snapshot (a debit: before minus now equals the amount)"
		}
		return "It answers Committed when " + r.Field + " " + way + "; never NotCommitted: a number that did not move may hold the write and another movement of the same size the other way, so it answers StillUnknown then (ReasonTooEarly before the settle time, ReasonAmbiguous after), and for any other movement (or an amount of zero)." + tail
	case "changed":
		return "It answers Committed when " + r.Field + " differs from its value read before sending; NotCommitted when it is the same (or still absent)." + tail
	default:
		s := "It answers Committed when exactly one item appeared since the snapshot (and its members match the request); NotCommitted when the whole listing, every item identified by " + r.Key + ", is the snapshot's; StillUnknown when more than one appeared, one that does not match, an item lacks its " + r.Key + " or repeats it, or the listing is partial."
		if len(r.Owner) > 0 {
			s += " Every item must belong to the request's " + strings.Join(sortedKeys(r.Owner), " and ") + ": one that does not (or does not say) is StillUnknown."
		}
		return s + tail
	}
}
