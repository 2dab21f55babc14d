package docs

import (
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const modulePath = "github.com/issuerkit/issuerkit-go"

// clientTrees are the SDK's client packages: each one's directory holds the client and its
// sandbox, fake and helper subpackages.
var clientTrees = []string{"cardplatform", "validation", "paging"}

// sharedLayer lists the public packages below the clients, which internal packages may import:
// openapi/core defines what the three clients share (errors, scalars, the iterator engine,
// the bank's budget interfaces).
var sharedLayer = []string{"openapi/core"}

// crossClientAllowed lists the imports of one client's tree by another's that are the
// package's purpose, each with the reason.
var crossClientAllowed = map[string][]string{
	// the bank's two APIs (validation and the lists) served on one origin behind one budget,
	// with a client of each sharing it: a sandbox of both by definition
	"paging/banktest": {"validation", "validation/validationtest"},
}

// layerPackage is one package of the main module: its directory relative to the root, its
// name and the module packages its non-test files import (relative paths too).
type layerPackage struct {
	dir, name string
	imports   []string
}

// modulePackages enumerates every package of the main module with go/build (the build tags
// of this platform), skipping testdata and the nested modules (their own go.mod).
func modulePackages(t *testing.T) []layerPackage {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	var pkgs []layerPackage
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != root && (name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		if path != root {
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir // a module of its own
			}
		}
		p, err := build.ImportDir(path, 0)
		if err != nil {
			if _, ok := err.(*build.NoGoError); ok {
				return nil
			}
			t.Errorf("%s: %v", path, err)
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		lp := layerPackage{dir: filepath.ToSlash(rel), name: p.Name}
		for _, imp := range p.Imports {
			if r, ok := strings.CutPrefix(imp, modulePath+"/"); ok {
				lp.imports = append(lp.imports, r)
			}
		}
		pkgs = append(pkgs, lp)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// treeOf returns the client tree dir belongs to, or "".
func treeOf(dir string) string {
	for _, c := range clientTrees {
		if dir == c || strings.HasPrefix(dir, c+"/") {
			return c
		}
	}
	return ""
}

// TestLayering enumerates every package of the main module and holds the layering
// CONTRIBUTING draws ("Where a request goes"): no client package (cardplatform, validation,
// paging, and their subpackages) imports another client's packages, and no internal package
// imports a public package other than the shared layer (openapi/core) — only programs (package
// main) under internal/ sit above the clients.
func TestLayering(t *testing.T) {
	pkgs := modulePackages(t)
	seen := map[string]bool{}
	for _, p := range pkgs {
		seen[p.dir] = true
	}
	for _, want := range []string{"cardplatform", "validation", "paging", "openapi/core", "internal/sdkclient", "internal/ratelimit", "paging/banktest"} {
		if !seen[want] {
			t.Fatalf("package %s not found: the walk is broken (%d packages)", want, len(pkgs))
		}
	}
	for _, p := range pkgs {
		own := treeOf(p.dir)
		internal := p.dir == "internal" || strings.HasPrefix(p.dir, "internal/")
		for _, imp := range p.imports {
			other := treeOf(imp)
			if own != "" && other != "" && other != own && !slices.Contains(crossClientAllowed[p.dir], imp) {
				t.Errorf("client package %s imports %s, a package of the %s client: move what they share to openapi/core or internal/", p.dir, imp, other)
			}
			if p.dir == "openapi/core" {
				if other != "" {
					t.Errorf("the shared layer %s imports the client package %s", p.dir, imp)
				}
			}
			if internal && p.name != "main" {
				public := imp != "internal" && !strings.HasPrefix(imp, "internal/")
				if public && !slices.Contains(sharedLayer, imp) {
					t.Errorf("internal package %s imports the public package %s: define what both need in internal/ or openapi/core", p.dir, imp)
				}
			}
		}
	}
}
