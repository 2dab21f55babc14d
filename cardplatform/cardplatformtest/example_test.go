package cardplatformtest_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/cardplatform/cardplatformtest"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// In a test, write srv := cardplatformtest.NewServer(t); a program uses Start and Close.
func ExampleStart() {
	srv, err := cardplatformtest.Start()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()
	_, err = srv.Client().GetCard(context.Background(), "0000000000000")
	fmt.Println(errors.Is(err, core.ErrNotFound))
	// Output: true
}

// A disbursement whose connection drops after the platform read it: the outcome is unknown,
// and the sandbox shows it received the request once.
func ExampleServer_FailNext() {
	srv, err := cardplatformtest.Start()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()
	if err := srv.FailNext("CreateDisbursement", 1, cardplatformtest.Fault{Drop: true}); err != nil {
		fmt.Println(err)
		return
	}
	_, err = srv.Client().CreateDisbursement(context.Background(), cardplatform.DisbursementDTO{})
	fmt.Println(errors.Is(err, core.ErrOutcomeUnknown), len(srv.RequestsFor("CreateDisbursement")))
	// Output: true 1
}
