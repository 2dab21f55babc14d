package ops

import (
	"fmt"
	"sort"
	"strings"
	"unicode"

	"github.com/getkin/kin-openapi/openapi3"
)

// journalFile is where the part writes the journal's table of writes, relative to the package
// directory: <pkg>/journal/writes.gen.go (package journal).
const journalFile = "journal/writes.gen.go"

// journalFileData is the data of ops_journal.tmpl: the journaled writes and those left out.
type journalFileData struct {
	Client      string // the client package's name ("cardplatform")
	Writes      []journalWrite
	Unjournaled []journalSkip
}

// journalWrite is one journaled write: an operation with a settle rule whose read-back needs
// nothing but the snapshot.
type journalWrite struct {
	Method, RawID    string       // the write's Go method and operationId
	Snapshot, Settle string       // its Snapshot and Settle methods
	Read             string       // the read-back operation (the rule's read, or from's read)
	Req              string       // the request type: the body type, or the Args struct
	Args             []journalArg // the path arguments: the Args struct's fields before Body
	Body             string       // the body type, qualified
	Result           string       // the result type, qualified; "" when the method is hand-written
	Scope            []journalScopeArg
	From             string // the call of from's read when the scope needs it ("c.GetCard(ctx, req.CardProxy)"), else ""
	Apart            []journalApart
	Doc              string
}

// journalApart is a request the journal refuses before recording it: one whose new item its
// read-back could not tell from the item another journaled write (Other) makes, in another
// scope. Cond is the Go condition over req, Why the refusal's words.
type journalApart struct{ Other, Cond, Why string }

// journalArg is a path argument of a write with one: a field of its Args struct.
type journalArg struct {
	Field, Param, Type string // Go field, spec parameter name, qualified Go type
}

// journalScopeArg is one argument of a write's scope: the read-back's argument name and the Go
// expression (over the request req) of its value.
type journalScopeArg struct{ Name, Expr string }

// journalSkip is an operation with a settle rule that is not journaled, and why.
type journalSkip struct{ RawID, Method, Why string }

// newJournalFile computes the data of the journal's table from the settle rules: every rule
// gets a Write, except a Secret one (its Settle needs the secret again, which would have to
// rest in the journal's database), which is listed with its reason.
func newJournalFile(pkg string, ops []*settleOp, results map[string]string) (*journalFileData, error) {
	sort.Slice(ops, func(i, j int) bool { return ops[i].method < ops[j].method })
	f := &journalFileData{Client: pkg}
	qualify := func(t string) string {
		if t == "" {
			return ""
		}
		base := strings.TrimLeft(t, "[]*")
		if r := []rune(base); len(r) > 0 && unicode.IsUpper(r[0]) {
			return t[:len(t)-len(base)] + pkg + "." + base
		}
		return t
	}
	for _, o := range ops {
		snap, rec := "Snapshot"+o.method, "Settle"+o.method
		if len(o.rule.Names) == 2 {
			snap, rec = o.rule.Names[0], o.rule.Names[1]
		}
		if o.rule.Secret {
			f.Unjournaled = append(f.Unjournaled, journalSkip{RawID: o.rawID, Method: o.method,
				Why: "its read-back compares the secret value sent (" + o.rule.Field + "), which " + rec + " needs again: the journal would have to keep it at rest, and a secret never rests in a database"})
			continue
		}
		if o.bodyType == "" {
			return nil, fmt.Errorf("%s: journal: a write with a read-back and no JSON body", o.rawID)
		}
		w := journalWrite{Method: o.method, RawID: o.rawID, Snapshot: snap, Settle: rec,
			Body: qualify(o.bodyType), Result: qualify(results[o.method])}
		w.Req = w.Body
		if len(o.pathArgs) > 0 && w.Result == "" {
			return nil, fmt.Errorf("%s: journal: a hand-written method with path arguments: its result type is not known", o.rawID)
		}
		byParam := map[string]string{}
		if len(o.pathArgs) > 0 {
			w.Req = o.method + "Args"
			for _, a := range o.pathArgs {
				field := strings.ToUpper(a.name[:1]) + a.name[1:]
				w.Args = append(w.Args, journalArg{Field: field, Param: a.def.ParamName, Type: qualify(a.typ)})
				byParam[a.def.ParamName] = "req." + field
			}
		}
		// The scope names what the read-back reads: the rule's scope when the spec gives one,
		// else its read and arguments, from the request (and from's read, run first).
		read, args := o.rule.Read, o.rule.Args
		if sc := o.rule.Scope; sc != nil {
			read, args = sc.Read, sc.Args
		}
		w.Read = read
		names := make([]string, 0, len(args))
		for k := range args {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			src := args[k]
			kind, rest, _ := strings.Cut(src, ".")
			var expr string
			switch kind {
			case "path":
				expr = byParam[rest]
			case "body":
				sel, err := goFieldPath(bodySchemaRef(o.def), strings.Split(rest, "."))
				if err != nil {
					return nil, fmt.Errorf("%s: journal: scope argument %s: %w", o.rawID, k, err)
				}
				expr = "req" + sel
				if len(o.pathArgs) > 0 {
					expr = "req.Body" + sel
				}
			case "const":
				expr = fmt.Sprintf("%q", rest)
			case "from":
				if o.fromDef == nil {
					break
				}
				sel, err := goFieldPath(&openapi3.SchemaRef{Value: answerSchema(*o.fromDef)}, strings.Split(rest, "."))
				if err != nil {
					return nil, fmt.Errorf("%s: journal: scope argument %s: %w", o.rawID, k, err)
				}
				expr = "from" + sel
				if w.From == "" {
					call, err := fromCall(o, byParam)
					if err != nil {
						return nil, err
					}
					w.From = call
				}
			}
			if expr == "" {
				return nil, fmt.Errorf("%s: journal: scope argument %s (%s) has no Go expression over the request", o.rawID, k, src)
			}
			w.Scope = append(w.Scope, journalScopeArg{Name: k, Expr: expr})
		}
		var scopeWords []string
		for _, s := range w.Scope {
			scopeWords = append(scopeWords, s.Name)
		}
		w.Doc = wrapComment(fmt.Sprintf("%s journals %s.Client.%s: run it with Do. An outcome unknown is settled by %s and %s (reading back with %s). Its scope is %s by %s: the journal sends the writes of one scope one at a time, so that no read-back sees another write of the journal in flight.",
			o.method, pkg, o.method, snap, rec, o.readGo, read, strings.Join(scopeWords, " and ")), "")
		f.Writes = append(f.Writes, w)
	}
	if err := apart(f, ops); err != nil {
		return nil, err
	}
	return f, nil
}

