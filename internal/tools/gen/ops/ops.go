// Package ops is the part of the generator that writes what the SDK adds on top of the
// models for every operation of a spec:
//
//   - operations.gen.go: the table of the operations (internal/ops.Table) built from their
//     descriptors, the descriptors of the operations whose methods are hand-written
//     (x-issuerkit-handwritten), and the JSON properties with format: sensitive;
//   - client.gen.go: for every other operation its descriptor (var op<Method>), its request
//     struct and its method, with typed arguments and result and a doc comment built from the
//     spec (what it does, the errors to expect, whether it is ever re-sent, its read-back);
//   - iterators.gen.go: the typed iterators of the operations with x-issuerkit-pagination;
//   - settle.gen.go and <pkg>test/settle.gen.go: the Snapshot/Settle methods of the
//     operations whose x-issuerkit-readback has a settle rule, and the sandbox's map of them;
//   - doc_operations.gen.go: the package doc's table of contents, the operations under the
//     spec's tags and the bank's two forms (toc.go);
//   - <pkg>fake/verbs.gen.go and <pkg>fake/fake.gen.go when the spec's x-issuerkit-go object
//     has fake: {errors: problem or bank}: the typed fake, answering errors with
//     ProblemDetails or the bank's body; its verbs alone (verbs.gen.go) with struct:
//     handwritten, for a package whose Fake and routes are written by hand.
//
// It refuses, one line per problem, a spec in which an operation lacks an operationId, lacks
// x-issuerkit-retry-safe, carries a malformed x-issuerkit-pagination, declares no 2xx
// response, or in which a number could become a float where money is meant (a bare
// `type: number` anywhere, or format float/double on a property or parameter whose name says
// amount, balance, fee, price or total) (checks.go); and a non-retry-safe operation without
// an x-issuerkit-readback (readback.go).
//
// The names and types come from oapi-codegen's library run with the models' configuration
// (model.go), so every type a method names is the type the models generation wrote.
package ops

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"text/template"

	"golang.org/x/tools/imports"

	"github.com/issuerkit/issuerkit-go/internal/tools/gen/genkit"
)

// The files the part writes, relative to the package directory.
const (
	operationsFile = "operations.gen.go"
	clientFile     = "client.gen.go"
	iteratorsFile  = "iterators.gen.go"
	settleFile     = "settle.gen.go"
)

// tableFile is the data of ops_operations.tmpl.
type tableFile struct {
	Operations      []*descriptor // every operation, sorted by path then method
	Handwritten     []*descriptor // those whose methods are hand-written, by Go name
	SensitiveFields []string
}

// funcs are the template helpers of the part.
var funcs = template.FuncMap{}

// Generate writes the part's files for the job.
func Generate(j *genkit.Job) error {
	api, err := collect(j.Doc)
	if err != nil {
		return err
	}
	m, err := loadModel(j)
	if err != nil {
		return err
	}
	fake, err := fakeSetting(j.Settings)
	if err != nil {
		return err
	}
	byRaw := map[string]*descriptor{}
	for _, d := range api.Operations {
		byRaw[d.ID] = d
	}
	readbackDocs, settles, err := readbacks(j.Spec, m.defs, m.rawIDs)
	if err != nil {
		return err
	}

	// The descriptors take their Go names from the definitions; the generated methods get
	// theirs beside them.
	var methods []*method
	var handwrittenOps []*descriptor
	for _, op := range m.defs {
		d := byRaw[m.rawID(op)]
		if d == nil {
			return fmt.Errorf("%s: not in the operation table", op.OperationId)
		}
		d.GoName = op.OperationId
		if d.Handwritten {
			handwrittenOps = append(handwrittenOps, d)
			continue
		}
		mt, err := newMethod(m, op, d, readbackDocs[op.OperationId])
		if err != nil {
			return fmt.Errorf("%s: %w", op.Spec.OperationID, err)
		}
		methods = append(methods, mt)
	}

	if err := render(j, operationsFile, "ops_operations.tmpl", tableFile{Operations: api.Operations, Handwritten: handwrittenOps, SensitiveFields: api.SensitiveFields}); err != nil {
		return err
	}
	if err := render(j, clientFile, "ops_client.tmpl", methods); err != nil {
		return err
	}

	iters, err := newIterators(m)
	if err != nil {
		return err
	}
	if len(iters) == 0 {
		err = writeOrRemove(j, iteratorsFile, nil)
	} else {
		err = render(j, iteratorsFile, "ops_iterators.tmpl", iters)
	}
	if err != nil {
		return err
	}
	if err := renderTOC(j, m, iters, settles); err != nil {
		return err
	}
	// settle.gen.go and the sandbox's map follow the operations with a settle rule.
	settleOut, sandboxOut := settleFile, filepath.Join(j.Package+"test", settleFile)
	if len(settles) == 0 {
		if err := writeOrRemove(j, settleOut, nil); err != nil {
			return err
		}
		if err := writeOrRemove(j, sandboxOut, nil); err != nil {
			return err
		}
	} else {
		sf := newSettleFile(settles)
		if err := render(j, settleOut, "ops_settle.tmpl", sf); err != nil {
			return err
		}
		if err := render(j, sandboxOut, "ops_settle_sandbox.tmpl", sf); err != nil {
			return err
		}
	}
	if err := renderJournal(j, settles, methods); err != nil {
		return err
	}
	if fake.errors == "" {
		return nil
	}
	verbs := fakeVerbs{Pkg: m.pkg, Problem: fake.errors == "problem"}
	if err := render(j, filepath.Join(j.Package+"fake", "verbs.gen.go"), "ops_fake_verbs.tmpl", verbs); err != nil {
		return err
	}
	if fake.handwritten {
		return nil
	}
	ff, err := newFakeFile(m, fake.errors == "problem")
	if err != nil {
		return fmt.Errorf("fake: %w", err)
	}
	return render(j, filepath.Join(j.Package+"fake", "fake.gen.go"), "ops_fake.tmpl", ff)
}

