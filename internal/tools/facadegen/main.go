// Command facadegen writes the parts of a public client package that are the same in all
// three (options re-exported from internal/sdkclient, error and scalar aliases), so that they
// are written once, here, and generated into each package (facade.gen.go). The models need no
// masking methods: their Secret and core.Extras fields mask themselves.
//
//	facadegen -package validation -out ../../validation -body bank
package main

import (
	"bytes"
	_ "embed"
	"flag"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"text/template"
)

//go:embed facade.go.tmpl
var facadeTemplate string

type params struct {
	Package string
	// Body is the error body family: "problem" (card platform) or "bank".
	Body string
	// Version adds WithAPIVersion.
	Version bool
}

func main() {
	var p params
	out := flag.String("out", "", "package directory to write facade.gen.go into")
	flag.StringVar(&p.Package, "package", "", "Go package name")
	flag.StringVar(&p.Body, "body", "", "error body family: problem or bank")
	flag.BoolVar(&p.Version, "version", false, "the API has a {version} path segment")
	flag.Parse()
	if err := run(p, *out); err != nil {
		fmt.Fprintln(os.Stderr, "facadegen:", err)
		os.Exit(1)
	}
}

func run(p params, out string) error {
	if p.Package == "" || out == "" || (p.Body != "problem" && p.Body != "bank") {
		return fmt.Errorf("need -package, -out and -body problem|bank")
	}
	t, err := template.New("facade").Parse(facadeTemplate)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := t.Execute(&buf, p); err != nil {
		return err
	}
	src, err := format.Source(buf.Bytes())
	if err != nil {
		return fmt.Errorf("formatting: %w\n%s", err, buf.Bytes())
	}
	return os.WriteFile(filepath.Join(out, "facade.gen.go"), src, 0o644)
}
