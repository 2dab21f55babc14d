package ops

import (
	"fmt"
	"os"
	"sort"

	"github.com/oapi-codegen/oapi-codegen/v2/pkg/codegen"
	"github.com/oapi-codegen/oapi-codegen/v2/pkg/util"
	"go.yaml.in/yaml/v3"

	"github.com/issuerkit/issuerkit-go/internal/tools/gen/genkit"
)

// config is the oapi-codegen configuration file: codegen.Configuration plus the output path.
type config struct {
	codegen.Configuration `yaml:",inline"`
	Output                string `yaml:"output"`
}

// model is the spec as oapi-codegen's library sees it: the operation definitions, with the Go
// names and types the models generation gave them.
type model struct {
	pkg    string
	defs   []codegen.OperationDefinition // sorted by Go name
	models map[string]bool               // Go type names of the component schemas
	rawIDs map[string]string             // "METHOD /path" -> operationId as the spec writes it
}

// rawID is the spec's own operationId of d.
func (m *model) rawID(d codegen.OperationDefinition) string { return m.rawIDs[d.Method+" "+d.Path] }

// loadModel reads the job's oapi-codegen configuration and asks oapi-codegen's library for
// the operation definitions, so every type the part names is the type the models got. The
// configuration names its templates relative to the repository root, where oapi-codegen
// itself runs from generate.go: loadModel runs from there.
func loadModel(j *genkit.Job) (*model, error) {
	raw, err := os.ReadFile(j.ConfigPath)
	if err != nil {
		return nil, err
	}
	var cfg config
	if err := yaml.Unmarshal(raw, &cfg); err != nil {
		return nil, fmt.Errorf("%s: %w", j.ConfigPath, err)
	}
	cfg.Configuration = cfg.UpdateDefaults()
	wd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	if err := os.Chdir(j.Root); err != nil {
		return nil, err
	}
	defer os.Chdir(wd) //nolint:errcheck // back to where the command started
	spec, err := util.LoadSwagger(j.SpecPath)
	if err != nil {
		return nil, err
	}
	// oapi-codegen normalises operationIds in place; the operation tables use the spec's own.
	m := &model{pkg: j.Package, rawIDs: map[string]string{}, models: map[string]bool{}}
	for path, item := range spec.Paths.Map() {
		for method, o := range item.Operations() {
			m.rawIDs[method+" "+path] = o.OperationID
		}
	}
	// Generate sets oapi-codegen's naming and type-mapping state from the configuration; the
	// operation definitions below then use exactly the names the models got.
	if _, err := codegen.Generate(spec, cfg.Configuration); err != nil {
		return nil, fmt.Errorf("oapi-codegen: %w", err)
	}
	if m.defs, err = codegen.OperationDefinitions(spec); err != nil {
		return nil, err
	}
	if spec.Components != nil {
		for name := range spec.Components.Schemas {
			m.models[codegen.SchemaNameToTypeName(name)] = true
		}
	}
	sort.Slice(m.defs, func(i, k int) bool { return m.defs[i].OperationId < m.defs[k].OperationId })
	return m, nil
}
