package cardplatform_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"

	"github.com/issuerkit/issuerkit-go/cardplatform"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// A disbursement moves money: it is sent once. When the answer is lost (here a 502 from a
// gateway), the error matches ErrOutcomeUnknown and carries the correlation id the call was
// sent with; settle it with its read-back (SnapshotDisbursement, SettleDisbursement) before
// trying again, never just re-send.
func ExampleClient_CreateDisbursement() {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			w.WriteHeader(http.StatusBadGateway) // the platform may or may not have queued it
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusCreated)
		_, _ = io.WriteString(w, `{"disbursement_guid":"3fa85f64-5717-4562-b3fc-2c963f66afa6","amount":250.75,"status":"QUEUED"}`)
	}))
	defer srv.Close()
	c, err := cardplatform.New(srv.URL, core.WithStaticToken("token"))
	if err != nil {
		panic(err)
	}
	req := cardplatform.DisbursementDTO{
		Amount:            core.NewDecimalFromInt(25075, 2),
		ClientReferenceID: "payout-2024-0001",
	}

	_, err = c.CreateDisbursement(context.Background(), req, core.WithCorrelationID("payout-2024-0001"))
	var unknown *core.OutcomeUnknownError
	if errors.As(err, &unknown) {
		fmt.Println("outcome unknown, settle before sending again", unknown.CorrelationID, "; sent", calls.Load(), "time(s)")
	}

	// After settling (the read-back proved it not committed), send again under a new id and keep the
	// response metadata.
	var meta core.Response
	d, err := c.CreateDisbursement(context.Background(), req,
		core.WithCorrelationID("payout-2024-0001-b"), core.WithResponseInto(&meta))
	if err != nil {
		panic(err)
	}
	fmt.Println(d.Status, d.Amount, meta.StatusCode, meta.CorrelationID)
	// Output:
	// outcome unknown, settle before sending again payout-2024-0001 ; sent 1 time(s)
	// QUEUED 250.75 201 payout-2024-0001-b
}
