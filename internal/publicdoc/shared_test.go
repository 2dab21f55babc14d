package publicdoc

import (
	"go/ast"
	"go/token"
	"path"
	"strconv"
	"strings"
	"testing"
)

// TestFieldsNeverShowInternalPackages checks that no exported field of an exported struct in
// a public package has a type written with an internal package: go doc would render a name a
// user cannot import (core.Decimal).
func TestFieldsNeverShowInternalPackages(t *testing.T) {
	for _, p := range publicPackages(t) {
		for _, f := range p.files {
			imports := importsOf(f)
			for _, d := range f.Decls {
				gd, ok := d.(*ast.GenDecl)
				if !ok || gd.Tok != token.TYPE {
					continue
				}
				for _, s := range gd.Specs {
					ts := s.(*ast.TypeSpec)
					st, ok := ts.Type.(*ast.StructType)
					if !ts.Name.IsExported() || !ok {
						continue
					}
					for _, fld := range st.Fields.List {
						if !exportedField(fld) {
							continue
						}
						ast.Inspect(fld.Type, func(n ast.Node) bool {
							sel, ok := n.(*ast.SelectorExpr)
							if !ok {
								return true
							}
							if id, ok := sel.X.(*ast.Ident); ok && isInternal(imports[id.Name]) {
								t.Errorf("%s: a field of %s has type %s.%s (%s): go doc shows a package a user cannot import",
									p.dir, ts.Name.Name, id.Name, sel.Sel.Name, imports[id.Name])
							}
							return false
						})
					}
				}
			}
		}
	}
}

// importsOf maps the names f refers to its imports by to their paths.
func importsOf(f *ast.File) map[string]string {
	m := map[string]string{}
	for _, im := range f.Imports {
		p, _ := strconv.Unquote(im.Path.Value)
		name := path.Base(p)
		if im.Name != nil {
			name = im.Name.Name
		}
		m[name] = p
	}
	return m
}

func isInternal(importPath string) bool {
	return strings.Contains(importPath+"/", "/internal/")
}
