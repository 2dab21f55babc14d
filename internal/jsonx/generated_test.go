package jsonx_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

// scalarTypes are the SDK's scalar types as the generated models name them (the client
// packages' aliases, or package core in the sandboxes' server models).
var scalarTypes = map[string]bool{
	"Timestamp": true, "Secret": true, "GUID": true, "Date": true, "Decimal": true,
	"core.Timestamp": true, "core.Secret": true, "core.GUID": true, "core.Date": true, "core.Decimal": true,
}

// TestGeneratedScalarFieldsUseDecodeScalar reads the generated models: no field of a scalar
// type decodes through DecodeValue (its type switch) instead of DecodeScalar. It failed when
// the models' scalar fields were renamed from scalar.Timestamp to the packages' own aliases
// (Timestamp) and the template stopped recognising them.
func TestGeneratedScalarFieldsUseDecodeScalar(t *testing.T) {
	files := []string{
		"../../cardplatform/api.gen.go", "../../paging/api.gen.go", "../../validation/api.gen.go",
		"../../cardplatform/cardplatformtest/internal/sandboxapi/server.gen.go",
	}
	for _, name := range files {
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		fieldTypes := map[string]map[string]string{} // struct -> field -> type
		for _, decl := range f.Decls {
			g, ok := decl.(*ast.GenDecl)
			if !ok || g.Tok != token.TYPE {
				continue
			}
			for _, spec := range g.Specs {
				ts := spec.(*ast.TypeSpec)
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				fields := map[string]string{}
				for _, fl := range st.Fields.List {
					for _, n := range fl.Names {
						fields[n.Name] = types(fl.Type)
					}
				}
				fieldTypes[ts.Name.Name] = fields
			}
		}
		scalars, viaScalar := 0, 0
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Name.Name != "decodeJSON" || fn.Recv == nil {
				continue
			}
			recv := types(fn.Recv.List[0].Type.(*ast.StarExpr).X)
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) != 2 {
					return true
				}
				callee := types(call.Fun)
				if callee != "jsonx.DecodeValue" && callee != "jsonx.DecodeScalar" {
					return true
				}
				u, ok := call.Args[1].(*ast.UnaryExpr)
				if !ok {
					return true
				}
				sel, ok := u.X.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				typ := fieldTypes[recv][sel.Sel.Name]
				if !scalarTypes[typ] {
					return true
				}
				scalars++
				if callee == "jsonx.DecodeValue" {
					t.Errorf("%s: %s.%s (%s) decodes through DecodeValue", name, recv, sel.Sel.Name, typ)
				} else {
					viaScalar++
				}
				return true
			})
		}
		if scalars == 0 {
			t.Errorf("%s: no scalar field found: the test no longer reads the models", name)
		}
		t.Logf("%s: %d scalar fields, %d through DecodeScalar", name, scalars, viaScalar)
	}
}

// types returns the source form of a type or callee expression (ident or pkg.Ident).
func types(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return types(x.X) + "." + x.Sel.Name
	}
	return ""
}
