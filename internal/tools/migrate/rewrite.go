package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"regexp"
	"sort"
	"strconv"

	"golang.org/x/tools/go/ast/astutil"
)

// A pkgInfo says, for the files of one directory, which client package they are (client, ""
// for none) and which names that package declares itself (decls): an unqualified name of
// the table is rewritten only in a client's own files, and only when the package does not
// declare it.
type pkgInfo struct {
	client string
	decls  map[string]bool
}

// an edit replaces src[start:end] with text.
type edit struct {
	start, end int
	text       string
}

// docLink matches a doc link that may name a moved name: [Name], [*Name], [pkg.Name],
// [pkg.Name.Member], with its optional package qualifier (a qualified one is rewritten by the
// rule of every qualified name in a comment, mdName).
var docLink = regexp.MustCompile(`\[(\*?)(?:(cardplatform|paging|validation)\.)?([A-Z][A-Za-z0-9_]*)((?:\.[A-Za-z0-9_]+)?)\]`)

// rewrite returns src with the 0.1.0 names of the table replaced by their 0.2.0 names, and
// whether anything changed. pi describes the package of the file (see pkgInfo).
func rewrite(filename string, src []byte, pi pkgInfo) ([]byte, bool, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filename, src, parser.ParseComments)
	if err != nil {
		return nil, false, err
	}
	inCore := f.Name.Name == "core" && pi.client == "" && pi.decls["ErrOutcomeUnknown"]
	coreName := "core"
	local := map[string]string{} // import name -> client
	for _, is := range f.Imports {
		path, _ := strconv.Unquote(is.Path.Value)
		name := ""
		if is.Name != nil {
			name = is.Name.Name
		}
		if path == corePath && name != "" && name != "_" && name != "." {
			coreName = name
		}
		if c, ok := clients[path]; ok && name != "_" && name != "." {
			if name == "" {
				name = c
			}
			local[name] = c
		}
	}
	qual := coreName + "."
	if inCore {
		qual = ""
	}
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	var edits []edit
	needCore := false

	// Qualified uses: core.ErrOutcomeUnknown.
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		x, ok := sel.X.(*ast.Ident)
		if !ok || x.Obj != nil { // a local variable, not the import
			return true
		}
		c, ok := local[x.Name]
		if !ok {
			return true
		}
		if to, ok := movedTo(c, sel.Sel.Name); ok {
			edits = append(edits, edit{off(sel.Pos()), off(sel.End()), qual + to})
			needCore = needCore || !inCore
		}
		return true
	})

	// Unqualified uses in a client's own files: ErrInvalidArgument inside package paging.
	if pi.client != "" && f.Name.Name == pi.client {
		for _, id := range f.Unresolved {
			if pi.decls[id.Name] {
				continue
			}
			if to, ok := movedTo(pi.client, id.Name); ok {
				edits = append(edits, edit{off(id.Pos()), off(id.End()), qual + to})
				needCore = true
			}
		}
	}

	// The removed switches (validation.WithAPIVersion2() and the others of switches.go).
	edits = append(edits, switchEdits(fset, f, src, local, pi.client)...)

	// Doc links in comments.
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			base := off(c.Pos())
			for _, m := range docLink.FindAllStringSubmatchIndex(c.Text, -1) {
				star, pkg, name, member := sub(c.Text, m, 1), sub(c.Text, m, 2), sub(c.Text, m, 3), sub(c.Text, m, 4)
				if pkg != "" {
					continue // qualified: below, with the names outside links
				}
				if pi.client == "" || f.Name.Name != pi.client || pi.decls[name] {
					continue
				}
				to, ok := movedTo(pi.client, name)
				if !ok {
					continue
				}
				q := "core."
				if inCore {
					q = ""
				}
				edits = append(edits, edit{base + m[0], base + m[1], "[" + star + q + to + member + "]"})
			}
			// Qualified names, in doc links ([core.ErrOutcomeUnknown]) or not
			// (// *core.Error: status, ...).
			for _, m := range mdName.FindAllStringSubmatchIndex(c.Text, -1) {
				to, ok := movedTo(c.Text[m[2]:m[3]], c.Text[m[4]:m[5]])
				if !ok {
					continue
				}
				q := "core."
				if inCore {
					q = ""
				}
				edits = append(edits, edit{base + m[0], base + m[1], q + to})
			}
		}
	}

	if len(edits) == 0 {
		return src, false, nil
	}
	out := apply(src, edits)
	out, err = fixImports(filename, out, needCore, local)
	if err != nil {
		return nil, false, err
	}
	return out, !bytes.Equal(out, src), nil
}

// sub returns the i-th submatch of m in s, "" when it did not match.
func sub(s string, m []int, i int) string {
	if m[2*i] < 0 {
		return ""
	}
	return s[m[2*i]:m[2*i+1]]
}

// apply makes the edits, which do not overlap, on a copy of src.
func apply(src []byte, edits []edit) []byte {
	sort.Slice(edits, func(i, j int) bool { return edits[i].start > edits[j].start })
	out := append([]byte(nil), src...)
	last := len(out) + 1
	for _, e := range edits {
		if e.end > last { // overlapping (the same identifier found twice): keep the first
			continue
		}
		out = append(out[:e.start], append([]byte(e.text), out[e.end:]...)...)
		last = e.start
	}
	return out
}

// fixImports adds package core's import when the rewritten file needs it and has none, drops
// the client imports the rewrite left unused, and formats the file.
func fixImports(filename string, src []byte, needCore bool, local map[string]string) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filename, src, parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("after the rewrite: %w", err)
	}
	if needCore && !hasImport(f, corePath) {
		astutil.AddImport(fset, f, corePath)
	}
	type imp struct{ name, path string }
	var unused []imp
	for _, is := range f.Imports {
		path, _ := strconv.Unquote(is.Path.Value)
		if _, ok := clients[path]; !ok {
			continue
		}
		name := ""
		if is.Name != nil {
			name = is.Name.Name
		}
		if name != "_" && name != "." && !astutil.UsesImport(f, path) {
			unused = append(unused, imp{name, path})
		}
	}
	for _, u := range unused {
		astutil.DeleteNamedImport(fset, f, u.name, u.path)
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, f); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// hasImport reports whether f imports path under any name.
func hasImport(f *ast.File, path string) bool {
	for _, is := range f.Imports {
		if p, _ := strconv.Unquote(is.Path.Value); p == path {
			return true
		}
	}
	return false
}
