package ops

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/issuerkit/issuerkit-go/internal/tools/gen/genkit"
)

// TestMethodDocsSettleOnlyWhereAReadBackExists: the generated doc of every method of the card
// platform that is never re-sent says once what settles an unknown outcome, and says it as its
// x-issuerkit-readback does: the Snapshot and Settle methods that run a read-back, or a
// manual review where none exists; never both (issue 36: 13 methods said "settled by a
// read-back" and "no read-back exists: manual review").
func TestMethodDocsSettleOnlyWhereAReadBackExists(t *testing.T) {
	root, err := filepath.Abs("../../../..")
	if err != nil {
		t.Fatal(err)
	}
	files, err := generate(t, filepath.Join(root, "openapi", "cardplatform.yaml"), filepath.Join(root, "openapi", "cardplatform.codegen.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	// A method's doc is the comment block right above its func line.
	method := regexp.MustCompile(`(?m)((?:^//.*\n)+)^func \(c \*Client\) (\w+)\(`)
	unsafe, withReadBack := 0, 0
	for _, m := range method.FindAllStringSubmatch(files[clientFile], -1) {
		doc := strings.Join(strings.Fields(strings.ReplaceAll(m[1], "//", "")), " ")
		if !strings.Contains(doc, "Not retry-safe") {
			continue
		}
		unsafe++
		runs := regexp.MustCompile(`Client\.\w+ \(before sending\) and Client\.\w+ run it\.`).MatchString(doc)
		none := strings.Contains(doc, readbackNone)
		if runs {
			withReadBack++
		}
		if runs == none {
			t.Errorf("%s: the doc names a read-back the SDK runs (%v) and says none exists (%v); want exactly one:\n%s", m[2], runs, none, doc)
		}
		if strings.Contains(doc, "settled by a read-back") {
			t.Errorf("%s: the doc says %q outside the read-back paragraph:\n%s", m[2], "settled by a read-back", doc)
		}
	}
	if unsafe == 0 || withReadBack == 0 || withReadBack == unsafe {
		t.Errorf("found %d methods that are never re-sent, %d with a read-back: the doc blocks were not found", unsafe, withReadBack)
	}
}

// TestBodyDocsPlacePageParametersAsTheWireDoes: a bank list filter whose description says
// where the page parameters of its request travel says what the generated request does:
// in the JSON body by default (the published form) and in the query string with
// WithDocumentedAPI (issue 36: go doc of ACHListRequest said the query string, not the body).
func TestBodyDocsPlacePageParametersAsTheWireDoes(t *testing.T) {
	root, err := filepath.Abs("../../../..")
	if err != nil {
		t.Fatal(err)
	}
	spec, config := filepath.Join(root, "openapi", "banklists.yaml"), filepath.Join(root, "openapi", "banklists.codegen.yaml")
	files, err := generate(t, spec, config)
	if err != nil {
		t.Fatal(err)
	}
	// The page parameters each request type sends in the body by default.
	inBody := map[string][]string{}
	request := regexp.MustCompile(`(?s)\ntype (List\w+Request) struct \{\n(.*?)\n\}\n`)
	param := regexp.MustCompile(`is the page parameter (\w+), sent as a member of the JSON body[^.]*\(the bank's published form, the default\)`)
	for _, m := range request.FindAllStringSubmatch(files[clientFile], -1) {
		fields := strings.Join(strings.Fields(strings.ReplaceAll(m[2], "//", "")), " ")
		for _, p := range param.FindAllStringSubmatch(fields, -1) {
			inBody[m[1]] = append(inBody[m[1]], p[1])
		}
	}
	if len(inBody) == 0 {
		t.Fatal("no request type sends a page parameter in the body: the field docs were not found")
	}
	j, err := genkit.Load(spec, config, "paging", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	bodyOf := regexp.MustCompile(`the Body of (List\w+Request)`)
	checked := 0
	for name, s := range j.Doc.Components.Schemas {
		desc := strings.Join(strings.Fields(s.Value.Description), " ")
		m := bodyOf.FindStringSubmatch(desc)
		if m == nil {
			continue
		}
		for _, p := range inBody[m[1]] {
			if !strings.Contains(desc, "`"+p+"`") {
				continue
			}
			checked++
			if strings.Contains(desc, "not in the body") || !strings.Contains(desc, "JSON body (the bank's published form, the default)") {
				t.Errorf("schema %s: %s sends %s in the JSON body by default, but the description says:\n%s", name, m[1], p, desc)
			}
		}
	}
	if checked == 0 {
		t.Error("no filter description names a page parameter: nothing was checked")
	}
}
