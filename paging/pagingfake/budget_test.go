package pagingfake_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingfake"
	"github.com/issuerkit/issuerkit-go/validation"
	"github.com/issuerkit/issuerkit-go/validation/validationfake"
)

// TestFakeLockoutStaysInItsFake: a paging fake answering 429 with Retry-After locks out the
// clients of that fake only, not another paging fake nor a validation fake (the fakes used to
// share one budget: one origin, one token); a test that wants two fakes to share one budget
// gives their clients the same WithCredentialID.
func TestFakeLockoutStaysInItsFake(t *testing.T) {
	ctx := context.Background()
	rtp := func(context.Context, paging.ListRTPParticipantsRequest) (*paging.ParticipantListResponse, error) {
		return &paging.ParticipantListResponse{}, nil
	}
	limited := &pagingfake.Fake{ListRTPParticipants: func(context.Context, paging.ListRTPParticipantsRequest) (*paging.ParticipantListResponse, error) {
		return nil, pagingfake.BankError(429, "Too Many Requests", time.Minute)
	}}
	lc := limited.Client(paging.WithKeyClientID("client-1"))
	if _, err := lc.ListRTPParticipants(ctx, paging.ListRTPParticipantsRequest{Limit: 10}); !errors.Is(err, core.ErrRateLimited) {
		t.Fatalf("429 fake: err = %v, want ErrRateLimited", err)
	}
	var le *core.LockoutError
	if _, err := lc.ListRTPParticipants(ctx, paging.ListRTPParticipantsRequest{Limit: 10}); !errors.As(err, &le) {
		t.Fatalf("the 429 fake's own client: err = %v, want *LockoutError", err)
	}

	other := &pagingfake.Fake{ListRTPParticipants: rtp}
	oc := other.Client(paging.WithKeyClientID("client-1"))
	if _, err := oc.ListRTPParticipants(ctx, paging.ListRTPParticipantsRequest{Limit: 10}); err != nil {
		t.Errorf("another paging fake: %v (locked out by the first fake's 429)", err)
	}
	vf := &validationfake.Fake{VerifyAccount: func(context.Context, validation.Inquiry) (*validation.Result, error) {
		return &validation.Result{ErrorCode: "000"}, nil
	}}
	vc := vf.Client()
	inq := validation.Inquiry{SecondaryID: "SEC0001", RoutingNumber: "011000015", AccountNumber: core.NewSecret("123456789")}
	if _, err := vc.VerifyAccount(ctx, inq); err != nil {
		t.Errorf("a validation fake: %v (locked out by the paging fake's 429)", err)
	}

	// Asked to share (one credential id), a paging fake and a validation fake share one budget.
	shared := &pagingfake.Fake{ListRTPParticipants: func(context.Context, paging.ListRTPParticipantsRequest) (*paging.ParticipantListResponse, error) {
		return nil, pagingfake.BankError(429, "Too Many Requests", time.Minute)
	}}
	sc := shared.Client(paging.WithKeyClientID("client-1"), paging.WithCredentialID(t.Name()))
	vc2 := vf.Client(validation.WithCredentialID(t.Name()))
	if _, err := sc.ListRTPParticipants(ctx, paging.ListRTPParticipantsRequest{Limit: 10}); !errors.Is(err, core.ErrRateLimited) {
		t.Fatalf("shared 429 fake: err = %v, want ErrRateLimited", err)
	}
	var vle *core.LockoutError
	if _, err := vc2.VerifyAccount(ctx, inq); !errors.As(err, &vle) {
		t.Errorf("a validation fake sharing the credential id: err = %v, want *LockoutError", err)
	}
}
