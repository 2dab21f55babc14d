package cardplatform

import (
	"context"
	"net/http"

	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// UpdateCardResult is the answer to UpdateCard: 200 with the updated card, or 201 with no body.
type UpdateCardResult struct {
	// StatusCode is 200 or 201.
	StatusCode int
	// Card is the 200 body; nil after a 201.
	Card *CreateCardResponse
}

// UpdateCard sends POST /api/{version}/cards/update: updates a card's supplemental details. The
// platform answers 200 with the card or 201 with no body; both are success.
//
// It changes state, so it is never re-sent once it may have reached the server: such a failure
// returns an error matching [core.ErrOutcomeUnknown], settled by the read-back below.
//
// If its outcome is unknown ([core.ErrOutcomeUnknown]), read back with GetCard: supplemental_details
// read back equal to those sent means the update is in effect, unless they already were before
// sending. Client.SnapshotUpdateCard (before sending) and Client.SettleUpdateCard run it.
//
// Every non-2xx answer is a *[core.Error]: 400 with a ProblemDetails body (*[core.Problem],
// [core.ErrBadRequest]), 401 ([core.ErrUnauthorized]), 500 without a body ([core.ErrServerError]).
func (c *Client) UpdateCard(ctx context.Context, body UpdateCardRequest, opts ...core.CallOption) (*UpdateCardResult, error) {
	r := sdkclient.Request{Op: opUpdateCard, Path: "/api/" + c.core.APIVersion + "/cards/update", Body: body}
	resp, err := sdkclient.Send(ctx, &c.core, r, opts)
	if err != nil {
		return nil, err
	}
	out := &UpdateCardResult{StatusCode: resp.StatusCode}
	if resp.StatusCode == http.StatusCreated {
		sdkclient.DrainAndClose(resp.Body)
		return out, nil
	}
	if out.Card, err = sdkclient.JSON[CreateCardResponse](resp, nil); err != nil {
		return nil, err
	}
	return out, nil
}
