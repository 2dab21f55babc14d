package publicdoc

import (
	"go/ast"
	"strings"
	"testing"
)

// TestFieldDocsDoNotRepeatAParagraph fails when a long paragraph (more than two lines of
// go doc) is the comment of several fields of one exported struct: a schema's description
// copied onto every field that refers to it (AcctOwnerResponse had one on 17 fields, 224 lines
// of go doc). Say it once, on the type or the field's own type.
func TestFieldDocsDoNotRepeatAParagraph(t *testing.T) {
	for _, p := range publicPackages(t) {
		for _, ty := range p.doc.Types {
			seen := map[string]int{}
			for _, s := range ty.Decl.Specs {
				st, ok := s.(*ast.TypeSpec).Type.(*ast.StructType)
				if !ok {
					continue
				}
				for _, f := range st.Fields.List {
					if f.Doc == nil || len(f.Names) == 0 || !f.Names[0].IsExported() {
						continue
					}
					// The generator starts each comment with the field name: compare the rest.
					text := strings.TrimPrefix(f.Doc.Text(), f.Names[0].Name+" ")
					if len(text) > 160 {
						seen[text]++
					}
				}
			}
			for text, n := range seen {
				if n > 2 {
					t.Errorf("%s.%s: %d fields share the comment %q", p.dir, ty.Name, n, context(text, 0, 60))
				}
			}
		}
	}
}
