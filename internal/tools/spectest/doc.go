// Package spectest holds the tests of the OpenAPI specs in openapi/: each spec loads and
// validates with kin-openapi (examples included) and every operation follows the
// conventions of the specs (CONTRIBUTING.md, "Spec conventions"). It has no code of its own; run it
// from the repository root with
//
//	go -C internal/tools test ./spectest
package spectest
