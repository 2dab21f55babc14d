package paging

import (
	"fmt"
	"slices"

	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
	"github.com/issuerkit/issuerkit-go/openapi/core"
)

// ParamPlacement says where the ACH and RTP inquiry endpoints (listAchTransactions,
// listRtpTransactions) get pageNumber and pageSize, and the ACH addenda endpoint
// (listAchAddenda) pageSize: in the single-page methods and in their iterators alike.
type ParamPlacement int

const (
	// InQuery sends them in the query string, the form of the design documents
	// (WithDocumentedAPI).
	InQuery ParamPlacement = iota
	// InBody sends them as members of the JSON request body, where the bank's current ACH
	// inquiry (2.1.2) and RTP inquiry (1.2.3) versions read them, and the addenda pageSize
	// as a string ("100"), as the bank's ACH origination file (1.3.4) declares it. The
	// default.
	InBody
)

// settingPlacement is the sdkclient setting key of WithPageParamsIn.
const settingPlacement = "paging.placement"

// WithPageParamsIn sets where ListACHTransactions, ListRTPTransactions and ListACHAddenda, and
// their iterators, send the page parameters: InBody (the default, the bank's published
// files; the addenda pageSize as a string) or InQuery (the documented form). The request
// types keep PageNumber and PageSize typed either way. The wire list endpoint always sends
// them in the body, its only published form. Most callers choose a whole form instead:
// the default, or WithDocumentedAPI.
func WithPageParamsIn(p ParamPlacement) Option {
	return func(c *sdkclient.Config) error {
		if p != InQuery && p != InBody {
			return fmt.Errorf("paging: WithPageParamsIn(%d): want InQuery or InBody", int(p))
		}
		return sdkclient.WithSetting(settingPlacement, p)(c)
	}
}

// WithKeyClientID sends id, the 32-character client id issued at onboarding (not the OAuth
// client id), in the KeyClientId header of every operation whose spec requires that header
// (the RTP participant endpoints): on every page an iterator requests, and on single calls
// whose request's KeyClientID is empty, unless the call gives its own with
// WithHeader("KeyClientId", id). A value with a control character is refused with
// ErrInvalidArgument.
func WithKeyClientID(id string) Option {
	return func(c *sdkclient.Config) error {
		for op := range operations.All() {
			if !slices.Contains(op.RequiredHeaders, keyClientIDHeader) {
				continue
			}
			if err := sdkclient.WithOperationHeader(op.ID, keyClientIDHeader, id)(c); err != nil {
				return err
			}
		}
		return nil
	}
}

// keyClientIDHeader is the header WithKeyClientID sets, as the spec names it.
const keyClientIDHeader = "KeyClientId"

// placement returns where the page parameters travel: the client's WithPageParamsIn, else
// InQuery with WithDocumentedAPI, else InBody (the bank as published).
func (c *Client) placement() ParamPlacement {
	if p, ok := c.core.Settings[settingPlacement].(ParamPlacement); ok {
		return p
	}
	if !c.published() {
		return InQuery
	}
	return InBody
}

// settingPublished is the sdkclient setting key of WithPublishedAPI and WithDocumentedAPI.
const settingPublished = "paging.published"

// WithPublishedAPI selects the bank's API as its published OpenAPI files describe it today.
// It is the default: the option states the choice and undoes an earlier WithDocumentedAPI.
// See WithDocumentedAPI for the operations that differ. pagingtest.WithPublishedAPI is the
// sandbox's switch.
func WithPublishedAPI() Option {
	return func(c *sdkclient.Config) error {
		if err := sdkclient.WithSetting(settingPublished, true)(c); err != nil {
			return err
		}
		return sdkclient.WithSetting(settingPlacement, InBody)(c)
	}
}

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
//     network with ErrInvalidArgument, naming the operation to use instead, since neither is
//     in the bank's files).
//
// Every other operation is the same in both forms. Options apply in order: a later
// WithPublishedAPI or WithPageParamsIn overrides what it sets. pagingtest.WithDocumentedAPI
// is the sandbox's switch.
func WithDocumentedAPI() Option {
	return func(c *sdkclient.Config) error {
		if err := sdkclient.WithSetting(settingPublished, false)(c); err != nil {
			return err
		}
		return sdkclient.WithSetting(settingPlacement, InQuery)(c)
	}
}

// published reports whether the client speaks the bank's published API (the default; false
// with WithDocumentedAPI).
func (c *Client) published() bool {
	p, ok := c.core.Settings[settingPublished].(bool)
	return p || !ok
}

// unpublished is the error of an operation the bank's published API does not have, called
// on a client in the published form (the default).
func unpublished(method, instead string) error {
	return fmt.Errorf("%w: paging: %s: the bank's published API has no such endpoint (WithDocumentedAPI sends it); %s",
		core.ErrInvalidArgument, method, instead)
}
