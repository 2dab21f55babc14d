package main

import (
	"fmt"
	"go/ast"
	"io"
	"strings"
)

// declNames returns the package-level names d declares (methods excluded).
func declNames(d ast.Decl) []string {
	var out []string
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv == nil {
			out = append(out, d.Name.Name)
		}
	case *ast.GenDecl:
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				out = append(out, s.Name.Name)
			case *ast.ValueSpec:
				for _, n := range s.Names {
					out = append(out, n.Name)
				}
			}
		}
	}
	return out
}

// ownNames returns the package-level names d declares as the package's own: an alias of
// package core's name (type Cursor = core.Cursor, var ErrTimeout = core.ErrTimeout), as the
// retired facades and iterator files declared them, is core's, not the package's.
func ownNames(d ast.Decl) []string {
	if g, ok := d.(*ast.GenDecl); ok {
		var out []string
		for _, s := range g.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				if s.Assign == 0 || !isCore(s.Type) {
					out = append(out, s.Name.Name)
				}
			case *ast.ValueSpec:
				for i, n := range s.Names {
					if i >= len(s.Values) || !isCore(s.Values[i]) {
						out = append(out, n.Name)
					}
				}
			}
		}
		return out
	}
	return declNames(d)
}

// isCore reports whether e names a declaration of package core: core.X or core.X[T].
func isCore(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.IndexExpr:
		return isCore(x.X)
	case *ast.IndexListExpr:
		return isCore(x.X)
	case *ast.SelectorExpr:
		id, ok := x.X.(*ast.Ident)
		return ok && id.Name == "core"
	}
	return false
}

// writeChangelog writes the table as CHANGELOG "### API" entries, one table per release: one
// line per moved name of each client, the name before the release → the name in it.
func writeChangelog(w io.Writer) {
	for i, r := range releases {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "- The moved names, %s → %s; from a checkout of this repository, `go -C internal/tools run ./migrate -root <path of your module>` rewrites a code base (idempotent):\n", r.From, r.To)
		fmt.Fprintln(w)
		fmt.Fprintf(w, "  | %s name | %s name |\n", r.From, r.To)
		fmt.Fprintln(w, "  |---|---|")
		for _, m := range moves {
			if releaseOf(m) != r.To {
				continue
			}
			in := m.In
			if len(in) == 0 {
				in = []string{"cardplatform", "paging", "validation"}
			}
			to := m.To
			if to == "" {
				to = m.Name
			}
			var olds []string
			for _, c := range in {
				olds = append(olds, "`"+c+"."+m.Name+"`")
			}
			fmt.Fprintf(w, "  | %s | `core.%s` |\n", strings.Join(olds, ", "), to)
		}
	}
}
