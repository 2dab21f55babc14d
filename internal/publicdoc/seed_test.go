package publicdoc

import (
	"go/ast"
	"go/doc"
	"go/token"
	"regexp"
	"strings"
	"testing"
)

// designWord matches the project's word for its design documents ("seed 002", "the seed's
// table", "seeded accounts"): a user never saw those documents, so go doc says what the API
// does instead.
var designWord = regexp.MustCompile(`(?i)\bseed\w*`)

// TestGoDocHasNoDesignJargon fails when the go doc of a public package (package doc, the doc
// of every exported name, the comments on exported fields and constants) uses the word
// "seed". The exported identifiers of a package are names, not prose, and are left out: the
// card platform sandbox preloads records through WithSeed.
func TestGoDocHasNoDesignJargon(t *testing.T) {
	for _, p := range publicPackages(t) {
		var names []string
		for _, s := range docTexts(p.doc) {
			names = names[:0]
			text := maskIdentifiers(s.text, p.doc)
			for _, m := range designWord.FindAllStringIndex(text, -1) {
				names = append(names, context(text, m[0], m[1]))
			}
			for _, n := range names {
				t.Errorf("%s: go doc of %s says %q", p.dir, s.where, n)
			}
		}
	}
}

type docText struct{ where, text string }

// docTexts returns what `go doc -all` prints as prose for p.
func docTexts(p *doc.Package) []docText {
	out := []docText{{"package " + p.Name, p.Doc}}
	values := func(where string, vs []*doc.Value) {
		for _, v := range vs {
			out = append(out, docText{where, v.Doc})
			out = append(out, declComments(where, v.Decl)...)
		}
	}
	funcs := func(fs []*doc.Func) {
		for _, f := range fs {
			out = append(out, docText{f.Name, f.Doc})
		}
	}
	values("constants", p.Consts)
	values("variables", p.Vars)
	funcs(p.Funcs)
	for _, ty := range p.Types {
		out = append(out, docText{"type " + ty.Name, ty.Doc})
		out = append(out, declComments("type "+ty.Name, ty.Decl)...)
		values("constants of "+ty.Name, ty.Consts)
		values("variables of "+ty.Name, ty.Vars)
		funcs(ty.Funcs)
		for _, m := range ty.Methods {
			out = append(out, docText{ty.Name + "." + m.Name, m.Doc})
		}
	}
	return out
}

// declComments returns the comments inside a declaration that go doc prints with it: those
// of exported struct fields and interface methods, and of the specs of a const or var group.
func declComments(where string, d *ast.GenDecl) []docText {
	var out []docText
	add := func(cgs ...*ast.CommentGroup) {
		for _, cg := range cgs {
			if cg != nil {
				out = append(out, docText{where, cg.Text()})
			}
		}
	}
	for _, spec := range d.Specs {
		switch s := spec.(type) {
		case *ast.ValueSpec:
			add(s.Doc, s.Comment)
		case *ast.TypeSpec:
			ast.Inspect(s.Type, func(n ast.Node) bool {
				if f, ok := n.(*ast.Field); ok && exportedField(f) {
					add(f.Doc, f.Comment)
				}
				return true
			})
		}
	}
	return out
}

func exportedField(f *ast.Field) bool {
	if len(f.Names) == 0 {
		return true // embedded: go doc shows it
	}
	for _, n := range f.Names {
		if n.IsExported() {
			return true
		}
	}
	return false
}

// maskIdentifiers blanks the exported identifiers p declares, so that a name such as
// cardplatformtest.WithSeed does not count as prose.
func maskIdentifiers(text string, p *doc.Package) string {
	var names []string
	for _, ty := range p.Types {
		names = append(names, ty.Name)
		for _, f := range ty.Funcs {
			names = append(names, f.Name)
		}
	}
	for _, f := range p.Funcs {
		names = append(names, f.Name)
	}
	for _, n := range names {
		if token.IsExported(n) && designWord.MatchString(n) {
			text = regexp.MustCompile(`\b`+regexp.QuoteMeta(n)+`\b`).ReplaceAllString(text, "_")
		}
	}
	return text
}

func context(s string, from, to int) string {
	from, to = max(from-30, 0), min(to+30, len(s))
	return strings.Join(strings.Fields(s[from:to]), " ")
}
