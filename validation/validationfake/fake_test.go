package validationfake_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/issuerkit/issuerkit-go/validation/validationfake"
)

var inq = validation.Inquiry{SecondaryID: "SEC0001", RoutingNumber: "011000015",
	AccountNumber: core.NewSecret("123456789")}

// TestFakeVerifyAccount: Client.VerifyAccount's real encoding reaches the fake's
// VerifyAccount with the Inquiry as sent (ServiceType filled in by the client); the Result it
// returns is decoded by the real client; the correlation id of the call is readable.
func TestFakeVerifyAccount(t *testing.T) {
	var got validation.Inquiry
	var corr string
	f := &validationfake.Fake{
		VerifyAccount: func(ctx context.Context, inq validation.Inquiry) (*validation.Result, error) {
			got = inq
			call, _ := validationfake.CallFrom(ctx)
			corr = call.CorrelationID
			return &validation.Result{ErrorCode: "000"}, nil
		},
	}
	c := f.Client()
	res, err := c.VerifyAccount(context.Background(), inq, core.WithCorrelationID("corr-1"))
	if err != nil {
		t.Fatal(err)
	}
	if res.ErrorCode != "000" {
		t.Errorf("ErrorCode = %q", res.ErrorCode)
	}
	if got.AccountNumber.Reveal() != "123456789" || got.ServiceType != validation.ServiceTypeOwner {
		t.Errorf("inquiry received: %+v", got)
	}
	if corr != "corr-1" {
		t.Errorf("correlation id %q, want corr-1", corr)
	}
	if calls := f.Calls(); len(calls) != 1 || calls[0].OperationID != "verifyAccountV2" {
		t.Errorf("calls: %+v", calls)
	}
}

// TestFakeVerifyAccountV1AndErrors: a v1 client reaches the same VerifyAccount; an unset
// field is a 501 naming the method; BankError and ErrAnswerLost (a read: retried) reach the
// client as the real wire would.
func TestFakeVerifyAccountV1AndErrors(t *testing.T) {
	n := 0
	f := &validationfake.Fake{
		VerifyAccount: func(ctx context.Context, inq validation.Inquiry) (*validation.Result, error) {
			n++
			switch n {
			case 1:
				return &validation.Result{ErrorCode: "000"}, nil
			case 2:
				return nil, validationfake.ErrAnswerLost
			}
			return nil, validationfake.BankError(404, "no such account", 0)
		},
	}
	v1 := f.Client(validation.WithDocumentedAPI())
	if _, err := v1.VerifyAccount(context.Background(), inq); err != nil {
		t.Fatalf("v1: %v", err)
	}
	v2 := f.Client(core.WithRetry(core.RetryOptions{BaseDelay: time.Millisecond, MaxDelay: time.Millisecond}))
	_, err := v2.VerifyAccount(context.Background(), inq)
	if !errors.Is(err, core.ErrNotFound) || n != 3 {
		t.Errorf("err = %v after %d calls, want ErrNotFound after a lost answer and a retry", err, n)
	}
	if ops := []string{f.Calls()[0].OperationID, f.Calls()[1].OperationID}; ops[0] != "verifyAccount" || ops[1] != "verifyAccountV2" {
		t.Errorf("operations %v", ops)
	}

	unset := (&validationfake.Fake{}).Client()
	_, err = unset.VerifyAccount(context.Background(), inq)
	var e *core.Error
	if !errors.As(err, &e) || e.StatusCode != 501 || !strings.Contains(err.Error(), "not faked: VerifyAccount") {
		t.Fatalf("unset field: %v, want a 501 naming VerifyAccount", err)
	}
}
