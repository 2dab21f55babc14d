package cardplatform

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"

	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
)

// DefaultAPIVersion is the {version} path segment sent unless WithAPIVersion says otherwise.
const DefaultAPIVersion = "v1"

// GetCard returns the card addressed by its proxy.
func (c *Client) GetCard(ctx context.Context, cardProxy string) (*CardDTO, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/api/"+url.PathEscape(c.version)+"/cards/"+url.PathEscape(cardProxy), nil)
	if err != nil {
		return nil, err
	}
	return sdkclient.JSON[CardDTO](c.pipeline.Do(req))
}

// CreateDisbursement creates the person, account and instrument of a payout and moves the
// funds; the platform queues it for processing. It moves money, so it is sent once and never
// re-sent: when it fails after it may have reached the platform, the error matches
// ErrOutcomeUnknown and carries the correlation id to reconcile with before trying again.
func (c *Client) CreateDisbursement(ctx context.Context, d DisbursementDTO) (*DisbursementResponse, error) {
	b, err := json.Marshal(d)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/api/"+url.PathEscape(c.version)+"/disbursements", bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	return sdkclient.JSON[DisbursementResponse](c.pipeline.Do(req))
}
