package publicdoc

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// root is the module root, seen from this package's directory.
const root = "../.."

// publicPackage is one parsed public package and its go doc.
type publicPackage struct {
	dir   string // slash path from the module root
	files []*ast.File
	doc   *doc.Package
}

// publicPackages parses every directory under the module root that holds non-test Go files
// and that a user can import: not under internal/, not a testdata or examples directory (the
// examples are programs, not packages). Separate modules nested in the tree
// (paging/redisfleet) are included: they are public too.
func publicPackages(t *testing.T) []publicPackage {
	t.Helper()
	var out []publicPackage
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		switch base := d.Name(); {
		case rel == ".":
			return nil
		case base == "internal" || base == "testdata" || base == "examples" || strings.HasPrefix(base, "."):
			return filepath.SkipDir
		}
		fset := token.NewFileSet()
		entries, err := os.ReadDir(path)
		if err != nil {
			return err
		}
		pkgs := map[string][]*ast.File{}
		for _, e := range entries {
			n := e.Name()
			if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, filepath.Join(path, n), nil, parser.ParseComments)
			if err != nil {
				return err
			}
			pkgs[f.Name.Name] = append(pkgs[f.Name.Name], f)
		}
		for name, files := range pkgs {
			if name == "main" {
				continue
			}
			dp, err := doc.NewFromFiles(fset, files, "github.com/issuerkit/issuerkit-go/"+rel)
			if err != nil {
				return err
			}
			out = append(out, publicPackage{dir: rel, files: files, doc: dp})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 8 {
		t.Fatalf("found %d public packages under %s, want the client packages, their sandboxes and the shared types", len(out), root)
	}
	return out
}

func TestMain(m *testing.M) {
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		panic("publicdoc tests run from internal/publicdoc: " + err.Error())
	}
	os.Exit(m.Run())
}
