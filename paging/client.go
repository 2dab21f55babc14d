package paging

import (
	"github.com/issuerkit/issuerkit-go/internal/apierror"
	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
)

// Client calls the bank's list endpoints. Create it with New; it is safe for concurrent use.
type Client struct {
	raw *rawClient
}

// New returns a client for the bank at baseURL (for example "https://partner-api.bank.example").
func New(baseURL string, opts ...Option) (*Client, error) {
	p, base, _, err := sdkclient.Build(baseURL, sdkclient.API{
		DecodeError: apierror.DecodeBankError,
		Operations:  operations,
	}, opts)
	if err != nil {
		return nil, err
	}
	raw, err := newRawClient(base, withRawHTTPClient(p))
	if err != nil {
		return nil, err
	}
	return &Client{raw: raw}, nil
}
