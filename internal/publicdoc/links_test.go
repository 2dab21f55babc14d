package publicdoc

import (
	"go/ast"
	"go/doc"
	"go/doc/comment"
	"regexp"
	"strings"
	"testing"
)

// unresolved matches what is left of a doc link the parser could not resolve: an identifier
// in brackets ([Client.GetCard], [core.ErrNotFound], [Name]) kept as plain text.
var unresolved = regexp.MustCompile(`\[[A-Za-z_]\w*(\.[A-Za-z_]\w*){0,2}\]`)

// TestPackageDocLinksResolve: every doc link of a public package's overview ([Client.GetCard],
// [core.ErrOutcomeUnknown], [core]) names something that exists: a name of the package, a
// public package of the module, or a name that package exports. go/doc leaves a link it cannot
// resolve as plain text in brackets, and pkgsite shows it so; a link to another package is not
// checked by go/doc at all.
func TestPackageDocLinksResolve(t *testing.T) {
	pkgs := publicPackages(t)
	byPath := map[string]*doc.Package{}
	for _, p := range pkgs {
		byPath[p.doc.ImportPath] = p.doc
	}
	links := 0
	for _, p := range pkgs {
		d := p.doc.Parser().Parse(p.doc.Doc)
		for _, b := range d.Content {
			walkText(b, func(x comment.Text) {
				switch x := x.(type) {
				case comment.Plain:
					for _, m := range unresolved.FindAllString(string(x), -1) {
						t.Errorf("%s: the package doc's %s links to nothing: name an identifier of the package, or of a package it imports", p.dir, m)
					}
				case *comment.DocLink:
					links++
					if x.ImportPath == "" {
						return // resolved by the parser against the package itself
					}
					other, ok := byPath[x.ImportPath]
					if !ok {
						if strings.HasPrefix(x.ImportPath, "github.com/issuerkit/") {
							t.Errorf("%s: the package doc links to %s, which is no public package", p.dir, x.ImportPath)
						}
						return // the standard library
					}
					if x.Name != "" && !exports(other, x.Recv, x.Name) {
						t.Errorf("%s: the package doc's link [%s] names nothing in %s", p.dir, linkText(x), x.ImportPath)
					}
				}
			})
		}
	}
	if links < 50 {
		t.Fatalf("%d doc links found in the package docs: the docs were not read", links)
	}
}

// walkText calls f on every text node of a block, list items and headings included.
func walkText(b comment.Block, f func(comment.Text)) {
	texts := func(ts []comment.Text) {
		for _, x := range ts {
			f(x)
			if l, ok := x.(*comment.Link); ok {
				for _, y := range l.Text {
					f(y)
				}
			}
		}
	}
	switch b := b.(type) {
	case *comment.Paragraph:
		texts(b.Text)
	case *comment.Heading:
		texts(b.Text)
	case *comment.List:
		for _, it := range b.Items {
			for _, c := range it.Content {
				walkText(c, f)
			}
		}
	}
}

// exports reports whether p declares name (recv == "") or a method or field name of type recv.
func exports(p *doc.Package, recv, name string) bool {
	if recv == "" {
		for _, v := range append(p.Consts, p.Vars...) {
			for _, n := range v.Names {
				if n == name {
					return true
				}
			}
		}
		for _, f := range p.Funcs {
			if f.Name == name {
				return true
			}
		}
	}
	for _, ty := range p.Types {
		if recv == "" {
			if ty.Name == name {
				return true
			}
			for _, v := range append(ty.Consts, ty.Vars...) {
				for _, n := range v.Names {
					if n == name {
						return true
					}
				}
			}
			for _, f := range ty.Funcs {
				if f.Name == name {
					return true
				}
			}
			continue
		}
		if ty.Name != recv {
			continue
		}
		for _, m := range ty.Methods {
			if m.Name == name {
				return true
			}
		}
		return fieldNames(ty)[name]
	}
	return false
}

func linkText(l *comment.DocLink) string {
	s := l.ImportPath
	if l.Recv != "" {
		s += "." + l.Recv
	}
	return s + "." + l.Name
}

// fieldNames returns the names of the fields of ty's struct, embedded ones by their type.
func fieldNames(ty *doc.Type) map[string]bool {
	out := map[string]bool{}
	for _, s := range ty.Decl.Specs {
		ts, ok := s.(*ast.TypeSpec)
		if !ok {
			continue
		}
		st, ok := ts.Type.(*ast.StructType)
		if !ok {
			continue
		}
		for _, f := range st.Fields.List {
			for _, n := range f.Names {
				out[n.Name] = true
			}
		}
	}
	return out
}
