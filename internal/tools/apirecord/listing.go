package main

import (
	"fmt"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// List loads every public package of the module in dir (./...: no package with an
// "internal" path element, no command) and returns the lines of its exported API, sorted,
// one per exported name, field and method, as Go's own api/ files:
//
//	pkg example.com/m/p, func New(string, ...Option) (*Client, error)
//	pkg example.com/m/p, method (*Client) Get(context.Context, string) (*Card, error)
//	pkg example.com/m/p, type Card struct, Number Secret
//
// Parameter names are left out (they are not part of the API); types from other packages
// are written with their full import path. An alias, or an embedded type, whose target is
// not in a listed package (an internal one) is expanded: its fields and methods are listed
// under the exported name, since they are what a user reaches.
func List(dir string) ([]string, error) {
	cfg := &packages.Config{Dir: dir, Mode: packages.NeedName | packages.NeedTypes}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		return nil, err
	}
	var errs []string
	public := map[string]bool{}
	var listed []*packages.Package
	for _, p := range pkgs {
		for _, e := range p.Errors {
			errs = append(errs, e.Error())
		}
		if p.Name == "main" || slices.Contains(strings.Split(p.PkgPath, "/"), "internal") {
			continue
		}
		public[p.PkgPath] = true
		listed = append(listed, p)
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("loading the packages of %s: %s", dir, strings.Join(errs, "; "))
	}
	var lines []string
	for _, p := range listed {
		l := &lister{pkg: p.Types, public: public}
		lines = append(lines, l.lines()...)
	}
	slices.Sort(lines)
	return slices.Compact(lines), nil
}

// lister writes the lines of one package.
type lister struct {
	pkg    *types.Package
	public map[string]bool
	out    []string
}

func (l *lister) emit(format string, args ...any) {
	l.out = append(l.out, "pkg "+l.pkg.Path()+", "+fmt.Sprintf(format, args...))
}

// qualify writes a type of another package with its import path, of this one bare.
func (l *lister) qualify(p *types.Package) string {
	if p == l.pkg {
		return ""
	}
	return p.Path()
}

func (l *lister) typ(t types.Type) string {
	if sig, ok := t.(*types.Signature); ok {
		return "func" + l.sig(sig)
	}
	return types.TypeString(t, l.qualify)
}

// sig writes a signature without parameter names: (int, ...string) (T, error).
func (l *lister) sig(s *types.Signature) string {
	var b strings.Builder
	b.WriteString(l.typeParams(s.TypeParams()))
	b.WriteString("(")
	for i := range s.Params().Len() {
		if i > 0 {
			b.WriteString(", ")
		}
		t := s.Params().At(i).Type()
		if s.Variadic() && i == s.Params().Len()-1 {
			b.WriteString("..." + l.typ(t.(*types.Slice).Elem()))
			continue
		}
		b.WriteString(l.typ(t))
	}
	b.WriteString(")")
	switch n := s.Results().Len(); {
	case n == 1:
		b.WriteString(" " + l.typ(s.Results().At(0).Type()))
	case n > 1:
		b.WriteString(" (")
		for i := range n {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(l.typ(s.Results().At(i).Type()))
		}
		b.WriteString(")")
	}
	return b.String()
}

func (l *lister) typeParams(tp *types.TypeParamList) string {
	if tp.Len() == 0 {
		return ""
	}
	parts := make([]string, tp.Len())
	for i := range tp.Len() {
		parts[i] = tp.At(i).Obj().Name() + " " + l.typ(tp.At(i).Constraint())
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func (l *lister) lines() []string {
	scope := l.pkg.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		switch o := obj.(type) {
		case *types.Const:
			l.emit("const %s %s = %s", name, l.typ(o.Type()), o.Val().ExactString())
		case *types.Var:
			l.emit("var %s %s", name, l.typ(o.Type()))
		case *types.Func:
			l.emit("func %s%s", name, l.sig(o.Type().(*types.Signature)))
		case *types.TypeName:
			l.typeName(o)
		}
	}
	return l.out
}

// typeName lists a type: its declaration, then what a user reaches through it (fields,
// methods, an interface's methods).
func (l *lister) typeName(o *types.TypeName) {
	name := o.Name()
	if o.IsAlias() {
		rhs := o.Type()
		if a, ok := rhs.(*types.Alias); ok {
			rhs = a.Rhs()
		}
		l.emit("type %s%s = %s", name, l.aliasParams(o), l.typ(rhs))
		if n, ok := types.Unalias(o.Type()).(*types.Named); ok && n.Obj().Pkg() != nil && l.public[n.Obj().Pkg().Path()] && n.Obj().Exported() {
			return // listed with its own package
		}
		l.surface(name, types.Unalias(o.Type()))
		return
	}
	n, ok := o.Type().(*types.Named)
	if !ok {
		return
	}
	decl := name + l.typeParams(n.TypeParams())
	switch u := n.Underlying().(type) {
	case *types.Struct:
		l.emit("type %s struct", decl)
	case *types.Interface:
		l.emit("type %s interface", decl)
	default:
		l.emit("type %s %s", decl, l.typ(u))
	}
	l.surface(name, n)
}

func (l *lister) aliasParams(o *types.TypeName) string {
	if a, ok := o.Type().(*types.Alias); ok {
		return l.typeParams(a.TypeParams())
	}
	return ""
}

// surface lists what a user reaches through the exported name: the exported fields of a
// struct (promoted ones included), an interface's methods, and the method set.
func (l *lister) surface(name string, t types.Type) {
	switch u := t.Underlying().(type) {
	case *types.Struct:
		l.fields(name, u, 0)
	case *types.Interface:
		for i := range u.NumMethods() {
			m := u.Method(i)
			if !m.Exported() {
				l.emit("type %s interface, unexported methods", name)
				continue
			}
			l.emit("type %s interface, %s%s", name, m.Name(), l.sig(m.Type().(*types.Signature)))
		}
		return
	}
	if _, ok := t.Underlying().(*types.Pointer); ok {
		return
	}
	value := types.NewMethodSet(t)
	ptr := types.NewMethodSet(types.NewPointer(t))
	for i := range ptr.Len() {
		sel := ptr.At(i)
		m := sel.Obj()
		if !m.Exported() {
			continue
		}
		recv := "*" + name
		if value.Lookup(m.Pkg(), m.Name()) != nil {
			recv = name
		}
		l.emit("method (%s) %s%s", recv, m.Name(), l.sig(sel.Type().(*types.Signature)))
	}
}

// fields lists a struct's exported fields; an embedded type that is not listed on its own
// (unexported, or in an internal package) is opened, so its promoted fields are listed too.
func (l *lister) fields(name string, s *types.Struct, depth int) {
	for i := range s.NumFields() {
		f := s.Field(i)
		if f.Embedded() {
			t := f.Type()
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			n, named := types.Unalias(t).(*types.Named)
			own := named && n.Obj().Exported() && n.Obj().Pkg() != nil && (l.public[n.Obj().Pkg().Path()] || !strings.Contains(n.Obj().Pkg().Path(), "."))
			if f.Exported() {
				l.emit("type %s struct, embedded %s", name, l.typ(f.Type()))
			}
			if !own && depth < 8 {
				if st, ok := t.Underlying().(*types.Struct); ok {
					l.fields(name, st, depth+1)
				}
			}
			continue
		}
		if f.Exported() {
			l.emit("type %s struct, %s %s", name, f.Name(), l.typ(f.Type()))
		}
	}
}
