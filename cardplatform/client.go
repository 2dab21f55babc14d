package cardplatform

import (
	"context"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
)

// DefaultAPIVersion is the {version} path segment sent unless WithAPIVersion says otherwise.
const DefaultAPIVersion = "v1"

// Client calls the card platform. Create it with New; it is safe for concurrent use.
type Client struct {
	raw     *rawClient
	version Version
}

// New returns a client for the platform at baseURL (for example
// "https://platform.example.com"; the /api/{version} prefix is added by the client).
func New(baseURL string, opts ...Option) (*Client, error) {
	p, base, cfg, err := sdkclient.Build(baseURL, sdkclient.API{
		DecodeError:    apierror.DecodeProblem,
		Operations:     operations,
		DefaultVersion: DefaultAPIVersion,
	}, opts)
	if err != nil {
		return nil, err
	}
	raw, err := newRawClient(base, withRawHTTPClient(p))
	if err != nil {
		return nil, err
	}
	return &Client{raw: raw, version: cfg.APIVersion}, nil
}

// GetCard returns the card addressed by its proxy.
func (c *Client) GetCard(ctx context.Context, cardProxy string) (*CardDTO, error) {
	return sdkclient.JSON[CardDTO](c.raw.GetCard(ctx, c.version, cardProxy))
}

// CreateDisbursement creates the person, account and instrument of a payout and moves the
// funds; the platform queues it for processing. It moves money, so it is sent once and never
// re-sent: when it fails after it may have reached the platform, the error matches
// ErrOutcomeUnknown and carries the correlation id to reconcile with before trying again.
func (c *Client) CreateDisbursement(ctx context.Context, d DisbursementDTO) (*DisbursementResponse, error) {
	return sdkclient.JSON[DisbursementResponse](c.raw.CreateDisbursement(ctx, c.version, d))
}