// render renders tmpl with data into file, dropping the imports the file does not use.
func render(j *genkit.Job, file, tmpl string, data any) error {
	src, err := j.Render(tmpl, data, funcs)
	if err != nil {
		return err
	}
	if src, err = imports.Process(file, src, &imports.Options{Comments: true, TabIndent: true, TabWidth: 8}); err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	return writeOrRemove(j, file, src)
}

// writeOrRemove writes src to file, or removes the file when src is nil (the spec no
// longer has what it held).
func writeOrRemove(j *genkit.Job, file string, src []byte) error {
	if src != nil {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(j.Dir, file)), 0o755); err != nil {
			return err
		}
		return j.Write(file, src)
	}
	err := os.Remove(filepath.Join(j.Dir, file))
	if os.IsNotExist(err) {
		return nil
	}
	return err
}

// fakeConfig is x-issuerkit-go's fake: {errors: problem | bank, struct: handwritten}.
type fakeConfig struct {
	errors      string // problem or bank; "" when the spec has no fake
	handwritten bool   // the package writes its Fake and routes: generate its verbs only
}

// fakeSetting reads x-issuerkit-go's fake; the zero fakeConfig when absent.
func fakeSetting(settings map[string]any) (fakeConfig, error) {
	v, ok := settings["fake"]
	if !ok {
		return fakeConfig{}, nil
	}
	m, _ := v.(map[string]any)
	e, _ := m["errors"].(string)
	st, hasStruct := m["struct"]
	extra := len(m) - 1
	if hasStruct {
		extra--
	}
	if extra != 0 || (e != "problem" && e != "bank") || (hasStruct && st != "handwritten") {
		return fakeConfig{}, fmt.Errorf("x-issuerkit-go: fake is %v, want {errors: problem} or {errors: bank}, with struct: handwritten for a Fake written by hand", v)
	}
	return fakeConfig{errors: e, handwritten: hasStruct}, nil
}

// renderJournal writes the journal's table of writes (journalFile) from the settle rules, or
// removes it when the spec has none.
func renderJournal(j *genkit.Job, settles []*settleOp, methods []*method) error {
	if len(settles) == 0 {
		return writeOrRemove(j, journalFile, nil)
	}
	results, err := handwrittenResults(j.Dir)
	if err != nil {
		return err
	}
	for _, m := range methods {
		if m.ResultType != "" && !m.Slice {
			results[m.Name] = goType(m.ResultType)
		}
	}
	jf, err := newJournalFile(j.Package, settles, results)
	if err != nil {
		return err
	}
	src, err := j.Render("ops_journal.tmpl", jf, funcs)
	if err != nil {
		return err
	}
	return writeOrRemove(j, journalFile, src)
}

// handwrittenResults reads, from the package's hand-written files, the result type T of every
// Client method that returns (*T, error): the journal names the types of hand-written writes
// (UpdateCard's UpdateCardResult) as it names those of generated ones.
func handwrittenResults(dir string) (map[string]string, error) {
	out := map[string]string{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || strings.HasSuffix(name, ".gen.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || len(fd.Recv.List) != 1 || fd.Type.Results == nil || len(fd.Type.Results.List) != 2 {
				continue
			}
			recv, ok := fd.Recv.List[0].Type.(*ast.StarExpr)
			if !ok {
				continue
			}
			if id, ok := recv.X.(*ast.Ident); !ok || id.Name != "Client" {
				continue
			}
			if star, ok := fd.Type.Results.List[0].Type.(*ast.StarExpr); ok {
				if id, ok := star.X.(*ast.Ident); ok {
					out[fd.Name.Name] = id.Name
				}
			}
		}
	}
	return out, nil
}