// apart finds the journaled writes a scope cannot keep apart: two rules of kind new reading
// the same listing under scopes of different shapes (so the Store may send both at once),
// where the other rule's new item has constant members (same: {account_type:
// const.DISBURSEMENT}) that this rule takes from its request. A request of this rule holding
// exactly those constants would take the other's item for its own: the journal refuses it
// before recording anything (CreateAccount of type DISBURSEMENT, beside CreateDisbursement).
func apart(f *journalFileData, ops []*settleOp) error {
	byRaw := map[string]*settleOp{}
	for _, o := range ops {
		byRaw[o.rawID] = o
	}
	shape := func(o *settleOp) string {
		read, args := o.rule.Read, o.rule.Args
		if sc := o.rule.Scope; sc != nil {
			read, args = sc.Read, sc.Args
		}
		names := make([]string, 0, len(args))
		for k := range args {
			names = append(names, k)
		}
		sort.Strings(names)
		return read + "?" + strings.Join(names, "&")
	}
	for i := range f.Writes {
		w := &f.Writes[i]
		o := byRaw[w.RawID]
		if o.rule.Kind != "new" {
			continue
		}
		for _, other := range f.Writes {
			o2 := byRaw[other.RawID]
			if o2 == o || o2.rule.Kind != "new" || o2.rule.Read != o.rule.Read || shape(o2) == shape(o) {
				continue
			}
			var conds, words []string
			for _, k := range sortedKeys(o2.rule.Same) {
				c, isConst := strings.CutPrefix(o2.rule.Same[k], "const.")
				src, pinned := o.rule.Same[k]
				if !isConst || !pinned || !strings.HasPrefix(src, "body.") {
					continue
				}
				sel, err := goFieldPath(bodySchemaRef(o.def), strings.Split(strings.TrimPrefix(src, "body."), "."))
				if err != nil {
					return fmt.Errorf("%s: journal: apart from %s: %w", o.rawID, o2.rawID, err)
				}
				if len(o.pathArgs) > 0 {
					sel = ".Body" + sel
				}
				conds = append(conds, fmt.Sprintf("string(req%s) == %q", sel, c))
				words = append(words, k+" "+c)
			}
			if len(conds) == 0 {
				continue
			}
			w.Apart = append(w.Apart, journalApart{Other: o2.method, Cond: strings.Join(conds, " && "),
				Why: fmt.Sprintf("a %s with %s cannot be told apart by its read-back from the item a %s makes", o.method, strings.Join(words, " and "), o2.method)})
		}
	}
	return nil
}

// fromCall is the Go call of a rule's from read, run for the scope before the entry is
// recorded: its method with its path arguments, in the method's order, from the request. A
// from read with other parameters is refused.
func fromCall(o *settleOp, byParam map[string]string) (string, error) {
	fd := *o.fromDef
	var args []string
	for _, p := range fd.AllParams() {
		if p.ParamName == "version" {
			continue
		}
		if p.In != "path" {
			return "", fmt.Errorf("%s: journal: from's read %s takes %s parameter %s: only path arguments are supported", o.rawID, fd.OperationId, p.In, p.ParamName)
		}
		src := o.rule.From.Args[p.ParamName]
		kind, rest, _ := strings.Cut(src, ".")
		expr := byParam[rest]
		if kind != "path" || expr == "" {
			return "", fmt.Errorf("%s: journal: from's argument %s (%s) is not a path argument of the write", o.rawID, p.ParamName, src)
		}
		args = append(args, expr)
	}
	if len(fd.Bodies) > 0 {
		return "", fmt.Errorf("%s: journal: from's read %s takes a body", o.rawID, fd.OperationId)
	}
	return "c." + o.fromGo + "(ctx, " + strings.Join(args, ", ") + ")", nil
}
