// Command gen writes every file the SDK generates on top of oapi-codegen's models, from one
// spec: the operation descriptors and methods, the iterators, the fakes, the read-back
// settling, the encoders, the package facade and the sandbox's shared types. Each part reads
// the spec (never generated Go) and renders one template of package templates per kind of
// output file.
//
// From the repository root, as generate.go runs it:
//
//	go -C internal/tools run ./gen -spec ../../openapi/cardplatform.yaml \
//	    -config ../../openapi/cardplatform.codegen.yaml -package cardplatform -dir ../../cardplatform
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/issuerkit/issuerkit-go/internal/tools/gen/codes"
	"github.com/issuerkit/issuerkit-go/internal/tools/gen/facade"
	"github.com/issuerkit/issuerkit-go/internal/tools/gen/genkit"
	"github.com/issuerkit/issuerkit-go/internal/tools/gen/models"
	"github.com/issuerkit/issuerkit-go/internal/tools/gen/ops"
	"github.com/issuerkit/issuerkit-go/internal/tools/gen/sandbox"
)

// parts are the generator's parts, run in order on every job.
var parts = []struct {
	name string
	run  func(*genkit.Job) error
}{
	{"ops", ops.Generate},
	{"codes", codes.Generate},
	{"models", models.Generate},
	{"facade", facade.Generate},
	{"sandbox", sandbox.Generate},
}

func main() {
	spec := flag.String("spec", "", "OpenAPI spec")
	config := flag.String("config", "", "oapi-codegen configuration of the models")
	pkg := flag.String("package", "", "Go package generated from the spec")
	dir := flag.String("dir", "", "directory of that package")
	flag.Parse()
	if *spec == "" || *config == "" || *pkg == "" || *dir == "" {
		fmt.Fprintln(os.Stderr, "gen: need -spec, -config, -package and -dir")
		os.Exit(2)
	}
	j, err := genkit.Load(*spec, *config, *pkg, *dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	for _, p := range parts {
		if err := p.run(j); err != nil {
			fmt.Fprintf(os.Stderr, "gen: %s: %s: %v\n", j.Spec, p.name, err)
			os.Exit(1)
		}
	}
}
