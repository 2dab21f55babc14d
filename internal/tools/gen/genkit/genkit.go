// Package genkit is what every part of the generator shares: the job (one spec, its
// oapi-codegen configuration, the package written), the loaded spec, and rendering a
// template of package templates into a gofmt-ed file.
package genkit

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/template"

	"github.com/getkin/kin-openapi/openapi3"
	"golang.org/x/tools/imports"

	"github.com/issuerkit/issuerkit-go/internal/tools/gen/templates"
)

// Job is one run of the generator: one spec and the client package generated from it.
type Job struct {
	// Root is the repository root (absolute): the parent of openapi/.
	Root string
	// SpecPath and ConfigPath are absolute paths of the spec and its oapi-codegen
	// configuration (the models' naming and type mapping).
	SpecPath, ConfigPath string
	// Spec is the path of the spec relative to Root (openapi/cardplatform.yaml), as the
	// generated files' headers name it.
	Spec string
	// Package is the client package's name; Dir its directory (absolute).
	Package, Dir string
	// Doc is the loaded and validated spec.
	Doc *openapi3.T
	// Settings is the spec's top-level x-issuerkit-go object: what the generator writes for
	// this package beyond what the operations say (nil when absent).
	Settings map[string]any
}

// Load reads and validates the spec of a job.
func Load(specPath, configPath, pkg, dir string) (*Job, error) {
	j := &Job{Package: pkg}
	var err error
	if j.SpecPath, err = filepath.Abs(specPath); err != nil {
		return nil, err
	}
	if j.ConfigPath, err = filepath.Abs(configPath); err != nil {
		return nil, err
	}
	if j.Dir, err = filepath.Abs(dir); err != nil {
		return nil, err
	}
	j.Root = filepath.Dir(filepath.Dir(j.ConfigPath))
	if j.Spec, err = filepath.Rel(j.Root, j.SpecPath); err != nil {
		return nil, err
	}
	j.Spec = filepath.ToSlash(j.Spec)
	loader := openapi3.NewLoader()
	loader.IsExternalRefsAllowed = false
	if j.Doc, err = loader.LoadFromFile(j.SpecPath); err != nil {
		return nil, fmt.Errorf("%s: %w", j.Spec, err)
	}
	if err := j.Doc.Validate(loader.Context); err != nil {
		return nil, fmt.Errorf("%s: %w", j.Spec, err)
	}
	if s, ok := j.Doc.Extensions["x-issuerkit-go"].(map[string]any); ok {
		j.Settings = s
	}
	return j, nil
}

// File is what every template receives at its top level: the job's header facts and the
// part's own data.
type File struct {
	// Spec is the spec's path relative to the repository root; Package the Go package.
	Spec, Package string
	// Data is the part's own data for the template.
	Data any
}

// Render executes the template name (a file of package templates, or a template it
// defines) with data and returns the gofmt-ed source. funcs adds the part's helpers.
func (j *Job) Render(name string, data any, funcs template.FuncMap) ([]byte, error) {
	t := template.New(name).Option("missingkey=error").Funcs(funcs)
	// A part's templates are parsed with its own helpers, apart from other parts' templates
	// (whose helpers it does not give): name's prefix up to "_" names the part.
	part, _, ok := strings.Cut(name, "_")
	if !ok {
		return nil, fmt.Errorf("template %s: its name does not start with its part's (part_kind.tmpl)", name)
	}
	t, err := t.ParseFS(templates.FS, "header.tmpl", part+"_*.tmpl")
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := t.ExecuteTemplate(&b, name, File{Spec: j.Spec, Package: j.Package, Data: data}); err != nil {
		return nil, err
	}
	// imports.Process formats like gofmt and drops an import the file does not use, so a
	// template may list every import its output can need.
	src, err := imports.Process(name+".go", b.Bytes(), &imports.Options{Comments: true, TabIndent: true, TabWidth: 8, FormatOnly: false})
	if err != nil {
		return nil, fmt.Errorf("%s: generated code does not parse: %w\n%s", name, err, b.Bytes())
	}
	return src, nil
}

// Write writes a generated file, relative to the job's package directory unless absolute.
func (j *Job) Write(path string, src []byte) error {
	if !filepath.IsAbs(path) {
		path = filepath.Join(j.Dir, path)
	}
	return os.WriteFile(path, src, 0o644)
}
