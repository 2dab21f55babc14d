package cardplatformfake_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformfake"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// The case that matters most: the platform ran the disbursement, then the answer was lost.
// The client reports ErrOutcomeUnknown and never sends it again; the correlation id your code
// chose is the one the fake saw, the key to settle the payout later.
func Example_answerLost() {
	ran := 0
	f := &cardplatformfake.Fake{
		CreateDisbursement: func(ctx context.Context, body cardplatform.DisbursementDTO) (*cardplatform.DisbursementResponse, error) {
			ran++
			return nil, cardplatformfake.ErrAnswerLost
		},
	}
	c := f.Client()
	_, err := c.CreateDisbursement(context.Background(), cardplatform.DisbursementDTO{ClientReferenceID: "ref-1"},
		core.WithCorrelationID("payout-ref-1"))
	fmt.Println(errors.Is(err, core.ErrOutcomeUnknown), ran, f.Calls()[0].CorrelationID)
	// Output: true 1 payout-ref-1
}
