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
//go:generate go tool -modfile=internal/tools/go.mod oapi-codegen -config openapi/bench.codegen.yaml openapi/cardplatform.yaml
//go:generate go -C internal/tools run ./encodergen -dir ../../cardplatform
//go:generate go -C internal/tools run ./encodergen -dir ../../validation
//go:generate go -C internal/tools run ./encodergen -dir ../../paging
//go:generate go -C internal/tools run ./opsgen -spec ../../openapi/cardplatform.yaml -package cardplatform -out ../../cardplatform/operations.gen.go
//go:generate go -C internal/tools run ./opsgen -spec ../../openapi/validation.yaml -package validation -out ../../validation/operations.gen.go
//go:generate go -C internal/tools run ./opsgen -spec ../../openapi/banklists.yaml -package paging -out ../../paging/operations.gen.go
//go:generate go -C internal/tools run ./clientgen -spec ../../openapi/cardplatform.yaml -config ../../openapi/cardplatform.codegen.yaml -out ../../cardplatform/client.gen.go -iterators ../../cardplatform/iterators.gen.go -fake ../../cardplatform/cardplatformfake/fake.gen.go -fake-problem -settle ../../cardplatform/settle.gen.go -settle-sandbox ../../cardplatform/cardplatformtest/settle.gen.go
//go:generate go -C internal/tools run ./clientgen -spec ../../openapi/validation.yaml -config ../../openapi/validation.codegen.yaml -out ../../validation/client.gen.go
//go:generate go -C internal/tools run ./clientgen -spec ../../openapi/banklists.yaml -config ../../openapi/banklists.codegen.yaml -out ../../paging/client.gen.go -iterators ../../paging/iterators.gen.go -fake ../../paging/pagingfake/fake.gen.go
//go:generate go -C internal/tools run ./codesgen -spec ../../openapi/validation.yaml -package validation -types ErrorCode,ConditionCode,PrimaryStatusCode,MatchCode -out ../../validation/codes.gen.go
//go:generate go tool -modfile=internal/tools/go.mod oapi-codegen -config openapi/validation.server.codegen.yaml openapi/validation.yaml
//go:generate go -C internal/tools run ./gen -spec ../../openapi/cardplatform.yaml -config ../../openapi/cardplatform.codegen.yaml -package cardplatform -dir ../../cardplatform
//go:generate go -C internal/tools run ./gen -spec ../../openapi/validation.yaml -config ../../openapi/validation.codegen.yaml -package validation -dir ../../validation
//go:generate go -C internal/tools run ./gen -spec ../../openapi/banklists.yaml -config ../../openapi/banklists.codegen.yaml -package paging -dir ../../paging
