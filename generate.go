// Package issuerkit is the root of the issuerkit-go module. It holds no code: the SDK lives in
// the packages cardplatform, validation and paging. This file carries the go:generate lines
// that refresh every generated binding from the specs in openapi/:
//
//	go generate ./...
//
// The generator is pinned in internal/tools/go.mod and runs through `go tool`, so its own
// dependencies never enter the SDK's module graph.
package issuerkit

//go:generate go tool -modfile=internal/tools/go.mod oapi-codegen -config openapi/cardplatform.codegen.yaml openapi/cardplatform.yaml
//go:generate go tool -modfile=internal/tools/go.mod oapi-codegen -config openapi/cardplatform.server.codegen.yaml openapi/cardplatform.yaml
//go:generate go tool -modfile=internal/tools/go.mod oapi-codegen -config openapi/validation.codegen.yaml openapi/validation.yaml
//go:generate go tool -modfile=internal/tools/go.mod oapi-codegen -config openapi/banklists.codegen.yaml openapi/banklists.yaml
//go:generate go tool -modfile=internal/tools/go.mod oapi-codegen -config openapi/validation.server.codegen.yaml openapi/validation.yaml
//go:generate go -C internal/tools run ./gen -spec ../../openapi/cardplatform.yaml -config ../../openapi/cardplatform.codegen.yaml -package cardplatform -dir ../../cardplatform
//go:generate go -C internal/tools run ./gen -spec ../../openapi/validation.yaml -config ../../openapi/validation.codegen.yaml -package validation -dir ../../validation
//go:generate go -C internal/tools run ./gen -spec ../../openapi/banklists.yaml -config ../../openapi/banklists.codegen.yaml -package paging -dir ../../paging
