package user

import (
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/validation"
)

// Clients builds the clients with 0.1.0's switches.
func Clients(url string) {
	_, _ = validation.New(url, validation.WithAPIVersion2(), validation.WithStaticToken("t"))
	_, _ = validation.New(url, validation.WithStaticToken("t"), validation.WithPublishedAPI())
	_, _ = validation.New(url, validation.WithAPIVersion(validation.V1))
	_, _ = validation.New(url, validation.WithAPIVersion("v2"))
	opts := []paging.Option{
		paging.WithPublishedAPI(),
	}
	opts = append(opts, paging.WithPageParamsIn(paging.InQuery), paging.WithPageParamsIn(paging.InBody))
	_, _ = paging.New(url, opts...)
}
