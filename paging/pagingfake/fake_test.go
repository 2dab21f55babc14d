package pagingfake_test

import (
	"context"
	"testing"

	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingfake"
)

// An operation whose spec lists several successes (200 or 206) is answered with the first:
// the fake used to answer status 0, which the client reported as a transport error.
func TestFakeAnswersOperationWithSeveralSuccesses(t *testing.T) {
	f := &pagingfake.Fake{
		GetCommercialAccount: func(ctx context.Context, accountID string, req paging.GetCommercialAccountRequest) (*paging.CommercialAccount, error) {
			return &paging.CommercialAccount{AccountID: accountID}, nil
		},
		ListCommercialAccounts: func(ctx context.Context, req paging.ListCommercialAccountsRequest) (*paging.CommercialAccountsResponse, error) {
			return &paging.CommercialAccountsResponse{}, nil
		},
	}
	c := f.Client()
	ctx := context.Background()
	acct, err := c.GetCommercialAccount(ctx, "acct-7", paging.GetCommercialAccountRequest{})
	if err != nil {
		t.Fatalf("GetCommercialAccount: %v", err)
	}
	if acct.AccountID != "acct-7" {
		t.Errorf("AccountID = %q, want acct-7", acct.AccountID)
	}
	if _, err := c.ListCommercialAccounts(ctx, paging.ListCommercialAccountsRequest{}); err != nil {
		t.Fatalf("ListCommercialAccounts: %v", err)
	}
}
