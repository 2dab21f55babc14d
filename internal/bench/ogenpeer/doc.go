// Package ogenpeer holds the decode benchmarks that compare the SDK's generated models with
// ogen's (github.com/ogen-go/ogen, its own jx-based codec) and encoding/json, generated from the
// same spec, openapi/cardplatform.yaml. It is a module of its own so that the SDK's go.mod gains
// nothing that only a benchmark needs; ogen is pinned as a tool in this module's go.mod.
// Regenerate the peer (ogenapi/) with:
//
//	go generate ./internal/bench/ogenpeer/   (from the repository root)
//
// and run the comparison with (interleaved rounds, see README.md, Benchmarks):
//
//	go test -C internal/bench/ogenpeer -run '^$' -bench DecodePage -benchmem -count 6
package ogenpeer

//go:generate go tool ogen -config ogen.yml -package ogenapi -target ogenapi -clean ../../../openapi/cardplatform.yaml
