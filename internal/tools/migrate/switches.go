package main

import (
	"fmt"
	"go/ast"
	"go/token"
	"os"
)

// A switchRule is a removed option of 0.1.0: a call of Client.Name whose one argument is Arg
// (none when empty) becomes Replace, a function of the same package called without
// arguments, or is dropped from its argument list or slice literal when Replace is empty (it
// stated the default).
type switchRule struct {
	Client, Name, Arg, Replace string
}

// switches is the table of the removed switches (issue 36, decision 3: one switch for the
// bank's API form, WithDocumentedAPI; the published form is the default).
var switches = []switchRule{
	{Client: "validation", Name: "WithPublishedAPI"},
	{Client: "validation", Name: "WithAPIVersion2"},
	{Client: "validation", Name: "WithAPIVersion", Arg: "V2"},
	{Client: "validation", Name: "WithAPIVersion", Arg: "V1", Replace: "WithDocumentedAPI"},
	{Client: "paging", Name: "WithPublishedAPI"},
	{Client: "paging", Name: "WithPageParamsIn", Arg: "InBody"},
	{Client: "paging", Name: "WithPageParamsIn", Arg: "InQuery", Replace: "WithDocumentedAPI"},
}

// literalArg gives the constant a string literal argument stands for.
var literalArg = map[string]string{`"v1"`: "V1", `"v2"`: "V2"}

// switchEdits returns the edits of the removed switches called in f. local maps import names
// to clients; client is the file's own client package ("" for none). A dropped call outside
// an argument list or slice literal is left as it is, with a warning on stderr.
func switchEdits(fset *token.FileSet, f *ast.File, src []byte, local map[string]string, client string) []edit {
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	var edits []edit
	// nameOf returns the client and the name an expression refers to, and the qualifier
	// written ("validation." or "").
	nameOf := func(e ast.Expr) (string, string, string) {
		switch x := e.(type) {
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok && id.Obj == nil {
				if c, ok := local[id.Name]; ok {
					return c, x.Sel.Name, id.Name + "."
				}
			}
		case *ast.Ident:
			if client != "" && f.Name.Name == client && x.Obj == nil {
				return client, x.Name, ""
			}
		case *ast.BasicLit:
			return "", literalArg[x.Value], ""
		}
		return "", "", ""
	}
	match := func(call *ast.CallExpr) (*switchRule, string) {
		c, name, qual := nameOf(call.Fun)
		for i := range switches {
			r := &switches[i]
			if r.Client != c || r.Name != name {
				continue
			}
			if r.Arg == "" && len(call.Args) == 0 {
				return r, qual
			}
			if r.Arg != "" && len(call.Args) == 1 {
				if ac, an, _ := nameOf(call.Args[0]); an == r.Arg && (ac == c || ac == "") {
					return r, qual
				}
			}
		}
		return nil, ""
	}
	handled := map[*ast.CallExpr]bool{}
	drop := func(list []ast.Expr, isAppend bool) {
		for i, e := range list {
			if isAppend && len(list) == 2 { // append(opts, x()) would become append(opts)
				continue
			}
			call, ok := e.(*ast.CallExpr)
			if !ok {
				continue
			}
			r, _ := match(call)
			if r == nil || r.Replace != "" {
				continue
			}
			handled[call] = true
			start, end := off(e.Pos()), off(e.End())
			switch {
			case i < len(list)-1:
				end = off(list[i+1].Pos())
			case i > 0:
				start = off(list[i-1].End())
			default:
				for j := end; j < len(src); j++ {
					if src[j] == ',' {
						end = j + 1
						break
					}
					if src[j] != ' ' && src[j] != '\t' && src[j] != '\n' {
						break
					}
				}
			}
			edits = append(edits, edit{start, end, ""})
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr:
			id, ok := x.Fun.(*ast.Ident)
			drop(x.Args, ok && id.Name == "append" && id.Obj == nil)
		case *ast.CompositeLit:
			drop(x.Elts, false)
		}
		return true
	})
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || handled[call] {
			return true
		}
		r, qual := match(call)
		switch {
		case r == nil:
		case r.Replace != "":
			edits = append(edits, edit{off(call.Pos()), off(call.End()), qual + r.Replace + "()"})
		default:
			fmt.Fprintf(os.Stderr, "%s: %s%s is removed (the default): drop it by hand\n", fset.Position(call.Pos()), qual, r.Name)
		}
		return true
	})
	return edits
}
