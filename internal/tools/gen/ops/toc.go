package ops

import (
	"fmt"
	"sort"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/oapi-codegen/oapi-codegen/v2/pkg/codegen"

	"github.com/issuerkit/issuerkit-go/internal/tools/gen/genkit"
)

// tocFile is the file of the package's table of contents: the operations of the spec under
// its tags and, for a bank client, the table of its two forms. Its comment is the second part
// of the package doc: go/doc joins the package comments of a package's files in the order of
// their names, so it follows doc.go's hand-written introduction.
const tocFile = "doc_operations.gen.go"

// tocData is the data of ops_toc.tmpl.
type tocData struct {
	Spec   string     // the spec's path from the repository root
	Intro  string     // the section's first paragraph
	Groups []tocGroup // in the order of the spec's tags list
	Forms  []formRow  // the methods whose two forms differ; nil when the spec has one form
	Same   bool       // some method is the same in both forms
}

// tocGroup is one tag of the spec and the methods of its operations.
type tocGroup struct {
	Tag, Description string
	Items            []string // one list item per method, as a doc comment's text
}

// formRow is one method of a bank client whose published form (the default) and documented
// form (WithDocumentedAPI) differ.
type formRow struct{ Method, Published, Documented string }

// newTOC computes the table of contents of m: every operation under the one tag of the spec's
// tags list it carries, as a doc link to its method with the spec's summary, the iterator over
// its pages, and, for an operation never re-sent, what settles an unknown outcome (settles,
// the operations with a read-back the SDK runs). Operations served by one hand-written method
// (x-issuerkit-handwritten: Method) share its line.
func newTOC(spec string, doc *openapi3.T, m *model, iters []*iterator, settles []*settleOp) (*tocData, error) {
	var tags []string
	groups := map[string]*tocGroup{}
	for _, t := range doc.Tags {
		tags = append(tags, t.Name)
		groups[t.Name] = &tocGroup{Tag: t.Name, Description: strings.TrimSpace(t.Description)}
	}
	iterOf := map[string]*iterator{}
	for _, it := range iters {
		iterOf[it.Op] = it
	}
	reconcile := map[string]string{}
	if len(settles) > 0 {
		for _, g := range newSettleFile(settles).Ops {
			reconcile[g.Method] = g.Reconcile
		}
	}

	// The operations of each method, by tag.
	type entry struct {
		tag string
		ops []codegen.OperationDefinition
	}
	byMethod := map[string]*entry{}
	var probs problems
	for _, op := range m.defs {
		name := methodName(op)
		if len(op.Spec.Tags) != 1 || groups[op.Spec.Tags[0]] == nil {
			probs.addf("%s: tags %v: give it exactly one of the spec's tags (%s), under which the package doc lists it", m.rawID(op), op.Spec.Tags, strings.Join(tags, ", "))
			continue
		}
		e := byMethod[name]
		if e == nil {
			e = &entry{tag: op.Spec.Tags[0]}
			byMethod[name] = e
		} else if e.tag != op.Spec.Tags[0] {
			probs.addf("%s: tag %q, but the other operation of %s is under %q", m.rawID(op), op.Spec.Tags[0], name, e.tag)
		}
		e.ops = append(e.ops, op)
	}
	if err := probs.err(); err != nil {
		return nil, err
	}

	names := make([]string, 0, len(byMethod))
	for n := range byMethod {
		names = append(names, n)
	}
	sort.Strings(names)
	out := &tocData{Spec: spec}
	for _, name := range names {
		e := byMethod[name]
		op := e.ops[0]
		item := fmt.Sprintf("[Client.%s]: %s", name, lowerFirst(strings.TrimSuffix(strings.TrimSpace(op.Spec.Summary), ".")))
		if it := iterOf[op.OperationId]; it != nil {
			item += fmt.Sprintf("; every page: [Client.%s]", it.Name)
			// The bank's five styles by their names; the card platform's start_index
			// searches ("index") have none of their own.
			if p, _ := pagingSpecOf(op.Spec); p != nil && p.Style != "index" {
				item += " (" + p.Style + " style)"
			}
		}
		switch {
		case op.Spec.Extensions["x-issuerkit-retry-safe"] == true:
		case reconcile[name] != "":
			item += fmt.Sprintf("; sent once, settled by [Client.%s]", reconcile[name])
		default:
			item += "; sent once, no read-back: manual review"
		}
		groups[e.tag].Items = append(groups[e.tag].Items, item+".")

		row, differs := forms(m.pkg, e.ops)
		if differs {
			out.Forms = append(out.Forms, row)
		} else {
			out.Same = true
		}
	}
	out.Intro = "Every operation of " + spec + " is one method of [Client], listed under the spec's tags"
	switch {
	case len(iters) > 0 && len(reconcile) > 0:
		out.Intro += "; a list's iterator over every page, and what settles a write that is never re-sent, follow its method"
	case len(iters) > 0:
		out.Intro += "; a list's iterator over every page follows its method"
	}
	out.Intro += "."
	for _, t := range tags {
		if g := groups[t]; len(g.Items) > 0 {
			out.Groups = append(out.Groups, *g)
		}
	}
	if out.Forms == nil {
		out.Same = false
	}
	return out, nil
}

