// Package sandbox is the generator's part that writes <pkg>test/types.gen.go, the types the
// three sandboxes (cardplatformtest, validationtest, pagingtest) share: Fault, FaultHeader,
// Request (with RevealBody and requestsOf, the conversion from internal/sandbox's records)
// and ErrUnknownOperation. They are types of the sandbox's own package, so that its go doc
// names no internal package.
//
// The body of an injected Status answer follows x-issuerkit-go.facade.errorBody (problem:
// ProblemDetails, bank: the bank's error body). The rest comes from the spec's top-level
// x-issuerkit-go object:
//
//	x-issuerkit-go:
//	  sandbox:
//	    example: createDisbursement   # the operation id Request's doc shows
//	    secrets: pin, cvv, card_number # the sensitive body members Request's doc names
//	    request: |                     # optional: lines added to Request's doc
//	      ...
//	    fault: |                       # optional: lines added to Fault's doc
//	      ...
package sandbox

import (
	"fmt"
	"path/filepath"
	"strings"
	"text/template"

	"github.com/issuerkit/issuerkit-go/internal/tools/gen/genkit"
)

// params is the template's data.
type params struct {
	// Client is the client package's name (cardplatform): the sandbox is package Client+"test".
	Client string
	// Header is the value of FaultHeader ("Cardplatformtest-Fault").
	Header string
	// Problem: a Status answer carries a ProblemDetails body; else the bank's error body.
	Problem bool
	// Example is an operation id; Secrets the sensitive body members named in the docs.
	Example, Secrets string
	// Request and Fault are lines added to the docs of Request and Fault (may be empty).
	Request, Fault string
}

// Generate writes <pkg>test/types.gen.go beside the job's package.
func Generate(j *genkit.Job) error {
	p, err := settings(j.Package, j.Settings)
	if err != nil {
		return err
	}
	src, err := j.Render("sandbox_types.tmpl", p, template.FuncMap{"comment": comment})
	if err != nil {
		return err
	}
	return j.Write(filepath.Join(j.Package+"test", "types.gen.go"), src)
}

// settings reads x-issuerkit-go.sandbox and x-issuerkit-go.facade.errorBody.
func settings(pkg string, s map[string]any) (params, error) {
	p := params{Client: pkg, Header: strings.ToUpper(pkg[:1]) + pkg[1:] + "test-Fault"}
	f, _ := s["facade"].(map[string]any)
	switch body, _ := f["errorBody"].(string); body {
	case "problem":
		p.Problem = true
	case "bank":
	default:
		return p, fmt.Errorf("x-issuerkit-go.facade.errorBody: %q, want problem or bank", body)
	}
	sb, ok := s["sandbox"].(map[string]any)
	if !ok {
		return p, fmt.Errorf("x-issuerkit-go.sandbox: missing (example, secrets, request, fault)")
	}
	for k, v := range sb {
		str, ok := v.(string)
		if !ok {
			return p, fmt.Errorf("x-issuerkit-go.sandbox.%s: %v, want a string", k, v)
		}
		str = strings.TrimSpace(str)
		switch k {
		case "example":
			p.Example = str
		case "secrets":
			p.Secrets = str
		case "request":
			p.Request = str
		case "fault":
			p.Fault = str
		default:
			return p, fmt.Errorf("x-issuerkit-go.sandbox.%s: unknown key", k)
		}
	}
	if p.Example == "" || p.Secrets == "" {
		return p, fmt.Errorf("x-issuerkit-go.sandbox: example and secrets are required")
	}
	return p, nil
}

// comment returns text as Go comment lines, each line of text prefixed with "// " (an empty
// line with "//").
func comment(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if l = strings.TrimRight(l, " "); l == "" {
			lines[i] = "//"
		} else {
			lines[i] = "// " + l
		}
	}
	return strings.Join(lines, "\n")
}
