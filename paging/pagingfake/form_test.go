package pagingfake_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/issuerkit/issuerkit-go/openapi/core"
	"github.com/issuerkit/issuerkit-go/paging"
	"github.com/issuerkit/issuerkit-go/paging/pagingfake"
)

// The fake's functions get the page parameters typed in both forms: with the bank's published
// form (the default) they travel in the body, and the fake used to hand over PageNumber and
// PageSize 0 with the values left in Body.AdditionalProperties.
func TestFakeGetsTypedPageParametersInBothForms(t *testing.T) {
	for _, form := range []struct {
		name string
		opts []core.Option
	}{{"published (default)", nil}, {"documented", []core.Option{paging.WithDocumentedAPI()}}} {
		t.Run(form.name, func(t *testing.T) {
			var asked []string
			f := &pagingfake.Fake{
				ListACHTransactions: func(ctx context.Context, req paging.ListACHTransactionsRequest) (*paging.ACHListResponse, error) {
					asked = append(asked, fmt.Sprintf("ach %d/%d %d", req.PageNumber, req.PageSize, req.Body.AdditionalProperties.Len()))
					res := &paging.ACHListResponse{Transactions: []paging.ACHListTransaction{{ParNumber: fmt.Sprint(req.PageNumber)}}}
					res.Metadata.Page = paging.PageMetadata{PageNumber: req.PageNumber, PageSize: req.PageSize, TotalPages: 2, TotalRecords: 2, LastPage: req.PageNumber == 2}
					return res, nil
				},
				ListRTPTransactions: func(ctx context.Context, req paging.ListRTPTransactionsRequest) (*paging.RTPListResponse, error) {
					asked = append(asked, fmt.Sprintf("rtp %d/%d %d", req.PageNumber, req.PageSize, req.Body.AdditionalProperties.Len()))
					return &paging.RTPListResponse{}, nil
				},
				ListACHAddenda: func(ctx context.Context, req paging.ListACHAddendaRequest) (*paging.ACHAddendaResponse, error) {
					asked = append(asked, fmt.Sprintf("addenda %d %d", req.PageSize, req.Body.AdditionalProperties.Len()))
					return &paging.ACHAddendaResponse{}, nil
				},
			}
			c := f.Client(form.opts...)
			ctx := context.Background()
			n := 0
			for _, err := range c.ACHTransactions(ctx, paging.ACHListRequest{}, core.WithPageSize(1)) {
				if err != nil {
					t.Fatal(err)
				}
				n++
			}
			if _, err := c.ListRTPTransactions(ctx, paging.ListRTPTransactionsRequest{PageNumber: 3, PageSize: 9}); err != nil {
				t.Fatal(err)
			}
			if _, err := c.ListACHAddenda(ctx, paging.ListACHAddendaRequest{PageSize: 7}); err != nil {
				t.Fatal(err)
			}
			want := []string{"ach 1/1 0", "ach 2/1 0", "rtp 3/9 0", "addenda 7 0"}
			if n != 2 || fmt.Sprint(asked) != fmt.Sprint(want) {
				t.Errorf("%d items, fake saw %q, want %q", n, asked, want)
			}
		})
	}
}
