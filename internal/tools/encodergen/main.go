// Command encodergen writes field-by-field JSON encoders for the generated models of one
// package. It reads the struct types oapi-codegen declared in api.gen.go (and the methods
// declared anywhere in the package) and writes encode.gen.go, which gives every model
//
//	func (a T) AppendJSON(b []byte) ([]byte, error) // jsonx.Appender: the wire encoding
//	func (a T) MarshalJSON() ([]byte, error)        // the same, every Secret masked
//
// AppendJSON is the only encoding that writes a Secret in full: the SDK sends request bodies
// with it. MarshalJSON, which encoding/json and slog.JSONHandler call (alone or inside a
// user's struct), writes each Secret as Secret.String shows it and then passes the whole
// through redact.JSON (sensitive members, card numbers and SSNs in the texts, unknown members
// and union payloads included).
//
// writing exactly what encoding/json writes for the model without methods, followed by the
// members of AdditionalProperties in sorted key order: known fields in declaration order with
// their omitempty and omitzero options, strings escaped as encoding/json escapes them, nested
// models, the SDK scalars, slices and maps through their own append code. A field of a type
// that cannot be appended directly (a union holding raw JSON, an interface, a type with its
// own MarshalJSON) is encoded with json.Marshal, that field alone.
//
// It also writes encode.gen_test.go, which checks every model against encoding/json with
// internal/jsonx/jsonxtest, and every model that can hold a Secret for a leak through
// json.Marshal and both slog handlers.
//
// Usage, from the repository root:
//
//	go run -C internal/tools ./encodergen -dir ../../cardplatform
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

func main() {
	if err := run(os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "encodergen:", err)
		os.Exit(1)
	}
}

// run parses args, generates both files and writes them.
func run(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("encodergen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", "", "directory of the package whose api.gen.go holds the models")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dir == "" || fs.NArg() != 0 {
		fs.Usage()
		return fmt.Errorf("need -dir and no arguments")
	}
	pkg, err := load(*dir)
	if err != nil {
		return err
	}
	src, err := generate(pkg)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(*dir, "encode.gen.go"), src, 0o644); err != nil {
		return err
	}
	test, err := generateTest(pkg)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(*dir, "encode.gen_test.go"), test, 0o644)
}
