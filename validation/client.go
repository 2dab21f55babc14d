package validation

import (
	"context"
	"crypto/tls"
	"net/http"

	"github.com/issuerkit/issuerkit-go/internal/apierror"
	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
	"github.com/issuerkit/issuerkit-go/internal/transport"
	"golang.org/x/oauth2"
)

// Client calls the account-validation service. Create it with New; it is safe for concurrent
// use.
type Client struct {
	raw *rawClient
}

// New returns a client for the service at baseURL (for example "https://partner-api.bank.example").
func New(baseURL string, opts ...Option) (*Client, error) {
	p, base, _, err := sdkclient.Build(baseURL, sdkclient.API{
		DecodeError: apierror.DecodeBankError,
		Operations:  operations,
	}, opts)
	if err != nil {
		return nil, err
	}
	raw, err := newRawClient(base, withRawHTTPClient(p))
	if err != nil {
		return nil, err
	}
	return &Client{raw: raw}, nil
}

// HealthCheck checks connectivity to the service.
func (c *Client) HealthCheck(ctx context.Context) (*HealthCheckResponse, error) {
	return sdkclient.JSON[HealthCheckResponse](c.raw.CheckHealth(ctx, nil))
}

// VerifyAccount sends inq wrapped in the service's envelopes and returns the result record.
// Business outcomes (errorCode, conditionCode, primaryStatusCode, match codes) come back in the
// Result of a 200; HTTP failures are typed errors (*Error unwrapping to *BankError).
func (c *Client) VerifyAccount(ctx context.Context, inq Inquiry) (*Result, error) {
	body := VerifyAccountRequest{AccountValidationRequest: AccountValidationRequest{AOARequest: AOARequest{Inquiry: inq}}}
	res, err := sdkclient.JSON[VerifyAccountResponse](c.raw.VerifyAccount(ctx, nil, body))
	if err != nil {
		return nil, err
	}
	return &res.AccountValidationResponse.AOAResponse.Result, nil
}

// BankCredentials are what the bank issues at onboarding for its token flow.
type BankCredentials = transport.BankCredentials

// BankTokenSource returns a cached, refreshing token source for the bank's client-credentials
// flow (POST {baseURL}/oauth/v1/token over mutual TLS). Pass it to WithTokenSource.
func BankTokenSource(ctx context.Context, baseURL string, cred BankCredentials, tlsConfig *tls.Config, hc *http.Client) (oauth2.TokenSource, error) {
	return transport.BankTokenSource(ctx, baseURL, cred, tlsConfig, hc)
}
