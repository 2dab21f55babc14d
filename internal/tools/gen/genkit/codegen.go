package genkit

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/oapi-codegen/oapi-codegen/v2/pkg/codegen"
	"github.com/oapi-codegen/oapi-codegen/v2/pkg/util"
	"go.yaml.in/yaml/v3"
)

// codegenConfig is an oapi-codegen configuration file: codegen.Configuration plus the output
// path.
type codegenConfig struct {
	codegen.Configuration `yaml:",inline"`
	Output                string `yaml:"output"`
}

// Codegen prepares oapi-codegen's library for the job, as the models were generated: it reads
// the job's oapi-codegen configuration (user templates named from the repository root are
// resolved against Root), loads the spec as oapi-codegen does and runs codegen.Generate, which
// sets the library's naming and type-mapping state. The definitions a part asks the library
// for afterwards (codegen.OperationDefinitions, the type definitions) then carry exactly the
// names and Go types the models got. The spec returned is oapi-codegen's own copy, whose
// operationIds it has normalised; Doc keeps the spec's own.
func (j *Job) Codegen() (*openapi3.T, codegen.Configuration, error) {
	raw, err := os.ReadFile(j.ConfigPath)
	if err != nil {
		return nil, codegen.Configuration{}, err
	}
	var cfg codegenConfig
	if err := yaml.Unmarshal(raw, &cfg); err != nil {
		return nil, codegen.Configuration{}, fmt.Errorf("%s: %w", j.ConfigPath, err)
	}
	cfg.Configuration = cfg.UpdateDefaults()
	for k, v := range cfg.OutputOptions.UserTemplates {
		if !strings.Contains(v, "\n") && !filepath.IsAbs(v) { // a path from the repository root
			cfg.OutputOptions.UserTemplates[k] = filepath.Join(j.Root, v)
		}
	}
	spec, err := util.LoadSwagger(j.SpecPath)
	if err != nil {
		return nil, codegen.Configuration{}, err
	}
	if _, err := codegen.Generate(spec, cfg.Configuration); err != nil {
		return nil, codegen.Configuration{}, fmt.Errorf("oapi-codegen: %w", err)
	}
	return spec, cfg.Configuration, nil
}
