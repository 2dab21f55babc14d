package cardplatformfake_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformfake"
	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var fast = core.WithRetry(core.RetryOptions{BaseDelay: 1, MaxDelay: 1})

// TestFakeServesTypedFunctions: the function gets the method's own typed arguments and its
// result goes through the client's real decoding (the card number is a masked Secret).
func TestFakeServesTypedFunctions(t *testing.T) {
	f := &cardplatformfake.Fake{
		GetCard: func(ctx context.Context, cardProxy string) (*cardplatform.CardDTO, error) {
			return &cardplatform.CardDTO{CardProxy: cardProxy, CardNumber: core.NewSecret("4111111111111111"), CardStatus: "ACTIVE"}, nil
		},
		SearchCards: func(ctx context.Context, req cardplatform.SearchCardsRequest) (*cardplatform.CardDTOSearchResponse, error) {
			if req.ProgramGUID.IsZero() || len(req.CardStatuses) != 2 || req.Limit != 5 || !req.GetRecentlyUsed {
				return nil, cardplatformfake.Problem(400, "arguments not decoded")
			}
			return &cardplatform.CardDTOSearchResponse{}, nil
		},
	}
	c := f.Client()
	_, err := c.GetCard(context.Background(), "proxy/1 x")
	require.Error(t, err, "a path argument with a separator is refused by the client before the fake")
	card, err := c.GetCard(context.Background(), "proxy 1")
	require.NoError(t, err)
	assert.Equal(t, "proxy 1", card.CardProxy)
	assert.Equal(t, "4111111111111111", card.CardNumber.Reveal())
	assert.Equal(t, "************1111", card.CardNumber.String())

	_, err = c.SearchCards(context.Background(), cardplatform.SearchCardsRequest{
		ProgramGUID:  core.NewGUID(),
		CardStatuses: []cardplatform.CardStatus{cardplatform.CardStatusPENDING, "ACTIVE"},
		Limit:        5, GetRecentlyUsed: true,
	})
	require.NoError(t, err)
}

// TestFakeUnsetAndWireErrors: an unset function answers 501 naming the method; Problem
// builds the platform's real ProblemDetails error.
func TestFakeUnsetAndWireErrors(t *testing.T) {
	f := &cardplatformfake.Fake{
		GetCard: func(context.Context, string) (*cardplatform.CardDTO, error) {
			return nil, cardplatformfake.Problem(404, "Card not found")
		},
	}
	c := f.Client()
	_, err := c.GetAccount(context.Background(), core.NewGUID())
	var e *core.Error
	require.True(t, errors.As(err, &e), "%v", err)
	assert.Equal(t, 501, e.StatusCode)
	assert.Contains(t, err.Error(), "not faked: GetAccount")

	_, err = c.GetCard(context.Background(), "p1")
	assert.ErrorIs(t, err, core.ErrNotFound)
	var pe *core.Problem
	require.True(t, errors.As(err, &pe))
	assert.Equal(t, "Card not found", pe.Title)
}

// TestFakeAnswerLost: the operation ran, then its answer was lost. A disbursement is
// ErrOutcomeUnknown with the correlation id the call was made with, never re-sent; a safe read
// is retried.
func TestFakeAnswerLost(t *testing.T) {
	var ran, reads atomic.Int32
	f := &cardplatformfake.Fake{
		CreateDisbursement: func(ctx context.Context, body cardplatform.DisbursementDTO) (*cardplatform.DisbursementResponse, error) {
			ran.Add(1)
			call, ok := cardplatformfake.CallFrom(ctx)
			if !ok || call.CorrelationID != "payout-42" || body.ClientReferenceID != "ref-1" {
				return nil, cardplatformfake.Problem(400, "unexpected call")
			}
			return nil, cardplatformfake.ErrAnswerLost
		},
		GetCard: func(ctx context.Context, cardProxy string) (*cardplatform.CardDTO, error) {
			if reads.Add(1) == 1 {
				return nil, cardplatformfake.ErrAnswerLost
			}
			return &cardplatform.CardDTO{CardProxy: cardProxy}, nil
		},
	}
	c := f.Client(fast)
	_, err := c.CreateDisbursement(context.Background(), cardplatform.DisbursementDTO{
		ClientReferenceID: "ref-1", Amount: core.NewDecimalFromInt(1250, 2),
	}, core.WithCorrelationID("payout-42"), core.WithHeader("X-Tenant", "acme"))
	require.ErrorIs(t, err, core.ErrOutcomeUnknown)
	var ou *core.OutcomeUnknownError
	require.True(t, errors.As(err, &ou))
	assert.Equal(t, "payout-42", ou.CorrelationID)
	assert.EqualValues(t, 1, ran.Load(), "never re-sent")

	calls := f.Calls()
	require.Len(t, calls, 1)
	assert.Equal(t, "createDisbursement", calls[0].OperationID)
	assert.Equal(t, "payout-42", calls[0].CorrelationID)
	assert.Equal(t, "acme", calls[0].RevealHeader().Get("X-Tenant"), "a test reads the options the call was made with")
	assert.Empty(t, calls[0].RevealHeader().Get("Authorization"))
	assert.Equal(t, "REDACTED", calls[0].Header.Get("X-Tenant"), "a header the SDK knows nothing of prints masked")
	assert.JSONEq(t, `{"amount":12.50,"client_reference_id":"ref-1"}`, string(calls[0].RevealBody()), "RevealBody returns the body as sent")

	card, err := c.GetCard(context.Background(), "p1")
	require.NoError(t, err)
	assert.Equal(t, "p1", card.CardProxy)
	assert.EqualValues(t, 2, reads.Load(), "a safe read is retried after a lost answer")
	assert.Equal(t, 2, f.Calls()[2].Attempt)
}
