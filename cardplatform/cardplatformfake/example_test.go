package cardplatformfake_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformfake"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// cardIsUsable is the code under test: it takes the real *cardplatform.Client. No interface
// is needed to test it; a consumer that wants one declares the small interface it uses.
func cardIsUsable(ctx context.Context, c *cardplatform.Client, proxy string) (bool, error) {
	card, err := c.GetCard(ctx, proxy)
	if errors.Is(err, core.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return card.CardStatus == "ACTIVE", nil
}

// A unit test of your code's branches: the fake answers GetCard with a function, through the
// client's real decoding and error types; a 404 is the platform's real ProblemDetails.
func Example() {
	f := &cardplatformfake.Fake{
		GetCard: func(ctx context.Context, cardProxy string) (*cardplatform.CardDTO, error) {
			if cardProxy == "missing" {
				return nil, cardplatformfake.Problem(404, "Card not found")
			}
			return &cardplatform.CardDTO{CardProxy: cardProxy, CardStatus: "ACTIVE"}, nil
		},
	}
	c := f.Client()
	ctx := context.Background()
	fmt.Println(cardIsUsable(ctx, c, "proxy-1"))
	fmt.Println(cardIsUsable(ctx, c, "missing"))
	_, err := c.GetAccount(ctx, core.NewGUID())
	fmt.Println(err != nil, f.Calls()[2].OperationID)
	// Output:
	// true <nil>
	// false <nil>
	// true getAccount
}
