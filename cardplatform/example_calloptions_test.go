package cardplatform_test

import (
	"context"
	"fmt"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// disburser is the small interface a payout service declares for what it uses of the client.
type disburser interface {
	CreateDisbursement(ctx context.Context, body cardplatform.DisbursementDTO, opts ...core.CallOption) (*cardplatform.DisbursementResponse, error)
}

// recordingDisburser is a test's own fake of disburser: it keeps the options of each call.
type recordingDisburser struct{ got []core.CallSettings }

func (r *recordingDisburser) CreateDisbursement(_ context.Context, _ cardplatform.DisbursementDTO, opts ...core.CallOption) (*cardplatform.DisbursementResponse, error) {
	r.got = append(r.got, core.ReadCallOptions(opts...))
	return &cardplatform.DisbursementResponse{}, nil
}

// pay is the code under test: it must send its own correlation id with every disbursement.
func pay(ctx context.Context, d disburser, ref string) error {
	_, err := d.CreateDisbursement(ctx, cardplatform.DisbursementDTO{ClientReferenceID: ref},
		core.WithCorrelationID("payout-"+ref))
	return err
}

// A fake of your own interface reads the correlation id (and headers, timeout, retries) your
// code passed; with the generated cardplatformfake the same facts come from CallFrom(ctx).
func ExampleReadCallOptions() {
	r := &recordingDisburser{}
	if err := pay(context.Background(), r, "42"); err != nil {
		panic(err)
	}
	fmt.Println(r.got[0].CorrelationID)
	// Output: payout-42
}
