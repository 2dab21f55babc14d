// Command migrate rewrites Go source from the names of issuerkit-go that moved to package core
// to their names there: in 0.2.0, the shared names the client packages re-declared
// (cardplatform.ErrOutcomeUnknown, paging.Iterator, validation.Decimal, ...) and the options
// they wrapped (cardplatform.WithStaticToken); in 0.3.0, package paging/banklimit's aliases of
// the bank budget's names (banklimit.Key is core.BudgetKey, banklimit.Limiter core.Limiter).
// They become package core's (core.ErrOutcomeUnknown), in code and in doc links, with core's
// import added and a client import left unused dropped.
// It is idempotent: a second run changes nothing. From the repository root:
//
//	go -C internal/tools run ./migrate -root ../..            # rewrite every module under root
//	go -C internal/tools run ./migrate -root ../.. -n         # list the files it would change
//	go -C internal/tools run ./migrate -changelog             # the table as CHANGELOG lines, per release
//
// README.md files are rewritten too, in their fenced Go blocks and code spans only. Generated
// files (*.gen.go) are left to the generator; testdata directories and this command's own
// source (whose docs and table name the old names on purpose) are skipped.
package main

import (
	"flag"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	root := flag.String("root", "../..", "the repository root to rewrite")
	dry := flag.Bool("n", false, "list the files that would change, write nothing")
	changelog := flag.Bool("changelog", false, "print the table as CHANGELOG entries and exit")
	flag.Parse()
	if *changelog {
		writeChangelog(os.Stdout)
		return
	}
	changed, err := run(*root, *dry)
	for _, f := range changed {
		fmt.Println(f)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "migrate:", err)
		os.Exit(1)
	}
}

// run rewrites the Go files under root (listing them only when dry) and returns the files
// changed.
func run(root string, dry bool) ([]string, error) {
	dirs := map[string][]string{}
	var readmes []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (d.Name() == "testdata" || d.Name() == "vendor" || strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || isSelf(path)) {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, ".gen.go") {
			dirs[filepath.Dir(path)] = append(dirs[filepath.Dir(path)], path)
		}
		if d.Name() == "README.md" {
			readmes = append(readmes, path)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var changed []string
	for _, file := range readmes {
		src, err := os.ReadFile(file)
		if err != nil {
			return changed, err
		}
		if out, ok := rewriteMarkdown(src); ok {
			changed = append(changed, file)
			if !dry {
				if err := os.WriteFile(file, out, 0o644); err != nil {
					return changed, err
				}
			}
		}
	}
	for dir, files := range dirs {
		pi, err := packageOf(dir)
		if err != nil {
			return changed, err
		}
		for _, file := range files {
			src, err := os.ReadFile(file)
			if err != nil {
				return changed, err
			}
			out, ok, err := rewrite(file, src, pi)
			if err != nil {
				return changed, fmt.Errorf("%s: %w", file, err)
			}
			if !ok {
				continue
			}
			changed = append(changed, file)
			if !dry {
				if err := os.WriteFile(file, out, 0o644); err != nil {
					return changed, err
				}
			}
		}
	}
	return changed, nil
}

// packageOf reads the package declarations of dir (every .go file, generated ones too, but
// the facade the rewrite retires) and tells whether it is a client package.
func packageOf(dir string) (pkgInfo, error) {
	pi := pkgInfo{decls: map[string]bool{}}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return pi, err
	}
	names := map[string]bool{}
	for _, c := range clients {
		names[c] = true
	}
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || n == "facade.gen.go" {
			continue
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.SkipObjectResolution)
		if err != nil {
			return pi, err
		}
		if names[f.Name.Name] && filepath.Base(dir) == f.Name.Name {
			pi.client = f.Name.Name
		}
		for _, d := range f.Decls {
			for _, name := range ownNames(d) {
				if f.Name.Name == pi.client || !strings.HasSuffix(n, "_test.go") {
					pi.decls[name] = true
				}
			}
		}
	}
	return pi, nil
}

// isSelf reports whether dir is this command's own source directory (internal/tools/migrate).
func isSelf(dir string) bool {
	return filepath.Base(dir) == "migrate" && filepath.Base(filepath.Dir(dir)) == "tools" &&
		filepath.Base(filepath.Dir(filepath.Dir(dir))) == "internal"
}
