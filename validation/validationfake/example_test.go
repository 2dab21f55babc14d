package validationfake_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/issuerkit/issuerkit-go/validation/validationfake"
)

// The fake answers VerifyAccount with a function of the Inquiry your code sent, returning the
// Result the bank would. A Result with another errorCode than 000 reaches your
// code as the real client reports it, a *ResultError.
func Example() {
	f := &validationfake.Fake{
		VerifyAccount: func(ctx context.Context, inq validation.Inquiry) (*validation.Result, error) {
			if inq.AccountNumber.Reveal() == "999999999" {
				return &validation.Result{ErrorCode: validation.ErrorCodeAccountNumberLengthIncorrect}, nil
			}
			var res validation.Result
			res.ErrorCode = validation.ErrorCodeNoError
			res.AcctStatus.PrimaryStatusCode = validation.PrimaryStatusCodeInMasterFile
			return &res, nil
		},
	}
	c := f.Client()
	ctx := context.Background()
	inq := validation.Inquiry{SecondaryID: "SEC0001", RoutingNumber: "011000015",
		AccountNumber: core.NewSecret("123456789")}
	res, err := c.VerifyAccount(ctx, inq)
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Account())

	inq.AccountNumber = core.NewSecret("999999999")
	_, err = c.VerifyAccount(ctx, inq)
	var re *validation.ResultError
	fmt.Println(errors.As(err, &re))
	// Output:
	// open
	// true
}
