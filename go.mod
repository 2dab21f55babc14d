module github.com/issuerkit/issuerkit-go

go 1.25.0

require (
	github.com/google/uuid v1.6.0
	github.com/oapi-codegen/runtime v1.8.0
	github.com/stretchr/testify v1.12.1
	go.uber.org/goleak v1.3.0
	golang.org/x/oauth2 v0.36.0
	golang.org/x/time v0.14.0
)

require (
	github.com/apapsch/go-jsonmerge/v2 v2.0.0 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
)
