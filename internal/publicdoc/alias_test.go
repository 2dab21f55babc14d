package publicdoc

import (
	"go/ast"
	"go/doc"
	"go/token"
	"testing"
)

const module = "github.com/issuerkit/issuerkit-go"

// clientPackages are the client packages, which use the shared types from package core.
var clientPackages = []string{"cardplatform", "validation", "paging"}

// TestSharedTypesAreDocumentedWhereUsersLook checks every exported alias of a client package
// (type FilterAmount = core.Decimal): X must be a package a user can import (not under
// internal/), and Y's go doc there must show what a user works with: its exported fields, or
// its methods. A shared name has one home, package core: a client that re-declares core's name
// under the same name (type Decimal = core.Decimal) fails.
func TestSharedTypesAreDocumentedWhereUsersLook(t *testing.T) {
	pkgs := map[string]publicPackage{}
	for _, p := range publicPackages(t) {
		pkgs[module+"/"+p.dir] = p
	}
	aliases := 0
	for _, dir := range clientPackages {
		p, ok := pkgs[module+"/"+dir]
		if !ok {
			t.Fatalf("package %s not found", dir)
		}
		for _, f := range p.files {
			imports := importsOf(f)
			for _, d := range f.Decls {
				gd, ok := d.(*ast.GenDecl)
				if !ok || gd.Tok != token.TYPE {
					continue
				}
				for _, s := range gd.Specs {
					ts := s.(*ast.TypeSpec)
					sel, ok := ts.Type.(*ast.SelectorExpr)
					if !ts.Name.IsExported() || ts.Assign == 0 || !ok {
						continue
					}
					aliases++
					where := dir + "." + ts.Name.Name
					importPath := imports[sel.X.(*ast.Ident).Name]
					if importPath == module+"/openapi/core" && sel.Sel.Name == ts.Name.Name {
						t.Errorf("%s re-declares core.%s: a shared name has one home, use core.%[2]s", where, sel.Sel.Name)
					}
					if isInternal(importPath) {
						t.Errorf("%s is an alias of %s.%s: go doc shows a package a user cannot import", where, importPath, sel.Sel.Name)
						continue
					}
					target, ok := pkgs[importPath]
					if !ok {
						continue // the standard library or another module
					}
					if !showsMembers(target.doc, sel.Sel.Name) {
						t.Errorf("%s is an alias of %s.%s, whose go doc shows no exported field or method", where, importPath, sel.Sel.Name)
					}
				}
			}
		}
	}
	if aliases == 0 {
		t.Fatalf("found no exported alias in %v: the walk is broken (paging.FilterAmount is one)", clientPackages)
	}
}

// showsMembers reports whether go doc of type name in p shows exported fields or methods.
func showsMembers(p *doc.Package, name string) bool {
	for _, ty := range p.Types {
		if ty.Name != name {
			continue
		}
		if len(ty.Methods) > 0 {
			return true
		}
		for _, s := range ty.Decl.Specs {
			if st, ok := s.(*ast.TypeSpec).Type.(*ast.StructType); ok {
				for _, f := range st.Fields.List {
					if exportedField(f) {
						return true
					}
				}
			}
		}
	}
	return false
}
