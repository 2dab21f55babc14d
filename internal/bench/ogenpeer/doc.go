// Package ogenpeer holds the decode benchmarks that compare the SDK's generated models with
// ogen's (github.com/ogen-go/ogen, its own jx-based codec), stock oapi-codegen's
// (internal/bench/oapiclient) and encoding/json, the generated ones from the same spec,
// openapi/cardplatform.yaml. It is a module of its own so that the SDK's go.mod gains
// nothing that only a benchmark needs; ogen is pinned as a tool in this module's go.mod.
// Regenerate the peer (ogenapi/) with:
//
//	go -C internal/bench/ogenpeer generate ./...   (from the repository root)
//
// and run one pass of the comparison with the command below; internal/bench/README.md has
// the interleaved rounds behind the published figures.
//
//	go -C internal/bench/ogenpeer test -run '^$' -bench DecodePage -benchmem
package ogenpeer

//go:generate go tool ogen -config ogen.yml -package ogenapi -target ogenapi -clean ../../../openapi/cardplatform.yaml
