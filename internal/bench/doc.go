// Package bench is the benchmark module of issuerkit-go: the benchmarks that compare the SDK
// with other clients of the same spec (openapi/cardplatform.yaml). It is a module of its own,
// so that the SDK's go.mod gains nothing that only a benchmark needs, and the peers' code is
// generated here at benchmark time, never committed: ogen and oapi-codegen are pinned as
// tools in this module's go.mod, and
//
//	go -C internal/bench generate .    (from the repository root)
//
// writes ogen's client into peers/ogenapi and stock oapi-codegen's into peers/oapiclient, a
// folder git ignores. Then run the benchmarks, for instance one pass of each:
//
//	go -C internal/bench test -run . -bench . -benchtime 1x ./...
//
// The module replaces github.com/issuerkit/issuerkit-go with the checkout it sits in (../..),
// so the benchmarks measure the working tree. README.md has the interleaved commands and the
// figures.
package bench

//go:generate go tool ogen -config ogen.yml -package ogenapi -target peers/ogenapi -clean ../../openapi/cardplatform.yaml
//go:generate go tool oapi-codegen -config oapiclient.codegen.yaml ../../openapi/cardplatform.yaml
