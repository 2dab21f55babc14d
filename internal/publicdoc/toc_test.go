package publicdoc

import (
	"fmt"
	"go/doc/comment"
	"path/filepath"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// specs maps each client package to its spec.
var specs = map[string]string{
	"cardplatform": "cardplatform.yaml",
	"validation":   "validation.yaml",
	"paging":       "banklists.yaml",
}

// regenerate is what a failure tells to do: the sections are generated from the spec.
const regenerate = "run go generate ./... (internal/tools/gen/ops/toc.go writes %s/doc_operations.gen.go from openapi/%s; never edit it by hand)"

// TestPackageDocsListEveryOperation: the package doc of each client lists, in its Operations
// section, every operation of its spec exactly once, under the one tag the spec gives it, as a
// doc link to the method that sends it; no method that sends no operation; and, for a bank
// client, its Published and documented forms table holds exactly the methods whose two forms
// differ (an operation of the documented form only, x-issuerkit-unpublished, or page
// parameters the published form moves to the body, publishedIn). The sections are generated;
// this keeps the committed text true to the spec.
func TestPackageDocsListEveryOperation(t *testing.T) {
	pkgs := map[string]publicPackage{}
	for _, p := range publicPackages(t) {
		pkgs[p.dir] = p
	}
	for dir, file := range specs {
		t.Run(dir, func(t *testing.T) {
			spec, err := openapi3.NewLoader().LoadFromFile(filepath.Join(root, "openapi", file))
			if err != nil {
				t.Fatal(err)
			}
			p := pkgs[dir]
			methods := map[string]bool{}
			for _, ty := range p.doc.Types {
				if ty.Name == "Client" {
					for _, m := range ty.Methods {
						methods[m.Name] = true
					}
				}
			}
			listed, forms := operationsSection(p.doc.Parser().Parse(p.doc.Doc))
			fix := "; " + fmt.Sprintf(regenerate, dir, file)

			wantForms := map[string]bool{}
			sent := map[string]bool{}
			count := 0
			for path, item := range spec.Paths.Map() {
				for verb, op := range item.Operations() {
					count++
					method := methodOf(op, methods)
					sent[method] = true
					tag := strings.Join(op.Tags, ",")
					where, n := listed[method], 0
					for _, w := range where {
						if w == tag {
							n++
						}
					}
					if n != 1 || len(where) != 1 {
						t.Errorf("%s (%s %s): [Client.%s] is listed under %v in the Operations section, want once under %q"+fix,
							op.OperationID, verb, path, method, where, tag)
					}
					if differsByForm(op) {
						wantForms[method] = true
					}
				}
			}
			for m := range listed {
				if !sent[m] {
					t.Errorf("the Operations section lists Client.%s, which sends no operation of openapi/%s"+fix, m, file)
				}
			}
			for m := range wantForms {
				if !forms[m] {
					t.Errorf("Client.%s differs between the published and the documented form, and the forms table does not name it"+fix, m)
				}
			}
			for m := range forms {
				if !wantForms[m] {
					t.Errorf("the forms table names %s, which is the same in both forms"+fix, m)
				}
			}
			if count < 4 {
				t.Fatalf("%d operations read from openapi/%s", count, file)
			}
		})
	}
}

// methodOf is the Client method that sends op: the one x-issuerkit-handwritten names, else
// the method whose name is the operationId (initialisms aside: setCardPin, SetCardPIN).
func methodOf(op *openapi3.Operation, methods map[string]bool) string {
	if n, ok := op.Extensions["x-issuerkit-handwritten"].(string); ok {
		return n
	}
	for m := range methods {
		if strings.EqualFold(m, op.OperationID) {
			return m
		}
	}
	return op.OperationID
}

// differsByForm reports whether op is sent otherwise in the bank's documented form.
func differsByForm(op *openapi3.Operation) bool {
	if _, ok := op.Extensions["x-issuerkit-unpublished"]; ok {
		return true
	}
	p, _ := op.Extensions["x-issuerkit-pagination"].(map[string]any)
	return p["publishedIn"] == "body" && p["in"] == "query"
}

// operationsSection reads the Operations section of a package doc: for every Client method a
// list item links to first, the tags whose paragraph ("Tag: description") the list follows;
// and the methods named in the first column of the Published and documented forms table.
func operationsSection(d *comment.Doc) (map[string][]string, map[string]bool) {
	listed, forms := map[string][]string{}, map[string]bool{}
	section, tag := "", ""
	for _, b := range d.Content {
		switch b := b.(type) {
		case *comment.Heading:
			section = plain(b.Text)
		case *comment.Paragraph:
			if section == "Operations" {
				tag, _, _ = strings.Cut(plain(b.Text), ":")
			}
		case *comment.List:
			if section != "Operations" {
				continue
			}
			for _, it := range b.Items {
				if m := firstClientLink(it); m != "" {
					listed[m] = append(listed[m], tag)
				}
			}
		case *comment.Code:
			if section != "Published and documented forms" {
				continue
			}
			for i, line := range strings.Split(strings.TrimSpace(b.Text), "\n") {
				if f := strings.Fields(line); i > 0 && len(f) > 0 {
					forms[f[0]] = true
				}
			}
		}
	}
	return listed, forms
}

// firstClientLink is the method of the item's first doc link to a Client method, "" if none.
func firstClientLink(it *comment.ListItem) string {
	for _, c := range it.Content {
		if p, ok := c.(*comment.Paragraph); ok {
			for _, x := range p.Text {
				if l, ok := x.(*comment.DocLink); ok && l.ImportPath == "" && l.Recv == "Client" {
					return l.Name
				}
			}
		}
	}
	return ""
}

// plain is the text of ts without its links' markup.
func plain(ts []comment.Text) string {
	var b strings.Builder
	for _, x := range ts {
		switch x := x.(type) {
		case comment.Plain:
			b.WriteString(string(x))
		case comment.Italic:
			b.WriteString(string(x))
		case *comment.DocLink:
			b.WriteString(plain(x.Text))
		case *comment.Link:
			b.WriteString(plain(x.Text))
		}
	}
	return b.String()
}
