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

// writeChangelog writes the table as CHANGELOG "### API" entries: one line per moved name of
// each client, 0.1.0 name → 0.2.0 name.
func writeChangelog(w io.Writer) {
	fmt.Fprintln(w, "- Shared names moved to package core (the per-client facades are gone); `go -C internal/tools run ./migrate -root <your module>` rewrites a code base:")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "  | 0.1.0 name | 0.2.0 name |")
	fmt.Fprintln(w, "  |---|---|")
	for _, m := range moves {
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
