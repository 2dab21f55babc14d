package cardplatform

import (
	"context"

	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
)

// DefaultAPIVersion is the {version} path segment sent unless WithAPIVersion says otherwise.
const DefaultAPIVersion = "v1"

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
