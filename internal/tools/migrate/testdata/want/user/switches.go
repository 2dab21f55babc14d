package user

import (
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/validation"
)

// Clients builds the clients with 0.1.0's switches.
func Clients(url string) {
	_, _ = validation.New(url, core.WithStaticToken("t"))
	_, _ = validation.New(url, core.WithStaticToken("t"))
	_, _ = validation.New(url, validation.WithDocumentedAPI())
	_, _ = validation.New(url)
	opts := []core.Option{}
	opts = append(opts, paging.WithDocumentedAPI())
	_, _ = paging.New(url, opts...)
}
