package validation

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/json"
	"net/http"

	"github.com/issuerkit/issuerkit-go/internal/sdkclient"
	"github.com/issuerkit/issuerkit-go/internal/transport"
	"golang.org/x/oauth2"
)

// HealthCheck checks connectivity to the service.
func (c *Client) HealthCheck(ctx context.Context) (*HealthCheckResponse, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/accounts/validations/v1/healthCheck", nil)
	if err != nil {
		return nil, err
	}
	return sdkclient.JSON[HealthCheckResponse](c.pipeline.Do(req))
}

// VerifyAccount sends inq wrapped in the service's envelopes and returns the result record.
// Business outcomes (errorCode, conditionCode, primaryStatusCode, match codes) come back in the
// Result of a 200; HTTP failures are typed errors (*Error unwrapping to *BankError).
func (c *Client) VerifyAccount(ctx context.Context, inq Inquiry) (*Result, error) {
	body := VerifyAccountRequest{AccountValidationRequest: AccountValidationRequest{AOARequest: AOARequest{Inquiry: inq}}}
	b, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/accounts/validations/v1/verifyAccount", bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := sdkclient.JSON[VerifyAccountResponse](c.pipeline.Do(req))
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
