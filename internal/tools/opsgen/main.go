// Command opsgen generates the operation table of one API from its OpenAPI spec: a Go file
// declaring
//
//	var operations = ops.NewTable([]ops.Operation{...}) // one entry per operation
//	var sensitiveFields = []string{...}                 // JSON properties with format: sensitive
//
// for the package internal/ops of issuerkit-go. It loads and validates the spec with
// kin-openapi and refuses (exit status 1, one line per problem) a spec in which an operation
// lacks an operationId, lacks x-issuerkit-retry-safe, carries a malformed
// x-issuerkit-pagination, declares no 2xx response, or in which a number could become a
// float where money is meant (a bare `type: number` anywhere, or format float/double on a
// property or parameter whose name says amount, balance, fee, price or total).
//
// Usage, from the repository root (the tools module lives in internal/tools):
//
//	go run -C internal/tools ./opsgen -spec ../../openapi/cardplatform.yaml \
//		-package cardplatform -out ../../cardplatform/operations.gen.go
//
// The header of the generated file names the spec by its path relative to the root of the
// module that holds the output file (openapi/cardplatform.yaml), whatever the working
// directory.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "opsgen:", err)
		os.Exit(1)
	}
}

// run parses args, generates the file and writes it.
func run(ctx context.Context, args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("opsgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	spec := fs.String("spec", "", "path of the OpenAPI 3.0 spec (YAML or JSON)")
	pkg := fs.String("package", "", "Go package name of the generated file")
	out := fs.String("out", "", "path of the generated file")
	opsImport := fs.String("ops-import", "github.com/issuerkit/issuerkit-go/internal/ops", "import path of package ops")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *spec == "" || *pkg == "" || *out == "" || fs.NArg() != 0 {
		fs.Usage()
		return fmt.Errorf("need -spec, -package and -out, and no arguments")
	}
	source := sourceName(*spec, *out)
	doc, err := load(ctx, *spec)
	if err != nil {
		return fmt.Errorf("%s: %w", source, err)
	}
	api, err := collect(doc)
	if err != nil {
		return fmt.Errorf("%s: %w", source, err)
	}
	src, err := render(renderInput{
		Source:    source,
		Package:   *pkg,
		OpsImport: *opsImport,
		API:       api,
	})
	if err != nil {
		return err
	}
	return writeIfChanged(*out, src)
}

// writeIfChanged writes src to path unless the file already holds exactly src, so that an
// unchanged table keeps its modification time.
func writeIfChanged(path string, src []byte) error {
	if old, err := os.ReadFile(path); err == nil && string(old) == string(src) {
		return nil
	}
	return os.WriteFile(path, src, 0o644)
}