// methodName is the Go method that sends op: its Go name, or the method a hand-written
// operation names (x-issuerkit-handwritten: HealthCheck, for one method serving two versions).
func methodName(op codegen.OperationDefinition) string {
	if n, ok := op.Spec.Extensions["x-issuerkit-handwritten"].(string); ok {
		return n
	}
	return op.OperationId
}

// forms returns what a method sends in the bank's published form and in its documented form,
// and whether the two differ: the operation the published form sends and the one the
// documented form sends (x-issuerkit-unpublished marks the latter); an operation of the
// documented form only, which the published form refuses; or the page parameters the
// published form moves into the JSON body (x-issuerkit-pagination publishedIn: body).
func forms(pkg string, ops []codegen.OperationDefinition) (formRow, bool) {
	row := formRow{Method: methodName(ops[0])}
	var published, documented []codegen.OperationDefinition
	for _, op := range ops {
		if _, ok := op.Spec.Extensions["x-issuerkit-unpublished"].(string); ok {
			documented = append(documented, op)
		} else {
			published = append(published, op)
		}
	}
	wire := func(op codegen.OperationDefinition) string { return op.Method + " " + op.Path }
	switch {
	case len(documented) == 1 && len(published) == 1:
		row.Published, row.Documented = wire(published[0]), wire(documented[0])
		return row, true
	case len(documented) == 1 && len(published) == 0:
		instead, _ := documented[0].Spec.Extensions["x-issuerkit-unpublished"].(string)
		if f := strings.Fields(instead); len(f) >= 2 && f[0] == "use" {
			instead = "use " + strings.TrimRight(f[1], ",")
		}
		row.Published, row.Documented = "refused: "+instead, wire(documented[0])
		return row, true
	case len(ops) == 1:
		moved, asText := movableParams(pkg, ops[0], jsonBodyType(ops[0]))
		if len(moved) == 0 {
			return row, false
		}
		var names []string
		for _, p := range ops[0].QueryParams {
			if moved[p.ParamName] {
				names = append(names, p.ParamName)
			}
		}
		row.Published = strings.Join(names, ", ") + " in the JSON body"
		if asText {
			row.Published += ", as text"
		}
		row.Documented = "in the query"
		return row, true
	}
	return row, false
}

// renderTOC writes tocFile.
func renderTOC(j *genkit.Job, m *model, iters []*iterator, settles []*settleOp) error {
	toc, err := newTOC(j.Spec, j.Doc, m, iters, settles)
	if err != nil {
		return fmt.Errorf("table of contents: %w", err)
	}
	return render(j, tocFile, "ops_toc.tmpl", toc)
}

// tocFuncs are the helpers of ops_toc.tmpl.
var tocFuncs = map[string]any{
	// listItem writes text as one item of a doc comment's list, wrapped at 100 columns.
	"listItem": func(text string) string {
		w := wrapComment(text, "    ") // the width of the list's indent
		lines := strings.Split(strings.TrimSuffix(w, "\n"), "\n")
		for i, l := range lines {
			l = strings.TrimPrefix(strings.TrimPrefix(l, "    //"), " ")
			if i == 0 {
				lines[i] = "//   - " + l
			} else {
				lines[i] = "//     " + l
			}
		}
		return strings.Join(lines, "\n")
	},
	// comment writes text as doc comment lines, wrapped at 100 columns.
	"comment": func(text string) string { return strings.TrimSuffix(wrapComment(text, ""), "\n") },
	// table writes the rows as a preformatted block of three aligned columns.
	"table": func(head formRow, rows []formRow) string {
		all := append([]formRow{head}, rows...)
		w0, w1 := 0, 0
		for _, r := range all {
			w0, w1 = max(w0, len(r.Method)), max(w1, len(r.Published))
		}
		var lines []string
		for _, r := range all {
			lines = append(lines, strings.TrimRight(fmt.Sprintf("//\t%-*s  %-*s  %s", w0, r.Method, w1, r.Published, r.Documented), " "))
		}
		return strings.Join(lines, "\n")
	},
	"formRow": func(a, b, c string) formRow { return formRow{a, b, c} },
}

func init() {
	for k, v := range tocFuncs {
		funcs[k] = v
	}
}
