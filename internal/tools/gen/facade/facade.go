// Package facade is the generator's part that writes facade.gen.go, what the three client
// packages have in common: Client and New (which takes core.Option), the client-specific
// options of the API's kind (the bank's budget options, the card platform's WithAPIVersion),
// each refused by another client's New (sdkclient.Own), and RedactSecrets. The shared options
// (core.Option, core.CallOption, core.IterOption and their With... functions) and the shared
// types are package core's, never re-declared.
//
// What differs between the packages comes from the spec's top-level x-issuerkit-go object:
//
//	x-issuerkit-go:
//	  facade:
//	    errorBody: problem   # the error body family: problem (ProblemDetails) or bank
//	    apiVersion: true     # the client has WithAPIVersion and DefaultAPIVersion; "implied":
//	                         # it starts at its unexported defaultAPIVersion, with no option
package facade

import (
	"fmt"

	"github.com/issuerkit/issuerkit-go/internal/tools/gen/genkit"
)

// params is the template's data.
type params struct {
	// Body is the error body family: "problem" (card platform) or "bank".
	Body string
	// Version is "option" (apiVersion: true: DefaultAPIVersion and WithAPIVersion), "implied"
	// (the unexported defaultAPIVersion, no option) or "" (no {version}).
	Version string
}

// Generate writes facade.gen.go into the job's package directory.
func Generate(j *genkit.Job) error {
	p, err := settings(j.Settings)
	if err != nil {
		return err
	}
	src, err := j.Render("facade_facade.tmpl", p, nil)
	if err != nil {
		return err
	}
	return j.Write("facade.gen.go", src)
}

// settings reads x-issuerkit-go.facade.
func settings(s map[string]any) (params, error) {
	var p params
	f, ok := s["facade"].(map[string]any)
	if !ok {
		return p, fmt.Errorf("x-issuerkit-go.facade: missing (errorBody: problem|bank, apiVersion: bool)")
	}
	p.Body, _ = f["errorBody"].(string)
	if p.Body != "problem" && p.Body != "bank" {
		return p, fmt.Errorf("x-issuerkit-go.facade.errorBody: %q, want problem or bank", p.Body)
	}
	switch v := f["apiVersion"]; v {
	case nil, false:
	case true:
		p.Version = "option"
	case "implied":
		p.Version = "implied"
	default:
		return p, fmt.Errorf("x-issuerkit-go.facade.apiVersion: %v, want true, false or implied", v)
	}
	for k := range f {
		if k != "errorBody" && k != "apiVersion" {
			return p, fmt.Errorf("x-issuerkit-go.facade.%s: unknown key", k)
		}
	}
	return p, nil
}
