package leaktest

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoTime: records carry no time in either handler; the level and the caller's own
// ReplaceAttr still apply, and a group's member named "time" is kept.
func TestNoTime(t *testing.T) {
	upper := func(_ []string, a slog.Attr) slog.Attr {
		if a.Key == "k" {
			a.Value = slog.StringValue(strings.ToUpper(a.Value.String()))
		}
		return a
	}
	var b bytes.Buffer
	slog.New(slog.NewJSONHandler(&b, NoTime(nil))).Info("m", "k", "v", slog.Group("g", "time", "737"))
	slog.New(slog.NewTextHandler(&b, NoTime(&slog.HandlerOptions{Level: slog.LevelDebug, ReplaceAttr: upper}))).Debug("m", "k", "v")
	slog.New(slog.NewTextHandler(&b, NoTime(nil))).Debug("not logged")
	want := `{"level":"INFO","msg":"m","k":"v","g":{"time":"737"}}` + "\n" + "level=DEBUG msg=m k=V\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// TestSlogHandlersInTestsDropTime: every slog handler a test of the module writes (to look for
// secrets in the output, or otherwise) is built with NoTime, so that no test can find a
// secret's digits in a timestamp ("737", a CVV, matched one) or miss a real leak for the
// same reason. It lists each call that is not, by file and line.
func TestSlogHandlersInTestsDropTime(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && path != root {
				return filepath.SkipDir // a module of its own
			}
			return nil
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || !isSel(call.Fun, "slog", "NewJSONHandler") && !isSel(call.Fun, "slog", "NewTextHandler") {
				return true
			}
			calls++
			if len(call.Args) == 2 {
				if opts, ok := call.Args[1].(*ast.CallExpr); ok && (isSel(opts.Fun, "leaktest", "NoTime") || isIdent(opts.Fun, "NoTime")) {
					return true
				}
			}
			rel, _ := filepath.Rel(root, fset.Position(call.Pos()).Filename)
			t.Errorf("%s:%d: a slog handler with a time: pass its options through leaktest.NoTime (internal/leaktest)",
				filepath.ToSlash(rel), fset.Position(call.Pos()).Line)
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if calls < 40 {
		t.Errorf("found %d slog handlers in the module's tests, fewer than the 40 written when this test was: is the walk broken?", calls)
	}
}

func isSel(e ast.Expr, pkg, name string) bool {
	s, ok := e.(*ast.SelectorExpr)
	return ok && isIdent(s.X, pkg) && s.Sel.Name == name
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}
