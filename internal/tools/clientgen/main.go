// Command clientgen writes the public methods of a client package (client.gen.go): one method
// per operation of an OpenAPI spec, with typed arguments, a typed request struct where the
// operation has query parameters, extra headers or a body alongside them, a typed result, and
// a doc comment built from the spec (what it does, the errors to expect, whether it is ever
// re-sent).
//
// It reads the same oapi-codegen configuration as the models (naming, type mapping) and asks
// oapi-codegen's own library for the operation definitions, so every type it names is the type
// the models generation wrote. Operations marked `x-issuerkit-handwritten: true` are skipped:
// their methods are written by hand because their behaviour is not "typed request in, typed
// result out" (streams, several success shapes, client-side rules).
//
// With -iterators it also writes the typed iterators of the operations that carry
// x-issuerkit-pagination (iterators.gen.go; see iterators.go).
//
//	go -C internal/tools run ./clientgen -spec ../../openapi/cardplatform.yaml \
//	    -config ../../openapi/cardplatform.codegen.yaml -out ../../cardplatform/client.gen.go
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	spec := flag.String("spec", "", "OpenAPI spec")
	config := flag.String("config", "", "oapi-codegen configuration of the models")
	out := flag.String("out", "", "file to write")
	iterOut := flag.String("iterators", "", "file to write the typed iterators to (operations with x-issuerkit-pagination)")
	fakeOut := flag.String("fake", "", "file to write the typed fake to (package <pkg>fake)")
	settleOut := flag.String("settle", "", "file to write the Snapshot/Reconcile methods to (operations with an x-issuerkit-readback settle rule)")
	settleSandbox := flag.String("settle-sandbox", "", "file to write the sandbox's map of the Snapshot/Reconcile methods to their read-back operations to")
	fakeProblem := flag.Bool("fake-problem", false, "the fake writes errors as ProblemDetails (else the bank's body)")
	flag.Parse()
	if *spec == "" || *config == "" || *out == "" {
		fmt.Fprintln(os.Stderr, "clientgen: need -spec, -config and -out")
		os.Exit(2)
	}
	// The configuration names its templates relative to the repository root (the parent of
	// openapi/), where oapi-codegen itself runs from generate.go.
	absSpec, err1 := filepath.Abs(*spec)
	absConfig, err2 := filepath.Abs(*config)
	absOut, err3 := filepath.Abs(*out)
	absIter, err4 := filepath.Abs(*iterOut)
	absFake, err5 := filepath.Abs(*fakeOut)
	absSettle, err6 := filepath.Abs(*settleOut)
	absSettleSandbox, err7 := filepath.Abs(*settleSandbox)
	if err := errors.Join(err1, err2, err3, err4, err5, err6, err7, os.Chdir(filepath.Dir(filepath.Dir(absConfig)))); err != nil {
		fmt.Fprintln(os.Stderr, "clientgen:", err)
		os.Exit(1)
	}
	*out = absOut
	fakeOpts := fakeOptions{problem: *fakeProblem}
	if *fakeOut != "" {
		fakeOpts.out = absFake
	}
	if *settleOut != "" {
		fakeOpts.settle = absSettle
	}
	if *settleSandbox != "" {
		fakeOpts.settleSandbox = absSettleSandbox
	}
	src, iters, err := generate(absSpec, absConfig, filepath.Base(absSpec), fakeOpts)
	if err != nil {
		fmt.Fprintln(os.Stderr, "clientgen:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "clientgen:", err)
		os.Exit(1)
	}
	if *iterOut == "" {
		if iters != nil {
			fmt.Fprintln(os.Stderr, "clientgen: the spec has paging operations: give -iterators")
			os.Exit(2)
		}
		return
	}
	if iters == nil {
		fmt.Fprintln(os.Stderr, "clientgen: -iterators given, but no operation has x-issuerkit-pagination")
		os.Exit(2)
	}
	if err := os.WriteFile(absIter, iters, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "clientgen:", err)
		os.Exit(1)
	}
}
