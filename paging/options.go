package paging

import (
	"fmt"
	"slices"

	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
	"github.com/issuerkit/issuerkit-go/internal/settings"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// WithKeyClientID sends id, the 32-character client id issued at onboarding (not the OAuth
// client id), in the KeyClientId header of every operation whose spec requires that header
// (the RTP participant endpoints): on every page an iterator requests, and on single calls
// whose request's KeyClientID is empty, unless the call gives its own with
// core.WithHeader("KeyClientId", id). A value with a control character is refused with
// [core.ErrInvalidArgument].
func WithKeyClientID(id string) core.Option {
	return sdkclient.Own("paging", "WithKeyClientID", func(c *settings.Client) error {
		for op := range operations.All() {
			if !slices.Contains(op.RequiredHeaders, keyClientIDHeader) {
				continue
			}
			if err := sdkclient.WithOperationHeader(op.ID, keyClientIDHeader, id)(c); err != nil {
				return err
			}
		}
		return nil
	})
}

// keyClientIDHeader is the header WithKeyClientID sets, as the spec names it.
const keyClientIDHeader = "KeyClientId"

// settingPublished is the sdkclient setting key of WithDocumentedAPI.
const settingPublished = "paging.published"

// WithDocumentedAPI selects the form of the bank's list documentation (the design
// documents) instead of the bank's published files, for a bank that still serves it. The
// operations that differ:
//
//   - ListACHTransactions, ListRTPTransactions and their iterators: pageNumber and pageSize in
//     the query string (published: members of the JSON body);
//   - ListACHAddenda and its iterator: pageSize in the query string as a number (published: a
//     body member, as text);
//   - ListWireTransactions (POST /wireInquiry/v1/transactions/details) and
//     ListPreviousDayTransactions (POST /ddaReports): sent (published: refused before the
//     network with [core.ErrInvalidArgument], naming the operation to use instead, since neither is
//     in the bank's files).
//
// Every other operation is the same in both forms. The request types keep PageNumber and
// PageSize typed either way. pagingtest.WithDocumentedAPI is the sandbox's switch.
func WithDocumentedAPI() core.Option {
	return sdkclient.Own("paging", "WithDocumentedAPI", sdkclient.WithSetting(settingPublished, false))
}

// published reports whether the client speaks the bank's published API (the default; false
// with WithDocumentedAPI): page parameters in the body (the addenda pageSize as text), where
// the bank's current ACH inquiry (2.1.2) and RTP inquiry (1.2.3) versions and its ACH
// origination file (1.3.4) read them; with WithDocumentedAPI in the query.
func (c *Client) published() bool {
	p, ok := c.core.Package[settingPublished].(bool)
	return p || !ok
}

// unpublished is the error of an operation the bank's published API does not have, called
// on a client in the published form (the default).
func unpublished(method, instead string) error {
	return fmt.Errorf("%w: paging: %s: the bank's published API has no such endpoint (WithDocumentedAPI sends it); %s",
		core.ErrInvalidArgument, method, instead)
}
