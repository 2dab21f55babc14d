package validation

import (
	"context"
	"crypto/tls"
	"net/http"

	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
	"github.com/issuerkit/issuerkit-go/internal/transport"
	"golang.org/x/oauth2"
)

// VerifyAccount sends POST /accounts/validations/v1/verifyAccount: inq wrapped in the service's
// envelopes, and returns the result record. Business outcomes (errorCode, conditionCode,
// primaryStatusCode, match codes) come back in the Result of a 200; HTTP failures are typed
// errors (*Error unwrapping to *BankError). It is a read: retried after a connection failure or
// a 408, 429, 500, 502, 503 or 504 answer.
func (c *Client) VerifyAccount(ctx context.Context, inq Inquiry, opts ...CallOption) (*Result, error) {
	body := VerifyAccountRequest{AccountValidationRequest: AccountValidationRequest{AOARequest: AOARequest{Inquiry: inq}}}
	r := sdkclient.Request{Op: opVerifyAccount, Path: "/accounts/validations/v1/verifyAccount", Body: body}
	res, err := sdkclient.Call[VerifyAccountResponse](ctx, &c.core, r, opts)
	if err != nil {
		return nil, err
	}
	return &res.AccountValidationResponse.AOAResponse.Result, nil
}

var opVerifyAccount = operations.Op("verifyAccount")

// BankCredentials are what the bank issues at onboarding for its token flow.
type BankCredentials = transport.BankCredentials

// BankTokenSource returns a cached, refreshing token source for the bank's client-credentials
// flow (POST {baseURL}/oauth/v1/token over mutual TLS). Pass it to WithTokenSource.
func BankTokenSource(ctx context.Context, baseURL string, cred BankCredentials, tlsConfig *tls.Config, hc *http.Client) (oauth2.TokenSource, error) {
	return transport.BankTokenSource(ctx, baseURL, cred, tlsConfig, hc)
}
