package ops

import (
	"sort"

	"github.com/oapi-codegen/oapi-codegen/v2/pkg/codegen"

	"github.com/issuerkit/issuerkit-go/internal/tools/gen/genkit"
)

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

// loadModel asks oapi-codegen's library, prepared by the job (Job.Codegen), for the operation
// definitions, so every type the part names is the type the models got.
func loadModel(j *genkit.Job) (*model, error) {
	// oapi-codegen normalises operationIds in place; the operation tables use the spec's own
	// (the job's Doc, as the spec writes them).
	m := &model{pkg: j.Package, rawIDs: map[string]string{}, models: map[string]bool{}}
	for path, item := range j.Doc.Paths.Map() {
		for method, o := range item.Operations() {
			m.rawIDs[method+" "+path] = o.OperationID
		}
	}
	spec, _, err := j.Codegen()
	if err != nil {
		return nil, err
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
