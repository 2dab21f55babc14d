package publicdoc

import (
	"go/ast"
	"go/doc"
	"regexp"
	"testing"
)

// testName is a test, benchmark or fuzz function's name, bare or qualified by its package
// (banktest.TestX).
var testName = regexp.MustCompile(`\b(Test|Benchmark|Fuzz)[A-Z]\w*`)

// TestDocsNameNoTests: no go doc a user reads, a package's overview or the doc of anything it
// exports (fields and methods included), names one of the repository's test, benchmark or fuzz functions: a
// user cannot run or read them from their module (issue 36). The doc says what the code
// does; the test that proves it is for the repository's readers.
func TestDocsNameNoTests(t *testing.T) {
	checked := 0
	for _, p := range publicPackages(t) {
		for _, text := range userDocs(p.doc) {
			checked++
			if names := testName.FindAllString(text, -1); len(names) > 0 {
				t.Errorf("package %s: a doc comment names test functions %v:\n%s", p.dir, names, text)
			}
		}
	}
	if checked < 100 {
		t.Fatalf("%d doc comments found: the docs were not read", checked)
	}
}

// userDocs returns the texts go doc -all shows of a package: its overview and the docs of its
// exported constants, variables, functions, types, their fields and methods.
func userDocs(p *doc.Package) []string {
	out := []string{p.Doc}
	values := func(vs []*doc.Value) {
		for _, v := range vs {
			out = append(out, v.Doc)
		}
	}
	funcs := func(fs []*doc.Func) {
		for _, f := range fs {
			out = append(out, f.Doc)
		}
	}
	values(p.Consts)
	values(p.Vars)
	funcs(p.Funcs)
	for _, typ := range p.Types {
		out = append(out, typ.Doc)
		values(typ.Consts)
		values(typ.Vars)
		funcs(typ.Funcs)
		funcs(typ.Methods)
		ast.Inspect(typ.Decl, func(n ast.Node) bool {
			if f, ok := n.(*ast.Field); ok && f.Doc != nil {
				out = append(out, f.Doc.Text())
			}
			return true
		})
	}
	return out
}
