package validation_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/issuerkit/issuerkit-go/validation/validationtest"
)

// VerifyAccount checks an inquiry against the service's own rules before sending it, and
// returns typed outcomes: the account state, the owner match and the score.
func ExampleClient_VerifyAccount() {
	srv, err := validationtest.Start()
	if err != nil {
		panic(err)
	}
	defer srv.Close()
	ctx := context.Background()

	res, err := srv.Client().VerifyAccount(ctx, validation.Inquiry{
		SecondaryID:   validationtest.SecondaryID,
		RoutingNumber: validationtest.RoutingNumber,
		AccountNumber: core.NewSecret(validationtest.AccountPerson),
		AcctOwner:     validation.AcctOwner{FirstName: "Pat", LastName: "Lee"},
	})
	if err != nil {
		panic(err)
	}
	score, _ := res.Score()
	st := res.AcctStatus.PrimaryStatusCode
	fmt.Println(res.Account(), res.OwnerMatched(), score, string(st)+":", st)

	// A bad inquiry never reaches the network: every problem, with the service's errorCode.
	_, err = srv.Client().VerifyAccount(ctx, validation.Inquiry{
		SecondaryID:   validationtest.SecondaryID,
		RoutingNumber: "011000016", // wrong check digit
		AccountNumber: core.NewSecret("0012-34"),
	})
	var ie *validation.InquiryError
	if errors.As(err, &ie) {
		for _, code := range ie.Codes() {
			fmt.Println(string(code)+":", code)
		}
	}
	// Output:
	// open true 100 099: account is in the participant's master account file with no other status code
	// 001: invalid routing number
	// 003: invalid account number
}
